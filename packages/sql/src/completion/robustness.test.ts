import { describe, expect, it, vi } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { complete, completeJson } from './complete.js';
import { hover } from '../hover/hover.js';
import { formatSql } from '../format/format.js';
import { shopCatalog } from '../../test/shop-catalog.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('completion, hover and format on hostile input', () => {
  const catalog = shopCatalog();
  it('random token soup with the cursor anywhere never throws and always returns a list', () => {
    const r = rng(7);
    const vocab = ['SELECT', 'FROM', 'WHERE', 'JOIN', 'ON', '(', ')', ',', ';', '.', "'x", '"y', 'orders', 'o', 'customers', 'c', 'INSERT', 'INTO',
      'VALUES', 'UPDATE', 'SET', '=', 'AND', 'WITH', 'AS', 'CASE', 'WHEN', 'END', 'BEGIN', '/*', '*/', '--', '\n', '$$', 'GO', 'DELIMITER', '*', 'ORDER', 'BY'];
    for (const type of ['MYSQL', 'POSTGRESQL', 'SQLSERVER', 'SQLITE', 'ORACLE']) {
      const dialect = dialectFor(type);
      for (let n = 0; n < 250; n++) {
        const parts: string[] = [];
        const len = 1 + Math.floor(r() * 40);
        for (let k = 0; k < len; k++) parts.push(vocab[Math.floor(r() * vocab.length)]!);
        const text = parts.join(' ');
        const at = Math.floor(r() * (text.length + 1));
        const input = { beforeSql: text.slice(0, at), afterSql: text.slice(at), catalog, dialect };
        const items = complete(input);
        expect(Array.isArray(items), text).toBe(true);
        expect(JSON.parse(completeJson(input))).toEqual(items);
        expect(Array.isArray(hover({ currentStatement: text, hoverIdentifier: 'orders', dialect, catalog }))).toBe(true);
      }
    }
  });

  it('deep nesting, binary garbage and megabytes around the cursor', () => {
    const d = dialectFor('POSTGRESQL');
    const deep = 'SELECT * FROM orders o WHERE ' + '('.repeat(50_000);
    expect(complete({ beforeSql: deep, afterSql: ')'.repeat(50_000), catalog, dialect: d })).toEqual(expect.any(Array));
    const subq = 'SELECT * FROM ' + '(SELECT * FROM '.repeat(3_000);
    expect(complete({ beforeSql: subq, afterSql: '', catalog, dialect: d })).toEqual(expect.any(Array));
    let junk = '';
    const r = rng(3);
    for (let i = 0; i < 100_000; i++) junk += String.fromCharCode(Math.floor(r() * 0xffff));
    expect(complete({ beforeSql: junk, afterSql: junk, catalog, dialect: d })).toEqual(expect.any(Array));
    const big = 'SELECT a FROM t WHERE b = 1;\n'.repeat(100_000);
    const t0 = Date.now();
    const items = complete({ beforeSql: big + 'SELECT o.', afterSql: ' FROM orders o;\n' + big, catalog, dialect: d });
    expect(items.slice(0, 2).map((i) => i.label)).toEqual(['id', 'customer_id']);
    expect(Date.now() - t0).toBeLessThan(15_000);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatSql(junk.slice(0, 5_000), 'MYSQL')).toEqual(expect.any(String));
    vi.restoreAllMocks();
  });
});
