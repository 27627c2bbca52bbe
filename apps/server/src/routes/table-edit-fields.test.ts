/**
 * Issue 29 item 3: the table editor's per-engine column and index fields (spec 02 §3) — MariaDB
 * ON UPDATE current_timestamp() and column collation (its character set follows), PostgreSQL column
 * collation and index INCLUDE columns — written into the DDL and applied on the real servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEditModel } from '@askdb/contracts';
import { testApp, type TestApp } from '../test/helpers.js';
import { col, scratchPlace, tableEditApi, withColumn } from '../test/table-edit-helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
let t: TestApp;
const { model, editSql, execute, apply, mariaDb, postgres } = tableEditApi(() => t);

beforeAll(async () => {
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('MariaDB: ON UPDATE current_timestamp() and column collation', () => {
  const db = `askdb_tef_${run}`;
  const scratch = scratchPlace(() => mariaDb(db));

  it('creates a column with ON UPDATE, reads it back, and turns it off again', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
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
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
    await apply(p, ['CREATE TABLE precise (id int PRIMARY KEY, at datetime(3) DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3))']);
    const read = (await model(p, 'precise')).table!;
    expect(col(read, 'at').onUpdate).toBe('current_timestamp(3)');
    expect((await editSql(p, { original: read, desired: read })).body.data.statements).toEqual([]);
  });

  it('offers the server collations and changes a column collation (its charset follows)', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
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
  const scratch = scratchPlace(async () => {
    const made = await postgres(dbName);
    if (made) await apply(made.place, ['CREATE TABLE items (id int PRIMARY KEY, sku text, label text, price numeric)']);
    return made;
  });

  it('sets a column collation from the offered list', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
    const m = await model(p, 'items');
    expect(m.collations!.map((c) => c.name)).toEqual(expect.arrayContaining(['C', 'POSIX']));
    const r = await editSql(p, { original: m.table, desired: withColumn(m.table!, 'label', { collation: 'C' }) });
    expect(r.body.data.statements).toEqual(['ALTER TABLE public.items ALTER COLUMN label TYPE text COLLATE "C" USING label::text']);
    await apply(p, r.body.data.statements);
    expect(col((await model(p, 'items')).table!, 'label').collation).toBe('C');
  });

  it('creates an index with INCLUDE columns, reads them back, and drops them', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
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
