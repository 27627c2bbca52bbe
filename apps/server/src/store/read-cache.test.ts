/**
 * Issue 28 point 2: the per-request cache never outlives a change. Two replicas (apps) on one
 * PostgreSQL store; B has answered from its cache (its hit count grows) when A (or an operator's
 * UPDATE straight in the store) changes a grant, a session or a membership, and B's very next
 * request is refused. With the change feed cut, B reads the store, and caches again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { pgStoreUrl } from '../test/accounts.js';
import { as, makeTeam, type Persona, type TeamFixture } from '../test/org-fixtures.js';
import { DATA_SCRIPT } from '../test/permission-fixture.js';
import type { ReadCache } from './read-cache.js';

describe('read cache across two replicas', () => {
  let storeDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let dataDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let team: TeamFixture;
  let shared: number;
  beforeAll(async () => {
    storeDb = await scratchPgDatabase('askdb_rcache_store');
    dataDb = await scratchPgDatabase('askdb_rcache_data', DATA_SCRIPT);
    a = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(storeDb.name), demo: false });
    b = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(storeDb.name), demo: false });
    team = await makeTeam(a, 'Cache');
    shared = (await as(a, team.admin, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('shared', dataDb.name), visibility: 'SHARED' })).body.data as number;
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeDb?.drop();
    await dataDb?.drop();
  });

  const cacheOf = (t: TestApp): ReadCache => t.deps.readCache!;
  const select = (t: TestApp, who: Persona, sql = 'select id, total from orders where id = 7') =>
    as(t, who, 'POST', '/api/rdb/dml/execute', { dataSourceId: shared, databaseName: dataDb.name, schemaName: 'public', sql });
  const grant = async (who: Persona, columns: string[] | null) => {
    const r = await as(a, team.admin, 'POST', '/api/permission/authorization/create', { userId: who.userId, dataSourceId: shared, databaseName: dataDb.name, schemaName: 'public', tableName: 'orders', columns, actions: ['READ'], expireAt: null });
    expect(r.status).toBe(200);
    return r.body.data as number;
  };
  /** Runs the request on B until it is answered from B's cache (a request that hits), proving the cache is in play. */
  const servedFromCache = async (request: () => Promise<{ status: number }>) => {
    expect((await request()).status).toBe(200);
    const before = cacheOf(b).stats().hits;
    expect((await request()).status).toBe(200);
    expect(cacheOf(b).stats().hits).toBeGreaterThan(before);
  };
  const until = async (cond: () => boolean, what: string) => {
    for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 25));
    if (!cond()) throw new Error(`timed out waiting for ${what}`);
  };

  it('both replicas cache (server mode on PostgreSQL)', () => {
    expect(cacheOf(a).live).toBe(true);
    expect(cacheOf(b).live).toBe(true);
  });

  it('a grant revoked on A refuses the member on B at the next request', async () => {
    const member = await team.addMember('OPERATOR');
    const id = await grant(member, ['id', 'total']);
    await servedFromCache(() => select(b, member));
    // The column grant is enforced from the cached grant as from the store.
    expect((await select(b, member, 'select secret from orders where id = 7')).status).toBe(403);
    expect((await as(a, team.admin, 'DELETE', `/api/permission/authorization/${id}`)).status).toBe(200);
    const after = await select(b, member);
    expect(after.status).toBe(403);
    expect(after.body.success).toBe(false);
  });

  it('a session signed out on A is refused on B at the next request', async () => {
    const member = await team.addMember('OPERATOR');
    await grant(member, null);
    await servedFromCache(() => select(b, member));
    expect((await a.app.inject({ method: 'POST', url: '/api/oauth/logout_a', headers: member.headers })).statusCode).toBe(200);
    const after = await select(b, member);
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('NeedLoggedIn');
  });

  it('a member removed on A no longer reaches the team source on B; their role there is gone', async () => {
    const member = await team.addMember('OPERATOR');
    await grant(member, null);
    await servedFromCache(() => select(b, member));
    expect((await as(a, team.admin, 'POST', '/api/organization/remove_user', { organizationId: team.teamId, userId: member.userId })).status).toBe(200);
    const after = await select(b, member);
    expect(after.status).toBe(404);
    expect(after.body.errorCode).toBe('DATA_SOURCE_NOT_FOUND');
    const me = await as(b, member, 'GET', '/api/oauth/user_a');
    expect(me.body.data.currentOrganization.id).toBe(member.personalOrgId);
  });

  it('an admin demoted straight in the store (no AskDB code involved) loses admin routes on B at the next request', async () => {
    const admin = await team.addMember('ADMIN');
    const list = () => as(b, admin, 'GET', '/api/permission/authorization/list');
    await servedFromCache(() => as(b, admin, 'POST', '/api/permission/authorization/create', { userId: team.operator.userId, dataSourceId: shared, actions: ['READ'], expireAt: null }));
    expect((await list()).status).toBe(200);
    await a.deps.store.db.updateTable('organization_members').set({ role_code: 'OPERATOR' }).where('organization_id', '=', team.teamId).where('user_id', '=', admin.userId).execute();
    const refused = await as(b, admin, 'POST', '/api/permission/authorization/create', { userId: team.operator.userId, dataSourceId: shared, actions: ['READ'], expireAt: null });
    expect(refused.status).toBe(403);
  });

  it('a source made private straight in the store is refused to the member on B at the next request', async () => {
    const member = await team.addMember('OPERATOR');
    await grant(member, null);
    await servedFromCache(() => select(b, member));
    await a.deps.store.db.updateTable('data_sources').set({ visibility: 'PRIVATE' }).where('id', '=', shared).execute();
    try {
      const after = await select(b, member);
      expect(after.status).toBe(403);
      expect(after.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    } finally {
      await a.deps.store.db.updateTable('data_sources').set({ visibility: 'SHARED' }).where('id', '=', shared).execute();
    }
  });

  it('a cached grant stops at its expiry by the store clock, with no change to announce it', async () => {
    const member = await team.addMember('OPERATOR');
    const expireAt = new Date(Date.now() + 8000).toISOString();
    const r = await as(a, team.admin, 'POST', '/api/permission/authorization/create', { userId: member.userId, dataSourceId: shared, actions: ['READ'], expireAt });
    expect(r.status).toBe(200);
    await servedFromCache(() => select(b, member));
    // Wait on the store's own clock passing the expiry (a condition, not a guess at how long it takes).
    const stored = (await a.deps.store.db.selectFrom('authorizations').select('expire_at').where('id', '=', r.body.data as number).executeTakeFirstOrThrow()).expire_at!;
    const storePassed = async () => ((await storeDb.adminQuery(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') > $1 as passed`, [stored])) as { rows: { passed: boolean }[] }).rows[0]!.passed;
    for (let i = 0; i < 800 && !(await storePassed()); i++) await new Promise((res) => setTimeout(res, 25));
    expect(await storePassed()).toBe(true);
    expect((await select(b, member)).status).toBe(403);
  });

  it("a script policy turned on at A holds a member's SELECT for approval on B at the next request", async () => {
    const member = await team.addMember('OPERATOR');
    await grant(member, null);
    await servedFromCache(() => select(b, member));
    expect((await as(a, team.admin, 'POST', '/api/permission/script_policy', { selectFree: false, needApprovalFor: [] })).status).toBe(200);
    try {
      const after = await select(b, member);
      expect(after.status).toBe(403);
      expect(after.body.errorCode).toBe('NO_SCRIPT_PERMISSION');
    } finally {
      expect((await as(a, team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] })).status).toBe(200);
    }
  });

  it('with the change feed cut, B reads the store (a revoke meanwhile is seen) and caches again once the feed is back', async () => {
    const member = await team.addMember('OPERATOR');
    const id = await grant(member, null);
    await servedFromCache(() => select(b, member));
    await storeDb.adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${storeDb.name}' and application_name = 'askdb change feed'`);
    // Whether or not B has noticed yet, it must not answer from what it cached before the cut.
    expect((await as(a, team.admin, 'DELETE', `/api/permission/authorization/${id}`)).status).toBe(200);
    expect((await select(b, member)).status).toBe(403);
    await until(() => cacheOf(b).live, "B's change feed to reconnect");
    await grant(member, null);
    await servedFromCache(() => select(b, member));
  });
});
