/**
 * The statement analysis kept between requests (analysis-cache.ts) follows the catalog: a member
 * under a column grant whose `select *` was allowed (the catalog expands it to granted columns
 * only) is refused once a column is added by DDL, although the same text was analysed and kept
 * before. MariaDB, so no plan check (PostgreSQL only) stands behind the statement check here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbSourceInput, mysqlAdmin, PG_URL, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from '../../test/org-fixtures.js';
import { permissions } from './index.js';

describe('analysis cache under a column-level grant (MariaDB source, server mode)', () => {
  const dataDb = `askdb_analysis_${process.pid}_${Date.now().toString(36)}`;
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let team: TeamFixture;
  let member: Persona;
  let source: number;
  const run = (who: Persona, sql: string) => as(t, who, 'POST', '/api/rdb/dml/execute', { dataSourceId: source, databaseName: dataDb, sql });

  beforeAll(async () => {
    await mysqlAdmin(`create database ${dataDb}; create table ${dataDb}.items (id int primary key, name varchar(20)); insert into ${dataDb}.items values (1, 'one'), (2, 'two')`);
    store = await scratchPgDatabase('askdb_analysis_store');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    team = await makeTeam(t, 'Analysis');
    source = (await as(t, team.owner, 'POST', '/api/connection/datasource/create', { ...mariadbSourceInput('maria', dataDb), visibility: 'SHARED' })).body.data as number;
    member = await team.addMember('OPERATOR');
    const g = await as(t, team.owner, 'POST', '/api/permission/authorization/create', { userId: member.userId, dataSourceId: source, databaseName: dataDb, tableName: 'items', columns: ['id', 'name'], actions: ['READ'], expireAt: null });
    expect(g.status, g.body.errorMessage).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await new Promise((r) => setTimeout(r, 250));
    await store?.drop();
    await mysqlAdmin(`drop database if exists ${dataDb}`);
  });

  it('sees a column added outside AskDB before a kept `select *` runs (the catalog is kept 5 minutes)', async () => {
    const sql = 'select * from items where id = 1';
    const ok = await run(member, sql);
    expect(ok.status, ok.body.errorMessage).toBe(200);
    // DDL straight in MariaDB, not through AskDB: nothing on this replica drops its catalog.
    await mysqlAdmin(`alter table ${dataDb}.items add column pin varchar(8) default '0000'`);
    const refused = await run(member, sql);
    expect(refused.status, JSON.stringify(refused.body.data)).toBe(403);
    expect(refused.body.errorMessage).toContain('pin');
    expect(JSON.stringify(refused.body)).not.toContain('0000');
    await mysqlAdmin(`alter table ${dataDb}.items drop column pin`);
    expect((await run(member, sql)).status).toBe(200);
  });

  it('refuses a kept `select *` once the table has a column the grant does not cover', async () => {
    const analyses = permissions(t.deps).analyses;
    const sql = 'select * from items order by id';
    for (let i = 0; i < 2; i++) {
      const ok = await run(member, sql);
      expect(ok.status, ok.body.errorMessage).toBe(200);
      expect(ok.body.data[0].dataList).toEqual([['1', 'one'], ['2', 'two']]);
    }
    // The second run's analysis came from the cache.
    expect(analyses.hits).toBeGreaterThan(0);

    const ddl = await run(team.owner, 'alter table items add column secret varchar(20) default \'hush\'');
    expect(ddl.body.data?.[0]?.success, ddl.body.errorMessage).toBe(true);

    const refused = await run(member, sql);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect(refused.body.errorMessage).toContain('secret');
    // Still allowed: the granted columns, named.
    const named = await run(member, 'select id, name from items order by id');
    expect(named.status, named.body.errorMessage).toBe(200);
  });

  it('knows a table created outside AskDB once a grant names it, and its later columns', async () => {
    await mysqlAdmin(`create table ${dataDb}.gadgets (id int primary key, name varchar(20)); insert into ${dataDb}.gadgets values (1, 'g')`);
    const g = await as(t, team.owner, 'POST', '/api/permission/authorization/create', { userId: member.userId, dataSourceId: source, databaseName: dataDb, tableName: 'gadgets', columns: ['id', 'name'], actions: ['READ'], expireAt: null });
    expect(g.status, g.body.errorMessage).toBe(200);
    const sql = 'select * from gadgets where id = 1';
    const ok = await run(member, sql);
    expect(ok.status, ok.body.errorMessage).toBe(200);
    expect(ok.body.data[0].dataList).toEqual([['1', 'g']]);
    await mysqlAdmin(`alter table ${dataDb}.gadgets add column pin varchar(8) default '0000'`);
    const refused = await run(member, sql);
    expect(refused.status, JSON.stringify(refused.body.data)).toBe(403);
    expect(refused.body.errorMessage).toContain('pin');
  });
});
