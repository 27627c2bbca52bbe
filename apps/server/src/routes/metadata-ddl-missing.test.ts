/**
 * GET /api/rdb/table/ddl of a table that is not there answers OBJECT_NOT_FOUND with a message that
 * names the table (in the user's language) — not CONNECTION_FAILED — on PostgreSQL and MariaDB; an
 * existing table still gets its CREATE text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, mysqlAdmin, mariadbSourceInput, type TestApp } from '../test/helpers.js';

describe('table DDL of a missing table', () => {
  let t: TestApp;
  let pgDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
  const myDb = `askdb_ddl_${process.pid}_${Date.now().toString(36)}`;
  let pgId: number;
  let myId: number;

  beforeAll(async () => {
    pgDb = await scratchPgDatabase('askdb_ddl', 'CREATE TABLE present (id int primary key);');
    await mysqlAdmin(`CREATE DATABASE ${myDb}; CREATE TABLE ${myDb}.present (id int primary key);`);
    t = await testApp({ demo: false });
    pgId = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', pgDb.name))).body.data;
    myId = (await t.json('POST', '/api/connection/datasource/create', mariadbSourceInput('maria', myDb))).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await pgDb?.drop();
    await mysqlAdmin(`DROP DATABASE IF EXISTS ${myDb}`);
  });

  const ddl = (id: number, loc: string, table: string, lang = 'en-US') => t.json('GET', `/api/rdb/table/ddl?dataSourceId=${id}&${loc}&tableName=${table}`, undefined, { 'accept-language': lang });

  it('PostgreSQL: OBJECT_NOT_FOUND naming the table, in three languages', async () => {
    const loc = `databaseName=${pgDb.name}&schemaName=public`;
    expect((await ddl(pgId, loc, 'present')).body.data).toMatch(/CREATE TABLE/);
    const en = await ddl(pgId, loc, 'nope');
    expect(en.body).toMatchObject({ success: false, errorCode: 'OBJECT_NOT_FOUND' });
    expect(en.status).toBe(404);
    expect(en.body.errorMessage).toBe('Table "public.nope" does not exist.');
    expect((await ddl(pgId, loc, 'nope', 'zh-CN')).body.errorMessage).toBe('表“public.nope”不存在。');
    expect((await ddl(pgId, loc, 'nope', 'ja-JP')).body.errorMessage).toBe('テーブル「public.nope」は存在しません。');
  });

  it('MariaDB: OBJECT_NOT_FOUND naming the table', async () => {
    const loc = `databaseName=${myDb}`;
    expect((await ddl(myId, loc, 'present')).body.data).toMatch(/CREATE TABLE `present`/);
    const en = await ddl(myId, loc, 'nope');
    expect(en.body).toMatchObject({ success: false, errorCode: 'OBJECT_NOT_FOUND' });
    expect(en.body.errorMessage).toBe(`Table "${myDb}.nope" does not exist.`);
  });
});
