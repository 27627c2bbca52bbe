import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, PG_URL, scratchPgDatabase, type TestApp } from '../test/helpers.js';
import { sessionFor, signIn, signUp, sessionCookieOf, TEST_PASSWORD } from '../test/accounts.js';

describe('password sign-in on the PostgreSQL store', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_auth');
    const u = new URL(PG_URL);
    u.pathname = `/${db.name}`;
    t = await testApp({ mode: 'server', databaseUrl: u.toString(), demo: false });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('registers, answers user_a with the personal organisation, and the first account is the operator', async () => {
    const a = await signUp(t, { email: 'Ada@Example.com', displayName: 'Ada' });
    const me = await t.json('GET', '/api/oauth/user_a', undefined, a.headers);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: a.userId, displayName: 'Ada', email: 'ada@example.com', isOperator: true, currentOrganization: { type: 'PERSONAL', roleCodes: ['SUPER_ADMIN'] } });
    const b = await signUp(t, { email: 'bob@example.com' });
    expect((await t.json('GET', '/api/oauth/user_a', undefined, b.headers)).body.data.isOperator).toBe(false);
  });

  it('sets an HttpOnly SameSite=Lax cookie for 30 days', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSWORD', account: 'ada@example.com', password: TEST_PASSWORD } });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/askdb_session=[A-Za-z0-9_-]{43}/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Max-Age=2592000/);
  });

  it('a session seen after more than a minute slides: the store moves its expiry and the answer renews the cookie', async () => {
    const s = await signIn(t, 'ada@example.com');
    const first = await t.app.inject({ method: 'GET', url: '/api/oauth/user_a', headers: s.headers });
    expect(first.headers['set-cookie']).toBeUndefined();
    const old = new Date(Date.now() - 2 * 86400_000).toISOString();
    await t.deps.store.db.updateTable('auth_sessions').set({ last_seen_at: old, expires_at: new Date(Date.now() + 28 * 86400_000).toISOString() }).where('user_id', '=', s.userId).execute();
    const later = await t.app.inject({ method: 'GET', url: '/api/oauth/user_a', headers: s.headers });
    expect(String(later.headers['set-cookie'])).toContain(`${s.cookie}; Max-Age=2592000`);
    const rows = await t.deps.store.db.selectFrom('auth_sessions').select(['expires_at', 'last_seen_at']).where('user_id', '=', s.userId).where('revoked_at', 'is', null).execute();
    expect(rows.some((r) => Date.parse(r.expires_at) > Date.now() + 29.9 * 86400_000 && r.last_seen_at > old)).toBe(true);
  });

  it('refuses a wrong password and an unknown account with the same message, in the user language', async () => {
    const wrong = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'ada@example.com', password: 'Nope12345' });
    const unknown = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'nobody@example.com', password: 'Nope12345' });
    expect(wrong.body.errorCode).toBe('WRONG_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
    const zh = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'ada@example.com', password: 'Nope12345' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errorMessage).toBe('账号或密码错误');
  });

  it('refuses a weak password and a taken e-mail, writing nothing', async () => {
    const weak = await t.json('POST', '/api/oauth/register_a', { email: 'weak@example.com', password: 'alllower1', displayName: 'W' });
    expect(weak.body.errorCode).toBe('WEAK_PASSWORD');
    const taken = await t.json('POST', '/api/oauth/register_a', { email: 'ADA@example.com', password: TEST_PASSWORD, displayName: 'Again' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('ACCOUNT_EXISTS');
    const users = await t.deps.store.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email).sort()).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('logout revokes the session: the same cookie is anonymous afterwards', async () => {
    const s = await signIn(t, 'bob@example.com');
    expect((await t.json('GET', '/api/oauth/user_a', undefined, s.headers)).status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/oauth/logout_a', headers: s.headers });
    expect(String(out.headers['set-cookie'])).toMatch(/askdb_session=;/);
    const after = await t.json('GET', '/api/oauth/user_a', undefined, s.headers);
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('NeedLoggedIn');
  });

  it('a forged cookie, and a session of a disabled user, are anonymous', async () => {
    const forged = await t.json('GET', '/api/oauth/user_a', undefined, { cookie: 'askdb_session=' + 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    const c = await signUp(t, { email: 'carol@example.com' });
    const fixture = await sessionFor(t, c.userId);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, fixture)).status).toBe(200);
    await t.deps.store.db.updateTable('users').set({ status: 'INVALID' }).where('id', '=', c.userId).execute();
    expect((await t.json('GET', '/api/oauth/user_a', undefined, c.headers)).status).toBe(401);
    const login = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'carol@example.com', password: TEST_PASSWORD });
    expect(login.body.errorCode).toBe('ACCOUNT_DISABLED');
    // A user removed from the store: the session is refused at its next request.
    const d = await signUp(t, { email: 'dora@example.com' });
    await t.deps.store.db.deleteFrom('users').where('id', '=', d.userId).execute();
    expect((await t.json('GET', '/api/oauth/user_a', undefined, d.headers)).status).toBe(401);
  });

  it('signing in again from the same browser closes the session it had', async () => {
    const first = await signIn(t, 'ada@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/login_a', headers: first.headers, payload: { loginType: 'EMAIL_PASSWORD', account: 'ada@example.com', password: TEST_PASSWORD } });
    const second = sessionCookieOf(res.headers['set-cookie'])!;
    expect(second).not.toBe(first.cookie);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, first.headers)).status).toBe(401);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, { cookie: second })).status).toBe(200);
  });

  it('login options tell the login page what this server offers', async () => {
    const r = await t.json('GET', '/api/oauth/login_options');
    expect(r.body.data).toEqual({ mode: 'server', providers: [], wechat: null, emailPasscode: false, phonePasscode: false, registration: 'OPEN' });
  });

  it('says plainly when GitHub/Google sign-in is not set up, and keeps the WeChat development step closed without ASKDB_WECHAT_DEV=1', async () => {
    const gh = await t.json('GET', '/api/oauth/get_login_url?provider=github');
    expect(gh.body).toMatchObject({ errorCode: 'PROVIDER_NOT_CONFIGURED', errorMessage: 'Sign-in with GitHub is not set up on this server' });
    const qr = await t.json('GET', '/api/oauth/wechat_qr_a');
    const dev = await t.json('POST', '/api/oauth/wechat_dev_confirm', { ticket: qr.body.data.ticket, step: 'confirm' });
    expect(dev.status).toBe(403);
    expect((await t.json('GET', `/api/oauth/wechat_login_a?ticket=${qr.body.data.ticket}`)).body.data.status).toBe('WAITING');
  });
});
