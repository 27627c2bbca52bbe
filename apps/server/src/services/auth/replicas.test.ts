import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, scratchPgDatabase, type TestApp } from '../../test/helpers.js';
import { pgStoreUrl, signIn, signUp, TEST_PASSWORD } from '../../test/accounts.js';
import { nowIso } from '../../store/db.js';
import { authServices } from './index.js';

describe('sign-in across two replicas on one PostgreSQL store', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_replicas');
    a = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false });
    b = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });
  const me = (t: TestApp, headers: Record<string, string>) => t.json('GET', '/api/oauth/user_a', undefined, headers);

  it('a session made on one replica works on the other', async () => {
    const s = await signUp(a, { email: 'ann@example.com', displayName: 'Ann' });
    const r = await me(b, s.headers);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: s.userId, displayName: 'Ann' });
  });

  it('a sign-in throttle counted on one replica holds on the other (429 with the seconds to wait); never a lock for the owner', async () => {
    await signUp(a, { email: 'rita@example.com' });
    // The throttle's clock stands still: a slow password check on a busy machine must not outlast the 1 s wait.
    const frozen = Date.now();
    for (const t of [a, b]) authServices(t.deps).throttle.clock = () => frozen;
    const attempt = (t: TestApp, password = 'Wrong1234', remoteAddress = '192.0.2.10') =>
      t.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSWORD', account: 'rita@example.com', password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? a : b)).statusCode).toBe(400);
    const refused = await attempt(b);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.errorCode).toBe('TOO_MANY_ATTEMPTS');
    const seconds = Number(body.errorDetail);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers['retry-after']).toBe(String(seconds));
    expect(body.errorMessage).toBe(`Too many attempts; try again in ${seconds} s`);
    // From the throttled address even the right password waits, on both replicas…
    expect((await attempt(a, TEST_PASSWORD)).statusCode).toBe(429);
    // …but the owner elsewhere is not kept out (issue 24 point 4: no hard lock).
    expect((await attempt(a, TEST_PASSWORD, '192.0.2.99')).statusCode).toBe(200);
    // Another account from the same address is not slowed by it.
    expect((await signIn(b, 'ann@example.com')).userId).toBeGreaterThan(0);
    for (const t of [a, b]) authServices(t.deps).throttle.clock = Date.now;
  });

  it('logout on one replica is refused on the other', async () => {
    const s = await signIn(a, 'ann@example.com');
    expect((await me(b, s.headers)).status).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/oauth/logout_a', headers: s.headers });
    const after = await me(b, s.headers);
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('NeedLoggedIn');
  });

  it('a disabled user is refused at the next request on either replica; an expired session too', async () => {
    const s = await signUp(a, { email: 'dan@example.com' });
    expect((await me(b, s.headers)).status).toBe(200);
    await a.deps.store.db.updateTable('users').set({ status: 'INVALID' }).where('id', '=', s.userId).execute();
    expect((await me(b, s.headers)).status).toBe(401);
    expect((await me(a, s.headers)).status).toBe(401);
    const e = await signIn(a, 'ann@example.com');
    await a.deps.store.db.updateTable('auth_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', e.userId).execute();
    expect((await me(b, e.headers)).status).toBe(401);
  });

  it('a member removed from a team falls back to the personal organisation at the next request', async () => {
    const s = await signUp(a, { email: 'tom@example.com' });
    const dbx = a.deps.store.db;
    const now = nowIso();
    const team = await dbx.insertInto('organizations').values({ type: 'TEAM', name: 'Team T', team_code: '12345678', area: null, industry: null, creator_role: null, avatar: null, owner_id: s.userId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await dbx.insertInto('organization_members').values({ organization_id: team.id, user_id: s.userId, role_code: 'ADMIN', status: 'VALID', name: 'Tom', created_at: now, updated_at: now }).execute();
    await dbx.updateTable('users').set({ current_org_id: team.id }).where('id', '=', s.userId).execute();
    expect((await me(b, s.headers)).body.data.currentOrganization).toMatchObject({ id: team.id, type: 'TEAM', roleCodes: ['ADMIN'] });
    await dbx.updateTable('organization_members').set({ status: 'INVALID' }).where('organization_id', '=', team.id).where('user_id', '=', s.userId).execute();
    expect((await me(b, s.headers)).body.data.currentOrganization).toMatchObject({ type: 'PERSONAL', roleCodes: ['SUPER_ADMIN'] });
  });
});

describe('a new deployment on two replicas', () => {
  it('two first registrations at once make exactly one operator', async () => {
    const db = await scratchPgDatabase('askdb_firstop');
    const a = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false });
    const b = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false });
    try {
      const [x, y] = await Promise.all([signUp(a, { email: 'x@example.com' }), signUp(b, { email: 'y@example.com' })]);
      const ops = await Promise.all([x, y].map(async (s) => (await b.json('GET', '/api/oauth/user_a', undefined, s.headers)).body.data.isOperator));
      expect(ops.filter(Boolean)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
