/**
 * Issue 29 item 3: the table editor's per-engine column and index fields (spec 02 §3) — MariaDB
 * ON UPDATE current_timestamp() and column collation (its character set follows), PostgreSQL column
 * collation and index INCLUDE columns — written into the DDL and applied on the real servers.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEditColumn, TableEditModel, TableEditModelResult } from '@askdb/contracts';
import { pgSourceInput, testApp, PG_URL, type TestApp } from '../test/helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const requireServices = process.env.ASKDB_REQUIRE_SERVICES === '1';

interface Place { dataSourceId: number; databaseName?: string; schemaName?: string }
type Statement = { success: boolean; message: string; dataList: (string | null)[][] };

let t: TestApp;
const createSource = async (body: object) => (await t.json('POST', '/api/connection/datasource/create', body)).body.data as number;
const model = async (p: Place, tableName?: string) => {
  const r = await t.json<TableEditModelResult>('POST', '/api/rdb/table/edit_model', { ...p, tableName });
  expect(r.status, r.body.errorMessage).toBe(200);
  return r.body.data;
};
const editSql = (p: Place, body: object) => t.json<{ statements: string[] }>('POST', '/api/rdb/table/edit_sql', { ...p, ...body });
async function execute(p: Place, sql: string): Promise<Statement[]> {
  const r = await t.json<Statement[]>('POST', '/api/rdb/dml/execute', { ...p, sql, errorContinue: false });
  expect(r.status).toBe(200);
  return r.body.data;
}
async function apply(p: Place, statements: string[]): Promise<void> {
  const results = await execute(p, statements.map((s) => `${s};`).join('\n'));
  expect(results.filter((x) => !x.success).map((x) => x.message)).toEqual([]);
}
const col = (m: TableEditModel, name: string) => m.columns.find((c) => c.name === name)!;
const withColumn = (m: TableEditModel, name: string, patch: Partial<TableEditColumn>): TableEditModel => ({ ...m, columns: m.columns.map((c) => (c.name === name ? { ...c, ...patch } : c)) });

beforeAll(async () => {
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('MariaDB: ON UPDATE current_timestamp() and column collation', () => {
  const db = `askdb_tef_${run}`;
  let p: Place;
  let up = true;

  beforeAll(async () => {
    const ds = await createSource({ alias: 'tef mariadb', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) });
    const r = await t.json<Statement[]>('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: `CREATE DATABASE ${db} CHARACTER SET utf8mb4` });
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

  it('creates a column with ON UPDATE, reads it back, and turns it off again', async (ctx) => {
    if (!up) ctx.skip();
    const offer = await model(p);
    const desired: TableEditModel = {
      name: 'stamped', comment: null, indexes: [],
      columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'changed_at', type: 'timestamp', nullable: false, default: 'current_timestamp()', onUpdate: 'current_timestamp()' }],
    };
    const r = await editSql(p, { desired });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements[0]).toContain('changed_at timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp()');
    await apply(p, r.body.data.statements);
    expect((await execute(p, 'SHOW CREATE TABLE stamped'))[0]!.dataList[0]![1]).toMatch(/`changed_at` timestamp NOT NULL DEFAULT current_timestamp\(\) ON UPDATE current_timestamp\(\)/);

    const read = (await model(p, 'stamped')).table!;
    expect(col(read, 'changed_at').onUpdate).toBe('current_timestamp()');
    expect((await editSql(p, { original: read, desired: read })).body.data.statements).toEqual([]);
    const off = await editSql(p, { original: read, desired: withColumn(read, 'changed_at', { onUpdate: null }) });
    expect(off.body.data.statements).toEqual(['ALTER TABLE stamped\n  MODIFY COLUMN changed_at timestamp NOT NULL DEFAULT current_timestamp()']);
    await apply(p, off.body.data.statements);
    expect(col((await model(p, 'stamped')).table!, 'changed_at').onUpdate ?? null).toBeNull();
  });

  it('keeps the precision of datetime(3) ON UPDATE current_timestamp(3)', async (ctx) => {
    if (!up) ctx.skip();
    await apply(p, ['CREATE TABLE precise (id int PRIMARY KEY, at datetime(3) DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3))']);
    const read = (await model(p, 'precise')).table!;
    expect(col(read, 'at').onUpdate).toBe('current_timestamp(3)');
    expect((await editSql(p, { original: read, desired: read })).body.data.statements).toEqual([]);
  });

  it('offers the server collations and changes a column collation (its charset follows)', async (ctx) => {
    if (!up) ctx.skip();
    const offer = await model(p);
    expect(offer.collations).toContainEqual({ name: 'latin1_swedish_ci', charset: 'latin1', isDefault: true });
    expect(offer.collations).toContainEqual(expect.objectContaining({ name: 'utf8mb4_bin', charset: 'utf8mb4' }));
    await apply(p, ['CREATE TABLE words (id int PRIMARY KEY, word varchar(40))']);
    const read = (await model(p, 'words')).table!;
    const r = await editSql(p, { original: read, desired: withColumn(read, 'word', { collation: 'latin1_german1_ci' }) });
    expect(r.body.data.statements).toEqual(['ALTER TABLE words\n  MODIFY COLUMN word varchar(40) COLLATE latin1_german1_ci NULL']);
    await apply(p, r.body.data.statements);
    const rows = await execute(p, `SELECT CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '${db}' AND TABLE_NAME = 'words' AND COLUMN_NAME = 'word'`);
    expect(rows[0]!.dataList).toEqual([['latin1', 'latin1_german1_ci']]);
    const bad = await editSql(p, { original: read, desired: withColumn(read, 'word', { collation: 'latin1_bin; DROP TABLE words' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('is not a collation name');
  });
});

describe('PostgreSQL: column collation and index INCLUDE columns', () => {
  const dbName = `askdb_tef_${run}`;
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
    p = { dataSourceId: await createSource(pgSourceInput('tef pg', dbName)), databaseName: dbName, schemaName: 'public' };
    await apply(p, ['CREATE TABLE items (id int PRIMARY KEY, sku text, label text, price numeric)']);
  });
  afterAll(async () => {
    if (!up) return;
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('sets a column collation from the offered list', async (ctx) => {
    if (!up) ctx.skip();
    const m = await model(p, 'items');
    expect(m.collations!.map((c) => c.name)).toEqual(expect.arrayContaining(['C', 'POSIX']));
    const r = await editSql(p, { original: m.table, desired: withColumn(m.table!, 'label', { collation: 'C' }) });
    expect(r.body.data.statements).toEqual(['ALTER TABLE public.items ALTER COLUMN label TYPE text COLLATE "C" USING label::text']);
    await apply(p, r.body.data.statements);
    expect(col((await model(p, 'items')).table!, 'label').collation).toBe('C');
  });

  it('creates an index with INCLUDE columns, reads them back, and drops them', async (ctx) => {
    if (!up) ctx.skip();
    const m = (await model(p, 'items')).table!;
    const desired = { ...m, indexes: [{ name: 'items_sku', unique: true, method: null, columns: [{ name: 'sku' }], include: ['label', 'price'] }] };
    const r = await editSql(p, { original: m, desired });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements).toEqual(['CREATE UNIQUE INDEX items_sku ON public.items USING btree (sku) INCLUDE (label, price)']);
    await apply(p, r.body.data.statements);
    const read = (await model(p, 'items')).table!;
    expect(read.indexes.find((ix) => ix.name === 'items_sku')!.include).toEqual(['label', 'price']);
    expect((await editSql(p, { original: read, desired: read })).body.data.statements).toEqual([]);
    const without = { ...read, indexes: read.indexes.map((ix) => ({ ...ix, include: [] })) };
    const drop = await editSql(p, { original: read, desired: without });
    expect(drop.body.data.statements).toEqual(['DROP INDEX public.items_sku', 'CREATE UNIQUE INDEX items_sku ON public.items USING btree (sku)']);
    await apply(p, drop.body.data.statements);
    const bad = await editSql(p, { original: read, desired: { ...read, indexes: [{ ...desired.indexes[0]!, include: ['nope'] }] } });
    expect(bad.status).toBe(400);
  });
});
