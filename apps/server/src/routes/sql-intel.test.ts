import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, HoverInfo, ParserResult } from '@askdb/contracts';
import { pgSourceInput, runOnPgDatabase, testApp, PG_URL, type TestApp } from '../test/helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
const dbName = `askdb_sqlintel_${run}`;

describe('SQL intelligence routes', () => {
  let t: TestApp;
  let ds: number;
  let lite: number;
  let pgUp = true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-sqlintel-'));
  const admin = new pg.Client({ connectionString: PG_URL });
  const bound = () => ({ dataSourceId: ds, databaseName: dbName, schemaName: 'public' });
  const tip = async (text: string, extra: Record<string, unknown> = {}) => {
    const at = text.indexOf('|');
    const r = await t.json<CompletionItem[]>('POST', '/api/sql_parser/context/tip', { consoleId: 1, ...bound(), beforeSql: text.slice(0, at), afterSql: text.slice(at + 1), ...extra });
    expect(r.status).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    try {
      await admin.connect();
    } catch (e) {
      if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
      pgUp = false;
      return;
    }
    await admin.query(`CREATE DATABASE ${dbName}`);
    await runOnPgDatabase(dbName, `
      CREATE TABLE customers (id bigint PRIMARY KEY, name varchar(120) NOT NULL, email text);
      COMMENT ON TABLE customers IS 'People who buy';
      COMMENT ON COLUMN customers.email IS 'Where receipts go';
      CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers (id), status text, total numeric(12,2));
      CREATE TABLE order_items (id bigint PRIMARY KEY, order_id bigint REFERENCES orders (id), quantity int);
      CREATE TABLE "MixedCase" (id int PRIMARY KEY, "Label" text);
      CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;
      CREATE FUNCTION order_count(c bigint) RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM orders WHERE customer_id = c $$;
      CREATE SCHEMA extra;
      CREATE TABLE extra.audit_log (id int PRIMARY KEY, note text);`);
    const file = path.join(dir, 'lite.db');
    const db = new Database(file);
    db.exec('CREATE TABLE "order lines" (id INTEGER PRIMARY KEY, qty INTEGER); CREATE TABLE products (id INTEGER PRIMARY KEY, title TEXT);');
    db.close();
    t = await testApp({ demo: false });
    ds = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg intel', dbName))).body.data as number;
    lite = (await t.json('POST', '/api/connection/datasource/create', { alias: 'lite', type: 'SQLITE', filePath: file })).body.data as number;
    // Binding a console reads the catalog; the parser uses schema checks once it is in.
    await t.json('GET', `/api/sql_parser/get_keywords?consoleId=1&dataSourceId=${ds}&databaseName=${dbName}&schemaName=public`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (pgUp) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('parser: statements, identifiers and markers for unknown names from the real schema', async ({ skip }) => {
    if (!pgUp) skip();
    const r = await t.json<ParserResult>('POST', '/api/sql_parser/context/parser', { consoleId: 1, ...bound(), sql: 'SELECT c.name, c.emial FROM customers c;\nSELECT * FROM ordrs;\nSELECT * FROM' });
    expect(r.status).toBe(200);
    const { sqlStatementList: st, markMessageList: marks } = r.body.data;
    expect(st.map((s) => [s.statementType, s.sqlStartRowNum])).toEqual([['valid', 1], ['valid', 2], ['invalid', 3]]);
    expect(st[0]!.identifiers).toContainEqual({ name: 'customers', type: 'table', alias: 'c' });
    expect(marks.map((m) => [m.message, m.startLineNum, m.startColNum, m.endColNum])).toEqual([
      ["Column 'emial' does not exist in 'c'", 1, 18, 23],
      ["Table 'ordrs' does not exist", 2, 15, 20],
      ["Expected a table name near 'FROM'", 3, 10, 14],
    ]);
    const zh = await t.json<ParserResult>('POST', '/api/sql_parser/context/parser', { consoleId: 1, ...bound(), sql: 'SELECT * FROM ordrs' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.data.markMessageList[0]!.message).toBe("表 'ordrs' 不存在");
  });

  it('parser: spec 01 §5 rules and the quick parser', async ({ skip }) => {
    if (!pgUp) skip();
    const empty = { sqlStatementList: [], markMessageList: [] };
    expect((await t.json('POST', '/api/sql_parser/context/parser', { consoleId: 1, sql: 'SELECT * FROM nowhere' })).body.data).toEqual(empty);
    expect((await t.json('POST', '/api/sql_parser/context/parser', { ...bound(), sql: '  ' })).body.data).toEqual(empty);
    expect((await t.json('POST', '/api/sql_parser/context/parser', { ...bound(), sql: 'SELECT 1;'.repeat(5556) })).body.data).toEqual(empty);
    const q = await t.json<ParserResult>('POST', '/api/sql_parser/context/quick_parser', { ...bound(), sql: 'SELECT * FROM nowhere; SELECT (' });
    expect(q.body.data.sqlStatementList.map((s) => s.statementType)).toEqual(['valid', 'invalid']);
    expect(q.body.data.markMessageList).toHaveLength(1);
    expect((await t.json('POST', '/api/sql_parser/context/parser', { dataSourceId: 999_999, sql: 'SELECT 1' })).status).toBe(404);
  });

  it('get_keywords: databases, schemas, tables with comments, views, functions', async ({ skip }) => {
    if (!pgUp) skip();
    const r = await t.json<any>('GET', `/api/sql_parser/get_keywords?consoleId=1&dataSourceId=${ds}&databaseName=${dbName}&schemaName=public`);
    const d = r.body.data;
    expect(d.databases).toContainEqual({ databaseName: dbName, datasourceName: 'pg intel' });
    expect(d.schemas.map((s: any) => s.schemaName)).toEqual(expect.arrayContaining(['public', 'extra']));
    expect(d.tables).toContainEqual({ tableName: 'customers', schemaName: 'public', databaseName: dbName, datasourceName: 'pg intel', tableAlias: null, comment: 'People who buy' });
    expect(d.views.map((v: any) => v.viewName)).toEqual(['big_orders']);
    expect(d.functions).toContainEqual(expect.objectContaining({ name: 'order_count', parameters: [expect.objectContaining({ parameterType: 'bigint' })] }));
  });

  it('tip: columns, tables, foreign-key joins, schema members and quoting from the real schema', async ({ skip }) => {
    if (!pgUp) skip();
    expect((await tip('SELECT o.| FROM orders o')).slice(0, 4).map((i) => i.label)).toEqual(['id', 'customer_id', 'status', 'total']);
    const joins = await tip('SELECT * FROM orders o JOIN |');
    expect(joins.slice(0, 2).map((i) => [i.kind, i.label])).toEqual([['join clause', 'customers c ON c.id = o.customer_id'], ['join clause', 'order_items oi ON oi.order_id = o.id']]);
    const tables = await tip('SELECT * FROM |');
    expect(tables.filter((i) => i.kind === 'table' || i.kind === 'view').map((i) => i.label)).toEqual(['big_orders', 'customers', 'MixedCase', 'order_items', 'orders']);
    expect(tables.find((i) => i.label === 'MixedCase')!.insertText).toBe('"MixedCase"');
    expect(tables.find((i) => i.label === 'customers')!.detail).toBe('People who buy');
    expect(tables.filter((i) => i.kind === 'schema').map((i) => i.label)).toEqual(expect.arrayContaining(['extra', 'public']));
    expect((await tip('SELECT * FROM extra.|')).map((i) => i.label)).toEqual(['audit_log']);
    expect((await tip('SELECT * FROM |', { needFullName: true })).find((i) => i.label === 'orders')!.insertText).toBe('public.orders');
    expect((await tip('SELECT * FROM ordit|'))[0]!.label).toBe('order_items');
    expect((await tip('|', { keywordCase: 'lower' }))[0]!.label).toBe('select');
    const noConsole = await t.json('POST', '/api/sql_parser/context/tip', { ...bound(), beforeSql: 'SELECT * FROM ', afterSql: '' });
    expect(noConsole.body).toEqual({ success: true, data: [] });
    expect((await t.json('POST', '/api/sql_parser/context/tip', { consoleId: 1, dataSourceId: 999_999, beforeSql: '' })).status).toBe(404);
  });

  it('tip: a SQLite file data source, with its own quoting', async ({ skip }) => {
    if (!pgUp) skip();
    const r = await t.json<CompletionItem[]>('POST', '/api/sql_parser/context/tip', { consoleId: 1, dataSourceId: lite, databaseName: 'main', beforeSql: 'SELECT * FROM ', afterSql: '' });
    const items = r.body.data.filter((i) => i.kind === 'table');
    expect(items.map((i) => [i.label, i.insertText])).toEqual([['order lines', '"order lines"'], ['products', 'products']]);
  });

  it('hover: table with DDL from the driver, column with type and comment, function help', async ({ skip }) => {
    if (!pgUp) skip();
    const h = async (stmt: string, word: string) => (await t.json<HoverInfo[]>('POST', '/api/sql_parser/context/hover', { consoleId: 1, ...bound(), sql: stmt, currentStatement: stmt, hoverIdentifier: word })).body.data;
    const [table] = await h('SELECT * FROM customers c', 'customers');
    expect(table).toMatchObject({ kind: 'table', name: 'customers', comment: 'People who buy' });
    expect(table!.ddl).toMatch(/CREATE TABLE .*customers/i);
    expect(table!.markdown).toContain('```sql');
    const [col] = await h('SELECT c.email FROM customers c', 'email');
    expect(col).toMatchObject({ kind: 'column', name: 'customers.email', dataType: 'text', comment: 'Where receipts go' });
    const [fn] = await h("SELECT substring(name, 1, 2) FROM customers", 'substring');
    expect(fn!.markdown).toContain('SUBSTRING(str, pos[, len])');
    expect(await h('SELECT * FROM customers WHERE', 'customers')).toEqual([]);
  });

  // Tips while a big schema's catalog is still being read: services/catalog/staged-tips.test.ts.

  it('format: dialect and keyword case, original text on failure', async () => {
    const f = async (body: object) => (await t.json<string>('POST', '/api/sql/format', body)).body.data;
    expect(await f({ sql: 'select id from t where a=1', dbType: 'POSTGRESQL', keywordCase: 'upper' })).toBe('SELECT\n  id\nFROM\n  t\nWHERE\n  a = 1');
    expect(await f({ sql: "select 'open", dbType: 'MYSQL' })).toBe("select 'open");
  });

  it('format with strict: a text that cannot be formatted is the spec error, in the user language', async () => {
    const res = await t.json('POST', '/api/sql/format', { sql: 'select ((( from where', dbType: 'POSTGRESQL', strict: true }, { 'accept-language': 'zh-CN' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'FORMAT_FAILED', errorMessage: '格式化失败，请检查 SQL 是否正确' });
    const ok = await t.json<string>('POST', '/api/sql/format', { sql: 'select 1', dbType: 'POSTGRESQL', strict: true });
    expect(ok.body.data).toBe('select\n  1');
  });
});
