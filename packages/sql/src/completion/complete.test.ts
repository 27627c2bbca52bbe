import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { complete, completeJson, completePage } from './complete.js';
import { cursorContext } from './context.js';
import { namedTables } from './named-tables.js';
import { matchScore } from './match.js';
import type { SchemaCatalog } from '../catalog/catalog.js';

function bigCatalog(n: number): SchemaCatalog {
  const tables = [];
  for (let i = 0; i < n; i++) tables.push({ name: `tbl_${String(i).padStart(5, '0')}`, columns: [{ name: 'id' }, { name: `c${i}` }] });
  tables.push({ name: 'order_items', columns: [{ name: 'id' }] }, { name: 'orders', columns: [{ name: 'id' }] }, { name: 'line_items', columns: [{ name: 'id' }] });
  return { tables, views: [{ name: 'orders_view', columns: [] }] };
}

describe('matching', () => {
  it('ranks prefix over word start over fuzzy, shorter first', () => {
    expect(matchScore('orders', 'ord')).toBeGreaterThan(matchScore('order_items', 'ord'));
    expect(matchScore('order_items', 'ite')).toBeGreaterThan(matchScore('it_xxxx_ems', 'itm'));
    expect(matchScore('order_items', 'ordit')).toBeGreaterThan(0);
    expect(matchScore('users', 'usr')).toBeGreaterThan(0);
    expect(matchScore('order_items', 'xyz')).toBe(-1);
    expect(matchScore('order_items', 'rdit')).toBe(-1); // fuzzy matches are anchored at the first character
    expect(matchScore('ab', 'abc')).toBe(-1);
  });
});

describe('large schemas', () => {
  const catalog = bigCatalog(5000);
  const d = dialectFor('POSTGRESQL');
  it('returns every table after FROM (the client filters the cached list) and finds by prefix, word start and fuzzily', () => {
    expect(complete({ beforeSql: 'SELECT * FROM ', catalog, dialect: d }).filter((i) => i.kind === 'table' || i.kind === 'view')).toHaveLength(5004);
    const byPrefix = complete({ beforeSql: 'SELECT * FROM tbl_0499', catalog, dialect: d }).map((i) => i.label);
    expect(byPrefix.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, k) => `tbl_0499${k}`));
    expect(complete({ beforeSql: 'SELECT * FROM items', catalog, dialect: d }).map((i) => i.label)).toEqual(['line_items', 'order_items']);
    expect(complete({ beforeSql: 'SELECT * FROM ordit', catalog, dialect: d })[0]!.label).toBe('order_items');
    expect(complete({ beforeSql: 'INSERT INTO orders', catalog, dialect: d }).map((i) => i.label)).toEqual(['orders', 'order_items']);
  });

  it('completeJson is the JSON of complete', () => {
    const cases = [['SELECT * FROM ', ''], ['SELECT * FROM tbl_01', ''], ['SELECT * FROM orders o JOIN ', ''], ['SELECT o.', ' FROM orders o'],
      ['WITH orders AS (SELECT 1 AS x) SELECT * FROM ', ''], ['', ''], ["SELECT 'x", '']];
    for (const [b, a] of cases) {
      const input = { beforeSql: b!, afterSql: a!, catalog, dialect: d };
      expect(JSON.parse(completeJson(input)), b).toEqual(complete(input));
    }
  });
});

describe('paged completion', () => {
  const catalog = bigCatalog(5000);
  const d = dialectFor('POSTGRESQL');
  const page = (beforeSql: string, afterSql = '') => completePage({ beforeSql, afterSql, catalog, dialect: d }, 500);
  it('caps a long table list, keeps the small groups, and narrows as the prefix grows', () => {
    const all = page('SELECT * FROM ');
    expect([all.items.filter((i) => i.kind === 'table' || i.kind === 'view').length, all.incomplete]).toEqual([500, true]);
    expect(all.items.some((i) => i.kind === 'keyword' && i.label === 'LATERAL')).toBe(true);
    expect(page('SELECT * FROM tbl_0').incomplete).toBe(true);
    const narrow = page('SELECT * FROM tbl_049');
    expect(narrow.incomplete).toBe(false);
    expect(narrow.items.slice(0, 10).map((i) => i.label)).toEqual(Array.from({ length: 10 }, (_, k) => `tbl_0490${k}`));
    expect(page('SELECT o.', ' FROM orders o')).toEqual({ items: complete({ beforeSql: 'SELECT o.', afterSql: ' FROM orders o', catalog, dialect: d }), incomplete: false });
  });

  it('a growing prefix (searched within the last matches) finds what a fresh search finds', () => {
    const fresh = (p: string) => complete({ beforeSql: `SELECT * FROM ${p}`, catalog: bigCatalog(5000), dialect: d });
    for (const p of ['t', 'tb', 'tbl_04', 'tbl_049', 'o', 'or', 'ordit', 'it', 'ite', 'items', 'x', 'xy']) {
      expect(complete({ beforeSql: `SELECT * FROM ${p}`, catalog, dialect: d }), p).toEqual(fresh(p));
    }
  });
});

describe('tables a statement names', () => {
  const d = dialectFor('POSTGRESQL');
  const named = (before: string, after = '', bound = 'public') => namedTables(cursorContext(before, after, d), bound);
  it('lists the tables of the statement at the cursor, not CTEs, other schemas or other statements', () => {
    expect(named('SELECT t.', ' FROM t_17001 t JOIN public.orders o ON o.id = t.id')).toEqual(['t_17001', 'orders']);
    expect(named('WITH w AS (SELECT * FROM a) SELECT * FROM w JOIN b ON ', '')).toEqual(['a', 'b']);
    expect(named('SELECT * FROM other.x WHERE ', '; SELECT * FROM y')).toEqual([]);
    expect(named('SELECT customers.', '')).toEqual(['customers']);
  });
});
