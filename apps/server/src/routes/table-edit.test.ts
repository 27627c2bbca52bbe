import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEditModel, TableEditModelResult } from '@askdb/contracts';
import { pgSourceInput, testApp, PG_URL, type TestApp } from '../test/helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const requireServices = process.env.ASKDB_REQUIRE_SERVICES === '1';

interface Place { dataSourceId: number; databaseName?: string; schemaName?: string }
type Statement = { success: boolean; message: string; originalSql: string; dataList: (string | null)[][] };

let t: TestApp;
const createSource = async (body: object) => (await t.json('POST', '/api/connection/datasource/create', body)).body.data as number;
const model = (p: Place, tableName?: string, headers?: Record<string, string>) => t.json<TableEditModelResult>('POST', '/api/rdb/table/edit_model', { ...p, tableName }, headers);
const editSql = (p: Place, body: object, headers?: Record<string, string>) => t.json<{ statements: string[] }>('POST', '/api/rdb/table/edit_sql', { ...p, ...body }, headers);
const table = async (p: Place, name: string) => {
  const r = await model(p, name);
  expect(r.status, r.body.errorMessage).toBe(200);
  return r.body.data.table!;
};
/** The statements run as the editor runs them: one script, stopping at the first error. */
async function execute(p: Place, statements: string[]): Promise<Statement[]> {
  const r = await t.json<Statement[]>('POST', '/api/rdb/dml/execute', { ...p, sql: statements.map((s) => `${s};`).join('\n'), errorContinue: false });
  expect(r.status).toBe(200);
  return r.body.data;
}
async function apply(p: Place, statements: string[]): Promise<void> {
  const results = await execute(p, statements);
  expect(results.filter((x) => !x.success).map((x) => x.message)).toEqual([]);
  expect(results).toHaveLength(statements.length);
}
const rename = (m: TableEditModel, from: string, to: string): TableEditModel => ({ ...m, columns: m.columns.map((c) => (c.name === from ? { ...c, name: to } : c)) });

beforeAll(async () => {
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('table editor endpoints on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-table-edit-'));
  const file = path.join(dir, 'shop.sqlite');
  let p: Place;

  beforeAll(async () => {
    const db = new Database(file);
    db.exec(`
      CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL DEFAULT 'untitled',
        owner_id INTEGER REFERENCES owners (id) ON DELETE CASCADE,
        code TEXT UNIQUE
      );
      CREATE INDEX notes_title ON notes (title);
      INSERT INTO owners VALUES (1, 'Ada');
      INSERT INTO notes (title, owner_id, code) VALUES ('first', 1, 'A1');`);
    db.close();
    p = { dataSourceId: await createSource({ alias: 'table edit sqlite', type: 'SQLITE', filePath: file }), schemaName: 'main' };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a table as the editor model, with what the editor offers for SQLite', async () => {
    const r = await model(p, 'notes');
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m).toMatchObject({ engine: 'sqlite', comments: false, tableOptions: null, options: null, indexKinds: ['INDEX', 'UNIQUE'] });
    expect(m.columnTypes).toContain('INTEGER');
    expect(m.newKeyColumn).toMatchObject({ name: 'id', type: 'INTEGER', autoIncrement: true, primaryKey: true });
    expect(m.table!.columns.map((c) => [c.name, c.type, c.primaryKey, c.autoIncrement, c.nullable, c.default])).toEqual([
      ['id', 'INTEGER', true, true, false, null],
      ['title', 'TEXT', false, false, false, "'untitled'"],
      ['owner_id', 'INTEGER', false, false, true, null],
      ['code', 'TEXT', false, false, true, null],
    ]);
    expect(m.table!.indexes).toEqual([{ name: 'notes_title', unique: false, method: null, where: null, columns: [{ name: 'title', expression: null, order: 'ASC' }] }]);
    expect(m.table!.constraints!.foreignKeys).toMatchObject([{ columns: ['owner_id'], refTable: 'owners', refColumns: ['id'], onDelete: 'CASCADE' }]);
    expect(m.table!.constraints!.uniques).toEqual([{ name: null, columns: ['code'] }]);
  });

  it('an unchanged table needs no statements', async () => {
    const current = await table(p, 'notes');
    expect((await editSql(p, { original: current, desired: current })).body.data.statements).toEqual([]);
  });

  it('a rebuild (changed type) keeps rows, the foreign key and the unique constraint the editor does not show', async () => {
    const current = await table(p, 'notes');
    const desired = rename({ ...current, columns: current.columns.map((c) => (c.name === 'owner_id' ? { ...c, type: 'BIGINT' } : c)) }, 'title', 'heading');
    // What the web editor sends: no constraints, no key name; the server keeps them from the original.
    delete desired.constraints;
    delete desired.primaryKeyName;
    const r = await editSql(p, { original: current, desired, columnRenames: { title: 'heading' } });
    expect(r.status).toBe(200);
    const statements = r.body.data.statements;
    expect(statements.join('\n')).toMatch(/CREATE TABLE .*notes/);
    await apply(p, statements);

    const after = await table(p, 'notes');
    expect(after.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['id INTEGER', 'heading TEXT', 'owner_id BIGINT', 'code TEXT']);
    expect(after.constraints!.foreignKeys).toMatchObject([{ columns: ['owner_id'], refTable: 'owners', onDelete: 'CASCADE' }]);
    expect(after.constraints!.uniques).toEqual([{ name: null, columns: ['code'] }]);
    expect(after.indexes.map((i) => i.name)).toEqual(['notes_title']);
    const [rows] = await execute(p, ['SELECT id, heading, owner_id, code FROM notes']);
    expect(rows!.dataList).toEqual([['1', 'first', '1', 'A1']]);
    const [dup] = await execute(p, ["INSERT INTO notes (heading, code) VALUES ('again', 'A1')"]);
    expect(dup!.success).toBe(false);
    expect((await editSql(p, { original: after, desired: after })).body.data.statements).toEqual([]);
  });

  it('creates a table from the starter columns; the new table reads back as it was asked for', async () => {
    const offer = (await model(p)).body.data;
    expect(offer.table).toBeNull();
    const desired: TableEditModel = {
      name: 'tags', comment: null,
      columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'label', nullable: false }, { ...offer.newColumn, name: 'done', type: 'BOOLEAN', default: '0' }],
      indexes: [{ name: 'tags_label', unique: true, method: null, columns: [{ name: 'label' }] }],
    };
    const r = await editSql(p, { original: null, desired });
    expect(r.body.data.statements).toEqual([
      'CREATE TABLE tags (\n  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,\n  label TEXT NOT NULL,\n  done BOOLEAN DEFAULT 0\n)',
      'CREATE UNIQUE INDEX tags_label ON tags (label)',
    ]);
    await apply(p, r.body.data.statements);
    const created = await table(p, 'tags');
    expect(created.columns.map((c) => c.name)).toEqual(['id', 'label', 'done']);
    expect(created.indexes).toMatchObject([{ name: 'tags_label', unique: true }]);
  });

  it('says what is wrong, in the user\'s language', async () => {
    const offer = (await model(p)).body.data;
    const desired = { name: '', comment: null, columns: [offer.newKeyColumn, { ...offer.newKeyColumn, primaryKey: false, autoIncrement: false }], indexes: [] };
    const en = await editSql(p, { desired });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAMS', errorMessage: 'Give the table a name. Two columns are named id.' });
    expect((await editSql(p, { desired }, { 'accept-language': 'ja-JP' })).body.errorMessage).toBe('テーブル名を入力してください。 id という名前の列が 2 つあります。');
    const opts = await editSql(p, { desired: { ...desired, name: 'x', columns: [offer.newKeyColumn] }, tableOptions: { engine: 'InnoDB' } }, { 'accept-language': 'zh-CN' });
    expect(opts.status).toBe(400);
    expect(opts.body.errorMessage).toBe('表选项（引擎、字符集、排序规则、自增值）仅适用于 MySQL 系列数据库。');
    const shape = await editSql(p, { desired: { name: 'x', columns: 'id' } });
    expect(shape.status).toBe(400);
    expect(shape.body.errorCode).toBe('INVALID_PARAMS');
    const missing = await model(p, 'no_such_table');
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessage).toBe('Table no_such_table was not found.');
  });

  it('refuses engines without DDL support with a clear message', async () => {
    const redis = await createSource({ alias: 'table edit redis', type: 'REDIS', host: '127.0.0.1', port: 6379 });
    const r = await model({ dataSourceId: redis }, 'k', { 'accept-language': 'zh-CN' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'UNSUPPORTED', errorMessage: '表编辑器暂不支持 REDIS。' });
    const s = await editSql({ dataSourceId: redis }, { desired: { name: 'x', comment: null, columns: [], indexes: [] } });
    expect(s.body).toMatchObject({ errorCode: 'UNSUPPORTED', errorMessage: 'The table editor does not support REDIS yet.' });
  });
});

describe('table editor endpoints on PostgreSQL', () => {
  const dbName = `askdb_table_edit_${run}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let p: Place;
  let up = true;

  beforeAll(async () => {
    try {
      await admin.connect();
    } catch (e) {
      if (requireServices) throw e;
      up = false;
      return;
    }
    await admin.query(`CREATE DATABASE ${dbName}`);
    const ds = await createSource(pgSourceInput('table edit pg', dbName));
    p = { dataSourceId: ds, databaseName: dbName, schemaName: 'app' };
    await apply({ ...p, schemaName: 'public' }, [
      'CREATE SCHEMA app',
      'CREATE TABLE app.orders (id serial PRIMARY KEY, total numeric(12,2) NOT NULL DEFAULT 0, note varchar(40), ref text UNIQUE)',
      "COMMENT ON TABLE app.orders IS 'Customer orders'",
      "COMMENT ON COLUMN app.orders.total IS 'in euros'",
      'CREATE INDEX orders_note ON app.orders USING hash (note)',
      "INSERT INTO app.orders (total, note, ref) VALUES (9.5, 'first', 'R1')",
    ]);
  });
  afterAll(async () => {
    if (!up) return;
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('reads the table in its schema with comments, serial key, sizes and index method', async (ctx) => {
    if (!up) ctx.skip();
    const m = (await model(p, 'orders')).body.data;
    expect(m).toMatchObject({ engine: 'postgresql', comments: true, tableOptions: null, indexKinds: ['INDEX', 'UNIQUE'] });
    expect(m.indexMethods).toEqual(['btree', 'hash', 'gin', 'gist', 'brin']);
    expect(m.newColumn.type).toBe('varchar(255)');
    const tbl = m.table!;
    expect(tbl.comment).toBe('Customer orders');
    expect(tbl.primaryKeyName).toBe('orders_pkey');
    expect(tbl.columns.map((c) => [c.name, c.type, c.identity ?? null, c.default, c.comment])).toEqual([
      ['id', 'integer', 'serial', null, null],
      ['total', 'numeric(12,2)', null, '0', 'in euros'],
      ['note', 'character varying(40)', null, null, null],
      ['ref', 'text', null, null, null],
    ]);
    expect(tbl.indexes).toMatchObject([{ name: 'orders_note', method: 'hash', columns: [{ name: 'note' }] }]);
    expect(tbl.constraints!.uniques).toEqual([{ name: 'orders_ref_key', columns: ['ref'] }]);
  });

  it('alters what changed (renamed and resized column, comment, new identity column); the database then reads as asked', async (ctx) => {
    if (!up) ctx.skip();
    const current = (await model(p, 'orders')).body.data.table!;
    expect((await editSql(p, { original: current, desired: current })).body.data.statements).toEqual([]);
    const desired: TableEditModel = {
      ...rename(current, 'note', 'memo'),
      comment: 'Orders of customers',
      columns: [
        ...rename(current, 'note', 'memo').columns.map((c) => (c.name === 'memo' ? { ...c, type: 'varchar(80)', comment: 'free text' } : c)),
        { name: 'seq', type: 'bigint', nullable: false, default: null, comment: null, autoIncrement: true, primaryKey: false },
      ],
    };
    delete desired.constraints;
    delete desired.primaryKeyName;
    const r = await editSql(p, { original: current, desired, columnRenames: { note: 'memo' } });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements).toEqual([
      'ALTER TABLE app.orders RENAME COLUMN note TO memo',
      'ALTER TABLE app.orders ALTER COLUMN memo TYPE character varying(80) USING memo::character varying(80)',
      "COMMENT ON COLUMN app.orders.memo IS 'free text'",
      'ALTER TABLE app.orders ADD COLUMN seq bigint GENERATED BY DEFAULT AS IDENTITY NOT NULL',
      "COMMENT ON TABLE app.orders IS 'Orders of customers'",
    ]);
    await apply(p, r.body.data.statements);
    const after = (await model(p, 'orders')).body.data.table!;
    expect(after.comment).toBe('Orders of customers');
    expect(after.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['id integer', 'total numeric(12,2)', 'memo character varying(80)', 'ref text', 'seq bigint']);
    expect(after.indexes).toMatchObject([{ name: 'orders_note', method: 'hash', columns: [{ name: 'memo' }] }]);
    expect(after.constraints!.uniques).toEqual([{ name: 'orders_ref_key', columns: ['ref'] }]);
    expect((await editSql(p, { original: after, desired: after })).body.data.statements).toEqual([]);
  });

  it('creates a table with a quoted name, identity key and comments in the schema', async (ctx) => {
    if (!up) ctx.skip();
    const offer = (await model({ dataSourceId: p.dataSourceId, databaseName: dbName, schemaName: 'app' })).body.data;
    const desired: TableEditModel = {
      name: 'Invoices', comment: 'Billing documents',
      columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'amount', type: 'numeric(12,2)', nullable: false, comment: 'in euros' }],
      indexes: [],
    };
    const r = await editSql(p, { desired });
    expect(r.body.data.statements).toEqual([
      'CREATE TABLE app."Invoices" (\n  id integer GENERATED BY DEFAULT AS IDENTITY NOT NULL,\n  amount numeric(12,2) NOT NULL,\n  PRIMARY KEY (id)\n)',
      `COMMENT ON TABLE app."Invoices" IS 'Billing documents'`,
      `COMMENT ON COLUMN app."Invoices".amount IS 'in euros'`,
    ]);
    await apply(p, r.body.data.statements);
    const created = (await model(p, 'Invoices')).body.data.table!;
    expect(created.columns.map((c) => [c.name, c.identity ?? null, c.primaryKey])).toEqual([['id', 'by-default', true], ['amount', null, false]]);
  });
});

describe('table editor endpoints on MariaDB', () => {
  const db = `askdb_table_edit_${run}`;
  let p: Place;
  let up = true;

  beforeAll(async () => {
    const ds = await createSource({ alias: 'table edit mariadb', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) });
    const r = await t.json<Statement[]>('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: `CREATE DATABASE ${db}` });
    if (!r.body.success || !r.body.data[0]!.success) {
      if (requireServices) throw new Error(`MariaDB is not available: ${r.body.errorMessage ?? r.body.data?.[0]?.message}`);
      up = false;
      return;
    }
    p = { dataSourceId: ds, databaseName: db };
  });
  afterAll(async () => {
    if (up && p) await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: p.dataSourceId, sql: `DROP DATABASE IF EXISTS ${db}` });
  });

  it('creates a table with engine options, reads the options back and changes only the engine', async (ctx) => {
    if (!up) ctx.skip();
    const offer = (await model(p)).body.data;
    expect(offer).toMatchObject({ engine: 'mysql', comments: true, indexKinds: ['INDEX', 'UNIQUE', 'FULLTEXT'], indexMethods: ['BTREE', 'HASH'] });
    expect(offer.tableOptions!.engines).toContain('MyISAM');
    const desired: TableEditModel = { name: 'events', comment: null, columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'label' }], indexes: [] };
    const r = await editSql(p, { desired, tableOptions: { engine: 'MyISAM', charset: 'latin1', collation: '' } });
    expect(r.body.data.statements[0]).toMatch(/^CREATE TABLE events \(\n {2}id int NOT NULL AUTO_INCREMENT,[\s\S]*\) ENGINE=MyISAM DEFAULT CHARSET=latin1$/);
    await apply(p, r.body.data.statements);

    const read = (await model(p, 'events')).body.data;
    expect(read.options).toMatchObject({ engine: 'MyISAM', charset: 'latin1', collation: expect.stringMatching(/^latin1_/) });
    expect((await editSql(p, { original: read.table, desired: read.table, tableOptions: read.options, originalTableOptions: read.options })).body.data.statements).toEqual([]);
    const change = await editSql(p, { original: read.table, desired: read.table, tableOptions: { ...read.options, engine: 'InnoDB' }, originalTableOptions: read.options });
    expect(change.body.data.statements).toEqual(['ALTER TABLE events ENGINE=InnoDB']);
    const bad = await editSql(p, { original: read.table, desired: read.table, tableOptions: { engine: 'InnoDB; DROP TABLE events' } });
    expect(bad.status).toBe(400);
    await apply(p, change.body.data.statements);
    expect((await model(p, 'events')).body.data.options!.engine).toBe('InnoDB');
  });
});
