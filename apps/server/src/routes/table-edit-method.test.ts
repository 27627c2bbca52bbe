/**
 * Issue 24 point 5: the table editor's DDL preview never writes an index method raw. A method that
 * is not one of the engine's access methods (`btree (id); drop table important; --`) is refused in
 * the user's language; the engine's own methods, and those the table already uses, still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEditModel } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('table editor: index methods (PostgreSQL)', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let ds: number;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_ixmethod', 'create table important(id int primary key); insert into important values (1);');
    t = await testApp({ demo: false });
    ds = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('ix', db.name))).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const desired = (method: string | null): TableEditModel => ({
    name: 'notes', comment: null,
    columns: [{ name: 'id', type: 'integer', nullable: false, default: null, comment: null, autoIncrement: false, identity: null, primaryKey: true }],
    indexes: [{ name: 'notes_id', unique: false, method, columns: [{ name: 'id' }] }],
  });
  const preview = (method: string | null, lang = 'en-US', original: TableEditModel | null = null) =>
    t.json<{ statements: string[] }>('POST', '/api/rdb/table/edit_sql', { dataSourceId: ds, databaseName: db.name, schemaName: 'public', original, desired: desired(method) }, { 'accept-language': lang });

  it('refuses a method that smuggles a statement, and generates nothing', async () => {
    const r = await preview('btree (id); drop table important; --');
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errorMessage).toContain('is not an index method of this database');
    expect(r.body.errorMessage).toContain('btree, hash, gin, gist, brin, spgist');
    expect((await preview('nosuch', 'zh-CN')).body.errorMessage).toContain('不是此数据库的索引方法');
    expect((await preview('nosuch', 'ja-JP')).body.errorMessage).toContain('インデックス方式ではありません');
  });

  it("the engine's methods (any case) and the table's own methods are written", async () => {
    expect((await preview('HASH')).body.data.statements.join('\n')).toContain('USING HASH (id)');
    const original = { ...desired('ivfflat'), indexes: [{ name: 'old_ix', unique: false, method: 'ivfflat', columns: [{ name: 'id' }] }] };
    const kept = await preview('ivfflat', 'en-US', original);
    expect(kept.status).toBe(200);
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: db.name, sql: 'select count(*) from important' });
    expect(r.body.data[0].dataList).toEqual([['1']]);
  });
});
