/**
 * Issue 29 item 3, the rest of spec 02 §3's column and index fields: MySQL-family index prefix
 * lengths (`KEY k (name(10))`) read from the catalog, written and changed on a real MariaDB; decimal
 * places (numeric scale) applied with the length on MariaDB and PostgreSQL; SQL Server SPARSE
 * columns in the SQL Server DDL (no SQL Server here: the statement text); per engine, a field the
 * engine lacks never reaches its DDL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEditModel } from '@askdb/contracts';
import { testApp, type TestApp } from '../test/helpers.js';
import { col, scratchPlace, tableEditApi, withColumn, type Place } from '../test/table-edit-helpers.js';

const run = process.pid + '_' + Date.now().toString(36);
let t: TestApp;
const { createSource, model, editSql, execute, apply, mariaDb, postgres } = tableEditApi(() => t);

beforeAll(async () => {
  t = await testApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('MariaDB: index prefix length and decimal places', () => {
  const scratch = scratchPlace(() => mariaDb(`askdb_tep_${run}`));

  it('creates KEY (name(10), city), reads the prefix back, changes it to 20 and removes it', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
    const offer = await model(p);
    expect(offer.indexPrefixLength).toBe(true);
    expect(offer.sparseColumns).toBe(false);
    const desired: TableEditModel = {
      name: 'people', comment: null,
      columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'name', type: 'varchar(200)' }, { ...offer.newColumn, name: 'city', type: 'varchar(40)' }, { ...offer.newColumn, name: 'bio', type: 'text' }],
      indexes: [
        { name: 'by_name', unique: false, method: null, columns: [{ name: 'name', length: 10 }, { name: 'city' }] },
        { name: 'by_bio', unique: false, method: null, columns: [{ name: 'bio', length: 32 }] },
      ],
    };
    const r = await editSql(p, { desired });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements).toContain('CREATE INDEX by_name ON people (name(10), city)');
    expect(r.body.data.statements).toContain('CREATE INDEX by_bio ON people (bio(32))');
    await apply(p, r.body.data.statements);
    const subParts = await execute(p, `SELECT INDEX_NAME, COLUMN_NAME, SUB_PART FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'people' AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`);
    expect(subParts[0]!.dataList).toEqual([['by_bio', 'bio', '32'], ['by_name', 'name', '10'], ['by_name', 'city', null]]);

    const read = (await model(p, 'people')).table!;
    expect(read.indexes.find((ix) => ix.name === 'by_name')!.columns).toEqual([{ name: 'name', expression: null, order: 'ASC', length: 10 }, { name: 'city', expression: null, order: 'ASC' }]);
    expect((await editSql(p, { original: read, desired: read })).body.data.statements).toEqual([]);

    const longer = { ...read, indexes: read.indexes.map((ix) => (ix.name === 'by_name' ? { ...ix, columns: [{ name: 'name', length: 20 }, { name: 'city' }] } : ix)) };
    const change = await editSql(p, { original: read, desired: longer });
    expect(change.body.data.statements).toEqual(['ALTER TABLE people\n  DROP INDEX by_name,\n  ADD INDEX by_name (name(20), city)']);
    await apply(p, change.body.data.statements);
    const after = (await model(p, 'people')).table!;
    expect(after.indexes.find((ix) => ix.name === 'by_name')!.columns[0]!.length).toBe(20);

    const whole = { ...after, indexes: after.indexes.map((ix) => (ix.name === 'by_name' ? { ...ix, columns: [{ name: 'name' }, { name: 'city' }] } : ix)) };
    await apply(p, (await editSql(p, { original: after, desired: whole })).body.data.statements);
    expect((await model(p, 'people')).table!.indexes.find((ix) => ix.name === 'by_name')!.columns[0]!.length).toBeUndefined();
  });

  it('applies length and decimal places of a decimal column, and changes the places', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
    const offer = await model(p);
    const r = await editSql(p, { desired: { name: 'prices', comment: null, indexes: [], columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'amount', type: 'decimal(12,3)' }] } });
    expect(r.body.data.statements[0]).toContain('amount decimal(12,3) NULL');
    await apply(p, r.body.data.statements);
    const scale = `SELECT NUMERIC_PRECISION, NUMERIC_SCALE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'prices' AND COLUMN_NAME = 'amount'`;
    expect((await execute(p, scale))[0]!.dataList).toEqual([['12', '3']]);
    const read = (await model(p, 'prices')).table!;
    expect(col(read, 'amount').type).toBe('decimal(12,3)');
    await apply(p, (await editSql(p, { original: read, desired: withColumn(read, 'amount', { type: 'decimal(14,5)' }) })).body.data.statements);
    expect((await execute(p, scale))[0]!.dataList).toEqual([['14', '5']]);
  });
});

describe('PostgreSQL: decimal places; no prefix length', () => {
  const scratch = scratchPlace(() => postgres(`askdb_tep_${run}`));

  it('applies numeric(10,4), and an index column never gets a prefix length', async (ctx) => {
    if (!scratch.up) ctx.skip();
    const p = scratch.place;
    const offer = await model(p);
    expect(offer.indexPrefixLength).toBe(false);
    const r = await editSql(p, {
      desired: {
        name: 'measures', comment: null,
        columns: [offer.newKeyColumn, { ...offer.newColumn, name: 'label' }, { ...offer.newColumn, name: 'value', type: 'numeric(10,4)' }],
        indexes: [{ name: 'measures_label', unique: false, method: null, columns: [{ name: 'label', length: 10 }] }],
      },
    });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements).toContain('CREATE INDEX measures_label ON public.measures (label)');
    await apply(p, r.body.data.statements);
    const rows = await execute(p, `SELECT numeric_precision::text, numeric_scale::text FROM information_schema.columns WHERE table_name = 'measures' AND column_name = 'value'`);
    expect(rows[0]!.dataList).toEqual([['10', '4']]);
    expect(col((await model(p, 'measures')).table!, 'value').type).toBe('numeric(10,4)');
  });
});

describe('SQL Server: SPARSE columns (the DDL text)', () => {
  let p: Place;
  beforeAll(async () => {
    // edit_sql needs no connection: the statements are generated from the models.
    p = { dataSourceId: await createSource({ alias: 'tep mssql', type: 'SQLSERVER', host: '127.0.0.1', port: 1, user: 'sa', password: 'x', databaseName: 'shop' }), databaseName: 'shop', schemaName: 'dbo' };
  });

  const table = (sparse: boolean | undefined): TableEditModel => ({
    name: 'readings', comment: null, indexes: [],
    columns: [
      { name: 'id', type: 'int', nullable: false, default: null, comment: null, autoIncrement: true, identity: 'by-default', primaryKey: true },
      { name: 'note', type: 'nvarchar(200)', nullable: true, default: null, comment: null, autoIncrement: false, primaryKey: false, ...(sparse === undefined ? {} : { sparse }) },
    ],
  });

  it('writes SPARSE NULL in CREATE TABLE, switches it with ADD/DROP SPARSE, and refuses it on a key', async () => {
    const create = await editSql(p, { desired: table(true) });
    expect(create.status, create.body.errorMessage).toBe(200);
    expect(create.body.data.statements[0]).toContain('note nvarchar(200) SPARSE NULL');
    const on = await editSql(p, { original: table(undefined), desired: table(true) });
    expect(on.body.data.statements).toEqual(['ALTER TABLE dbo.readings ALTER COLUMN note ADD SPARSE']);
    const off = await editSql(p, { original: table(true), desired: table(false) });
    expect(off.body.data.statements).toEqual(['ALTER TABLE dbo.readings ALTER COLUMN note DROP SPARSE']);
    const retype = await editSql(p, { original: table(true), desired: withColumn(table(true), 'note', { type: 'nvarchar(400)' }) });
    expect(retype.body.data.statements).toEqual(['ALTER TABLE dbo.readings ALTER COLUMN note nvarchar(400) SPARSE NULL']);
    expect((await editSql(p, { original: table(true), desired: table(undefined) })).body.data.statements).toEqual([]);
    const key = await editSql(p, { desired: withColumn(table(true), 'id', { sparse: true }) });
    expect(key.status).toBe(400);
    expect(key.body.errorMessage).toBe('Column id: a primary key column cannot be SPARSE.');
  });

  it('another engine never writes SPARSE', async () => {
    const maria = await createSource({ alias: 'tep maria text', type: 'MARIADB', host: '127.0.0.1', port: 1, user: 'root', password: '' });
    const r = await editSql({ dataSourceId: maria, databaseName: 'x' }, { desired: { ...table(true), columns: table(true).columns.map((c) => ({ ...c, type: c.name === 'id' ? 'int' : 'varchar(200)' })) } });
    expect(r.status, r.body.errorMessage).toBe(200);
    expect(r.body.data.statements.join('\n')).not.toMatch(/SPARSE/);
  });
});
