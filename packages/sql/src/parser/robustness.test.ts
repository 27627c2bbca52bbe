import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { analyzeStatement, parseSql } from './parse-script.js';
import { shopCatalog } from '../../test/shop-catalog.js';

const TYPES = ['MYSQL', 'POSTGRESQL', 'SQLSERVER', 'SQLITE', 'ORACLE', 'DUCKDB', 'CLICKHOUSE'];

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('bad input never throws or hangs', () => {
  it('unterminated strings, identifiers and comments give markers', () => {
    for (const [sql, type, msg] of [
      ["SELECT 'open", 'POSTGRESQL', /Unterminated string/],
      ['SELECT "open', 'POSTGRESQL', /Unterminated quoted name/],
      ['SELECT `open', 'MYSQL', /Unterminated quoted name/],
      ['SELECT [open', 'SQLSERVER', /Unterminated quoted name/],
      ['SELECT $$ open', 'POSTGRESQL', /Unterminated string/],
      ['SELECT 1 /* open /* nested */', 'POSTGRESQL', /Unterminated comment/],
    ] as const) {
      const r = parseSql(sql, dialectFor(type));
      expect(r.markMessageList.map((m) => m.message).join(), sql).toMatch(msg);
    }
  });

  it('deeply nested parentheses give a marker, not a stack overflow', () => {
    for (const depth of [1_000, 100_000]) {
      const sql = 'SELECT ' + '('.repeat(depth) + '1' + ')'.repeat(depth);
      const { analysis } = analyzeStatement(sql, dialectFor('POSTGRESQL'));
      expect(analysis.errors.map((e) => e.code)).toEqual(['tooDeep']);
    }
    for (const chain of ['- '.repeat(100_000), 'NOT '.repeat(100_000), 'CASE WHEN '.repeat(50_000), 'EXISTS (SELECT '.repeat(20_000)]) {
      expect(() => analyzeStatement('SELECT ' + chain + '1', dialectFor('MYSQL'))).not.toThrow();
    }
    const open = 'SELECT * FROM t WHERE ' + '('.repeat(30_000);
    expect(() => parseSql(open, dialectFor('MYSQL'))).not.toThrow();
    const subqueries = 'SELECT * FROM ' + '(SELECT * FROM '.repeat(5_000) + 't' + ') x'.repeat(5_000);
    expect(analyzeStatement(subqueries, dialectFor('MYSQL')).analysis.errors.map((e) => e.code)).toEqual(['tooDeep']);
  });

  it('10 MB of text is skipped by the parser rule and survives direct analysis', () => {
    const big = 'SELECT a, b FROM t WHERE c = 1; '.repeat(330_000);
    expect(big.length).toBeGreaterThan(10_000_000);
    const t0 = Date.now();
    expect(parseSql(big, dialectFor('MYSQL'), { catalog: shopCatalog() })).toEqual({ sqlStatementList: [], markMessageList: [] });
    expect(Date.now() - t0).toBeLessThan(1_000);
    const one = 'SELECT ' + 'a + '.repeat(200_000) + '1 FROM t';
    const { analysis } = analyzeStatement(one, dialectFor('MYSQL'));
    expect(analysis.errors).toEqual([]);
  });

  it('binary garbage and random token soup terminate with at most markers', () => {
    const r = rng(42);
    let garbage = '';
    for (let i = 0; i < 40_000; i++) garbage += String.fromCharCode(Math.floor(r() * 0xffff));
    const vocab = ['SELECT', 'FROM', 'WHERE', '(', ')', ',', ';', "'x'", '"y"', '`z`', '[w]', 'CASE', 'WHEN', 'THEN', 'END', 'BEGIN', 'AND',
      'OR', 'NOT', 'IN', 'BETWEEN', '=', '::', '.', '*', 'JOIN', 'ON', 'GROUP', 'BY', 'ORDER', 'LIMIT', 'WITH', 'AS', 'UNION', 'INSERT',
      'INTO', 'VALUES', 'UPDATE', 'SET', 'DELETE', '$$', '/*', '*/', '--', '\n', 'a', 'b.c', '1', '?', '@v', 'OVER', 'CAST', 'DELIMITER', 'GO', '/'];
    for (const type of TYPES) {
      const d = dialectFor(type);
      expect(() => parseSql(garbage, d, { catalog: shopCatalog() })).not.toThrow();
      for (let n = 0; n < 300; n++) {
        const len = 1 + Math.floor(r() * 60);
        const parts: string[] = [];
        for (let k = 0; k < len; k++) parts.push(vocab[Math.floor(r() * vocab.length)]!);
        const sql = parts.join(' ');
        const res = parseSql(sql, d, { catalog: shopCatalog() });
        for (const m of res.markMessageList) {
          expect(m.startLineNum, sql).toBeGreaterThanOrEqual(1);
          expect(m.startColNum, sql).toBeGreaterThanOrEqual(1);
          expect(m.message, sql).not.toMatch(/\{token\}|undefined/);
        }
      }
    }
  });

  it('mixed dialect syntax gives markers, not exceptions', () => {
    const mixed = "SELECT TOP 5 `a`, [b], \"c\" FROM t LIMIT 3 OFFSET 1 ROWS; SELECT $1::int FROM dual CONNECT BY PRIOR a = b; DELIMITER //";
    for (const type of TYPES) expect(() => parseSql(mixed, dialectFor(type))).not.toThrow();
  });
});
