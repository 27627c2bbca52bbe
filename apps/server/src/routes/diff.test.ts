import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, runOnPgDatabase, testApp, PG_URL, type TestApp } from '../test/helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
const srcDb = `askdb_diff_src_${run}`;
const tgtDb = `askdb_diff_tgt_${run}`;
const limitedRole = `askdb_diff_limited_${run}`;

describe('POST /api/diff/sql', () => {
  let t: TestApp;
  let src: number;
  let tgt: number;
  let tgtLimited: number;
  let sqliteA: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-diff-'));
  const admin = new pg.Client({ connectionString: PG_URL });
  const create = async (body: object) => (await t.json('POST', '/api/connection/datasource/create', body)).body.data as number;
  const diff = (source: object, target: object, headers?: Record<string, string>, options?: object) =>
    t.json<string>('POST', '/api/diff/sql', { source, target, ...(options ? { options } : {}) }, headers);
  const execute = async (dataSourceId: number, script: string) =>
    (await t.json('POST', '/api/rdb/dml/execute', { dataSourceId, databaseName: tgtDb, schemaName: 'public', sql: script, errorContinue: true })).body.data as { success: boolean; message: string; originalSql: string }[];
  const sides = () => [{ dataSourceId: src, databaseName: srcDb, schemaName: 'public' }, { dataSourceId: tgt, databaseName: tgtDb, schemaName: 'public' }] as const;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${srcDb}`);
    await admin.query(`CREATE DATABASE ${tgtDb}`);
    await admin.query(`CREATE ROLE ${limitedRole} LOGIN`);
    await runOnPgDatabase(srcDb, `
      CREATE TABLE customers (id bigint PRIMARY KEY, name varchar(120) NOT NULL, email text UNIQUE);
      CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers (id), total numeric(12,2) DEFAULT 0);
      CREATE INDEX ix_orders_customer ON orders (customer_id);
      CREATE TABLE notes (id int PRIMARY KEY, body text);
      CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;`);
    await runOnPgDatabase(tgtDb, `
      CREATE TABLE customers (id int PRIMARY KEY, name varchar(60) NOT NULL, legacy text);
      CREATE TABLE orders (id bigint PRIMARY KEY, customer_id int NOT NULL, total numeric(10,2));
      INSERT INTO customers VALUES (1, 'Ada', 'x'), (2, 'Linus', NULL);
      INSERT INTO orders VALUES (10, 1, 99.50), (11, 2, 150.25);
      CREATE TABLE notes (id int PRIMARY KEY);
      ALTER TABLE notes OWNER TO ${limitedRole};
      GRANT USAGE, CREATE ON SCHEMA public TO ${limitedRole};`);
    t = await testApp({ demo: false });
    src = await create(pgSourceInput('pg source', srcDb));
    tgt = await create(pgSourceInput('pg target', tgtDb));
    tgtLimited = await create(pgSourceInput('pg target (limited user)', tgtDb, limitedRole));
    sqliteA = await create({ alias: 'sqlite a', type: 'SQLITE', filePath: path.join(dir, 'a.sqlite'), options: { create: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${srcDb} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${tgtDb} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${limitedRole}`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns the script that makes the target like the source; after running it the diff is empty and rows stay', async () => {
    const [s, g] = sides();
    const r = await diff(s, g);
    expect(r.status).toBe(200);
    const script = r.body.data;
    expect(script).toContain('ALTER TABLE public.customers ALTER COLUMN id TYPE bigint USING id::bigint;');
    expect(script).toContain('ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers (id)');
    expect(script).toContain('CREATE VIEW public.big_orders AS');
    expect(script).toContain('ALTER TABLE public.customers DROP COLUMN legacy;');

    const results = await execute(tgt, script);
    expect(results.filter((x) => !x.success)).toEqual([]);
    expect((await diff(s, g)).body.data).toBe('');
    const rows = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: tgt, databaseName: tgtDb, sql: 'SELECT c.id, c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id ORDER BY c.id' });
    expect(rows.body.data[0].dataList).toEqual([['1', 'Ada', '99.50'], ['2', 'Linus', '150.25']]);
  });

  it('keeps target-only columns and tables with noDrops', async () => {
    await runOnPgDatabase(tgtDb, 'ALTER TABLE customers ADD COLUMN nickname text; CREATE TABLE scratch (x int)');
    const [s, g] = sides();
    expect((await diff(s, g, undefined, { noDrops: true })).body.data).toBe('');
    const full = (await diff(s, g)).body.data;
    expect(full).toContain('ALTER TABLE public.customers DROP COLUMN nickname;');
    expect(full).toContain('DROP TABLE public.scratch;');
    await runOnPgDatabase(tgtDb, 'ALTER TABLE customers DROP COLUMN nickname; DROP TABLE scratch');
  });

  it('runs the rest of the script when the target changed between diff and execute, naming the failing statement', async () => {
    await runOnPgDatabase(srcDb, 'ALTER TABLE notes ADD COLUMN tag text; CREATE TABLE tags (id int PRIMARY KEY)');
    const [s, g] = sides();
    const script = (await diff(s, g)).body.data;
    await runOnPgDatabase(tgtDb, 'ALTER TABLE notes ADD COLUMN tag text'); // someone else got there first
    const results = await execute(tgt, script);
    const failed = results.filter((x) => !x.success);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(/column "tag" of relation "notes" already exists/);
    expect(results.some((x) => x.success && /CREATE TABLE public.tags/.test(x.originalSql))).toBe(true);
    expect((await diff(s, g)).body.data).toBe('');
  });

  it('reports a permission error on one statement and still runs the others', async () => {
    await runOnPgDatabase(srcDb, 'ALTER TABLE notes ADD COLUMN body2 text; ALTER TABLE customers ADD COLUMN phone text');
    const [s] = sides();
    const script = (await diff(s, { dataSourceId: tgtLimited, databaseName: tgtDb, schemaName: 'public' })).body.data;
    const results = await execute(tgtLimited, script);
    expect(results.find((x) => /customers/.test(x.originalSql))).toMatchObject({ success: false, message: expect.stringMatching(/must be owner of table customers/) });
    expect(results.find((x) => /notes/.test(x.originalSql))).toMatchObject({ success: true });
  });

  it('refuses the same database as source and target, with a clear message', async () => {
    const [s] = sides();
    const r = await diff(s, s);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAMS', errorMessage: 'Source and target are the same database: choose a different target to compare with.' });
    const twin = await create(pgSourceInput('same server again', srcDb));
    expect((await diff(s, { ...s, dataSourceId: twin })).status).toBe(400);
    const zh = await diff(s, s, { 'accept-language': 'zh-CN' });
    expect(zh.body.errorMessage).toBe('源和目标是同一个数据库：请选择另一个目标进行比较。');
  });

  it('refuses engines that differ until cross-engine sync exists', async () => {
    const [s] = sides();
    const r = await diff(s, { dataSourceId: sqliteA, databaseName: 'main' });
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('UNSUPPORTED');
    expect(r.body.errorMessage).toBe('Source (POSTGRESQL) and target (SQLITE) are different database types. Schema sync compares databases of the same type.');
  });

  it('asks for the missing part of an incomplete selection (spec 01 §5)', async () => {
    const [s, g] = sides();
    const r = await diff(s, { dataSourceId: g.dataSourceId, databaseName: tgtDb });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toBe('Choose the target schema first.');
    expect((await diff({ dataSourceId: src }, g, { 'accept-language': 'ja-JP' })).body.errorMessage).toBe('先にソースのデータベースとスキーマを選択してください。');
  });

  it('answers 404 for a data source that does not exist and 400 for a malformed body', async () => {
    const [s] = sides();
    expect((await diff(s, { dataSourceId: 987654, databaseName: 'x', schemaName: 'y' })).status).toBe(404);
    expect((await t.json('POST', '/api/diff/sql', { source: s })).status).toBe(400);
  });

  it('diffs two SQLite files', async () => {
    const b = await create({ alias: 'sqlite b', type: 'SQLITE', filePath: path.join(dir, 'b.sqlite'), options: { create: 'true' } });
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: b, databaseName: 'main', sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL)' });
    const pair = [{ dataSourceId: b, databaseName: 'main' }, { dataSourceId: sqliteA, databaseName: 'main' }] as const;
    const script = (await diff(...pair)).body.data;
    expect(script).toMatch(/^CREATE TABLE items \(\n  id INTEGER[^\n]*,\n  label TEXT NOT NULL/);
    const results = (await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: sqliteA, databaseName: 'main', sql: script, errorContinue: true })).body.data;
    expect(results.map((x: { success: boolean }) => x.success)).toEqual([true]);
    expect((await diff(...pair)).body.data).toBe('');
  });
});
