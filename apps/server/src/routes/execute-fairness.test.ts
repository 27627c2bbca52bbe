/**
 * Issue 23.4, server mode, on PostgreSQL and MariaDB: a team member's slow statements cannot take
 * every pooled connection of a shared source (a per-user cap, the pool size a setting of the source), a request that has to wait
 * says so ("waiting, n ahead") in the status endpoint and the NDJSON stream, and the statement-time
 * limit a team admin sets for members cancels a member's long statement but not an admin's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, mysqlAdmin, mariadbSourceInput, type TestApp } from '../test/helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from '../test/org-fixtures.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls a condition (the database's own view of who runs and who waits), never a fixed delay. */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (ok(v)) return v;
    await sleep(25);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The source engine under test: its scratch database with table small(id) of one row, and how to see who sleeps. */
interface Target {
  name: string;
  setUp(): Promise<{ input: Record<string, unknown>; databaseName: string; schemaName?: string }>;
  /** Statements of the scratch database running a sleep right now. */
  sleeping(): Promise<number>;
  sleep(seconds: number): string;
  tearDown(): Promise<void>;
}

function postgresTarget(): Target {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  return {
    name: 'PostgreSQL',
    async setUp() {
      db = await scratchPgDatabase('askdb_fair_target', 'create table small(id int); insert into small values (1);');
      return { input: pgSourceInput('shared', db.name), databaseName: db.name, schemaName: 'public' };
    },
    sleeping: async () => Number(((await db.adminQuery("select count(*) as n from pg_stat_activity where datname = $1 and state = 'active' and query like '%pg_sleep%'", [db.name])) as { rows: { n: string }[] }).rows[0]!.n),
    sleep: (seconds) => `select pg_sleep(${seconds}) from small`,
    tearDown: () => db.drop(),
  };
}

function mariadbTarget(): Target {
  const name = `askdb_fair_${process.pid}_${Date.now().toString(36)}`;
  return {
    name: 'MariaDB',
    async setUp() {
      await mysqlAdmin(`create database ${name}; create table ${name}.small(id int); insert into ${name}.small values (1);`);
      return { input: mariadbSourceInput('shared', name), databaseName: name };
    },
    sleeping: async () => Number((await mysqlAdmin<{ n: number }[]>("select count(*) as n from information_schema.processlist where db = ? and command = 'Query' and info like 'select sleep%'", [name]))[0]!.n),
    sleep: (seconds) => `select sleep(${seconds}) from small`,
    tearDown: () => mysqlAdmin(`drop database if exists ${name}`),
  };
}

describe.each([postgresTarget(), mariadbTarget()])('fair share of a shared source (server mode, $name)', (target) => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  let ds: number;
  let member: Persona;
  let place: { databaseName: string; schemaName?: string };

  const sleeping = () => target.sleeping();
  const exec = (who: Persona, body: Record<string, unknown>, url = '/api/rdb/dml/execute') => t.app.inject({ method: 'POST', url, payload: { dataSourceId: ds, databaseName: place.databaseName, ...body }, headers: who.headers });

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_fair_store');
    const made = await target.setUp();
    place = { databaseName: made.databaseName, schemaName: made.schemaName };
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Fair');
    member = f.operator;
    ds = (await as(t, f.admin, 'POST', '/api/connection/datasource/create', { ...made.input, visibility: 'SHARED', poolSize: 5 })).body.data;
    expect(ds).toBeTypeOf('number');
    const grant = await as(t, f.admin, 'POST', '/api/permission/authorization/create', { userId: member.userId, dataSourceId: ds, ...place, tableName: 'small', actions: ['READ'], expireAt: null });
    expect(grant.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await target.tearDown();
    await store?.drop();
  });

  it("five slow statements of a member do not starve the owner's select 1; the member's fifth waits and says so", async () => {
    const ids = [1, 2, 3, 4].map((i) => `fair-${i}-${Date.now()}`);
    const slow = ids.map((executionId) => exec(member, { executionId, sql: target.sleep(20) }));
    // Four run (the member's share of five connections)...
    await until(sleeping, (n) => n === 4, 'four sleeping statements');
    // ...the fifth waits for one of the member's own, first in line, and says so.
    const fifthId = `fair-5-${Date.now()}`;
    const fifth = exec(member, { executionId: fifthId, sql: target.sleep(20) }, '/api/rdb/dml/execute_stream');
    const status = await until(() => as(t, member, 'POST', '/api/rdb/dml/status', { executionId: fifthId }), (r) => r.status === 200 && r.body.data.state === 'waiting', 'the fifth to wait');
    expect(status.body.data).toEqual({ state: 'waiting', ahead: 0 });
    // The owner is served while all four still sleep.
    let memberDone = false;
    void Promise.all(slow).then(() => { memberDone = true; });
    const owner = await exec(f.owner, { sql: 'select 1' });
    expect(owner.json().data[0]).toMatchObject({ success: true, dataList: [['1']] });
    expect(memberDone).toBe(false);
    expect(await sleeping()).toBe(4);
    // Another user's running request is not theirs to see.
    expect((await as(t, f.owner, 'POST', '/api/rdb/dml/status', { executionId: fifthId })).status).toBe(404);

    for (const executionId of [fifthId, ...ids]) await as(t, member, 'POST', '/api/rdb/dml/cancel', { executionId });
    const answers = await Promise.all(slow);
    for (const a of answers) expect(a.json().data[0]).toMatchObject({ success: false, cancelled: true });
    const stream = await fifth;
    expect(stream.payload).toContain('{"type":"waiting","ahead":0}');
    expect(stream.payload).toContain('{"type":"end"}');
  });

  it("the team admin's statement-time limit cancels a member's long statement, not an admin's", async () => {
    // Only an admin sets it; the source's settings show it.
    expect((await as(t, member, 'POST', '/api/connection/datasource/update', { id: ds, memberStatementTimeoutMs: 60_000_000 })).status).toBe(403);
    const set = await as(t, f.admin, 'POST', '/api/connection/datasource/update', { id: ds, memberStatementTimeoutMs: 1000 });
    expect(set.body.success).toBe(true);
    expect((await as(t, f.admin, 'GET', `/api/connection/datasource/${ds}`)).body.data).toMatchObject({ poolSize: 5, memberStatementTimeoutMs: 1000 });
    const limited = await exec(member, { sql: target.sleep(30) });
    expect(limited.json().data[0]).toMatchObject({ success: false, cancelled: true });
    expect(limited.json().data[0].message).toMatch(/team’s limit of 1 s/);
    const zh = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/execute', payload: { dataSourceId: ds, databaseName: place.databaseName, sql: target.sleep(30) }, headers: { ...member.headers, 'accept-language': 'zh-CN' } });
    expect(zh.json().data[0].message).toContain('1 秒上限');
    // An admin of the source is not limited: 1.5 s is past the members' limit.
    const admin = await exec(f.admin, { sql: target.sleep(1.5) });
    expect(admin.json().data[0]).toMatchObject({ success: true });
  });
});
