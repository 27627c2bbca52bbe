import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { hover } from './hover.js';
import { shopCatalog } from '../../test/shop-catalog.js';

const shop = shopCatalog();
const h = (stmt: string, word: string, extra: Partial<Parameters<typeof hover>[0]> = {}) =>
  hover({ currentStatement: stmt, hoverIdentifier: word, dialect: dialectFor('MYSQL'), catalog: shop, databaseName: 'shop', ...extra });

describe('hover', () => {
  it('describes a table with comment, columns and DDL', () => {
    const [info] = h('SELECT * FROM customers c WHERE c.id = 1', 'customers');
    expect(info).toMatchObject({ kind: 'table', name: 'customers', comment: 'People who buy' });
    expect(info!.ddl).toMatch(/^CREATE TABLE customers/);
    expect(info!.markdown).toContain('| email | varchar(200) |');
    expect(info!.markdown).toContain('```sql\nCREATE TABLE customers');
  });

  it('resolves aliases to their table and columns to their type and comment', () => {
    expect(h('SELECT * FROM customers c WHERE c.id = 1', 'c')[0]).toMatchObject({ kind: 'table', name: 'customers' });
    const [col] = h('SELECT o.total FROM orders o', 'total');
    expect(col).toMatchObject({ kind: 'column', name: 'orders.total', dataType: 'decimal(12,2)' });
    const [price] = h('SELECT price FROM products', '`price`');
    expect(price).toMatchObject({ kind: 'column', name: 'products.price', comment: 'Unit price' });
    expect(h('SELECT amount FROM order_summary', 'order_summary')[0]).toMatchObject({ kind: 'view' });
  });

  it('explains functions in the requested language', () => {
    const [f] = h("SELECT SUBSTRING(name, 1, 3) FROM customers", 'substring');
    expect(f!.kind).toBe('function');
    expect(f!.markdown).toContain('SUBSTRING(str, pos[, len])');
    expect(f!.markdown).toContain("SUBSTRING('database', 5, 4) → 'base'");
    const [zh] = h("SELECT SUBSTRING(name, 1, 3) FROM customers", 'SUBSTRING', { language: 'zh-CN' });
    expect(zh!.markdown).toContain('从指定位置截取字符串的一部分');
    expect(zh!.markdown).toContain('可选');
    const [udf] = h('SELECT order_total(id) FROM orders', 'order_total');
    expect(udf).toMatchObject({ kind: 'function', name: 'order_total', comment: 'Sum of an order' });
  });

  it('knows schemas and databases of the data source', () => {
    const pg = { ...shop, schemaName: 'app' };
    const [s] = hover({ currentStatement: 'SELECT * FROM app.customers', hoverIdentifier: 'app', dialect: dialectFor('POSTGRESQL'), catalog: pg, schemaName: 'app', dataSourceName: 'Local PG' });
    expect(s).toMatchObject({ kind: 'schema', name: 'app' });
    expect(s!.markdown).toContain('Local PG');
  });

  it('follows the spec preconditions', () => {
    expect(h('SELECT * FROM customers', '')).toEqual([]);
    expect(h('', 'customers')).toEqual([]);
    expect(h('SELECT * FROM customers WHERE', 'customers')).toEqual([]); // invalid statement
    expect(h('SELECT * FROM customers', 'orders')).toEqual([]); // not used by the statement
    expect(h('SELECT nope FROM customers', 'nope')).toEqual([]); // not in the schema
  });

  it('describes a database named as a qualifier: the first of three parts, and SQLite main (spec 01 §2 hover)', () => {
    const [pg] = hover({ currentStatement: 'SELECT * FROM hspec_pg.app.t1', hoverIdentifier: 'hspec_pg', dialect: dialectFor('POSTGRESQL'), databaseName: 'hspec_pg', schemaName: 'app', dataSourceName: 'PG local' });
    expect(pg).toMatchObject({ kind: 'database', name: 'hspec_pg' });
    expect(pg!.markdown).toContain('Data source: PG local');
    const [lite] = hover({ currentStatement: 'SELECT * FROM main.customers', hoverIdentifier: 'main', dialect: dialectFor('SQLITE'), databaseName: 'main', dataSourceName: 'Demo', language: 'zh-CN' });
    expect(lite).toMatchObject({ kind: 'database', name: 'main' });
    expect(lite!.markdown).toContain('数据库');
    // A word that is not a known database or schema says nothing.
    expect(hover({ currentStatement: 'SELECT * FROM other.app.t1', hoverIdentifier: 'other', dialect: dialectFor('POSTGRESQL'), databaseName: 'hspec_pg' })).toEqual([]);
  });
});
