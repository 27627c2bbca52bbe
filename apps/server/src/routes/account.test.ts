import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, scratchPgDatabase, type TestApp } from '../test/helpers.js';
import { pgStoreUrl, sessionCookieOf, signIn, signUp, TEST_PASSWORD } from '../test/accounts.js';
import { sha256 } from '../services/auth/crypto.js';
import { nowIso } from '../store/db.js';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('account settings, API keys, sessions, registration policy and WeChat (server mode)', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let op: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_account');
    t = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false }, { ASKDB_WECHAT_DEV: '1' });
    op = await signUp(t, { email: 'op@example.com', displayName: 'Op' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });
  const userCount = async () => Number((await t.deps.store.db.selectFrom('users').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('API keys: shown once, listed by prefix, work as Bearer wherever the cookie does, and stop when revoked', async () => {
    const created = await t.json('POST', '/api/user/api_keys', { name: 'ci script' }, op.headers);
    const { id, key, prefix } = created.body.data;
    expect(key).toMatch(/^askdb_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(key.slice(0, 12));
    const list = await t.json('GET', '/api/user/api_keys', undefined, op.headers);
    expect(list.body.data).toEqual([expect.objectContaining({ id, name: 'ci script', prefix })]);
    expect(JSON.stringify(list.body.data)).not.toContain(key);
    const bearer = { authorization: `Bearer ${key}` };
    expect((await t.json('GET', '/api/oauth/user_a', undefined, bearer)).body.data.id).toBe(op.userId);
    expect((await t.json('GET', '/api/connection/datasource/list', undefined, bearer)).status).toBe(200);
    expect((await t.json('GET', '/api/user/api_keys', undefined, bearer)).body.data[0].lastUsedAt).not.toBeNull();
    expect((await t.json('DELETE', `/api/user/api_keys/${id}`, undefined, op.headers)).body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, bearer)).status).toBe(401);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, { authorization: `Bearer askdb_${'x'.repeat(43)}` })).status).toBe(401);
  });

  it('sessions: listed with the current one marked; one revoked; sign out everywhere keeps this one unless asked', async () => {
    const s1 = await signIn(t, 'op@example.com');
    const s2 = await signIn(t, 'op@example.com');
    const list = await t.json('GET', '/api/user/sessions', undefined, s1.headers);
    const rows = list.body.data as { id: string; current: boolean; ip: string; userAgent: string | null; lastSeenAt: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows[0]).toHaveProperty('ip');
    const currentOfS2 = (await t.json('GET', '/api/user/sessions', undefined, s2.headers)).body.data.find((r: { current: boolean }) => r.current).id;
    expect((await t.json('POST', '/api/user/sessions/revoke', { id: currentOfS2 }, s1.headers)).body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, s2.headers)).status).toBe(401);
    const everywhere = await t.json('POST', '/api/user/sessions/revoke_all', {}, s1.headers);
    expect(everywhere.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, op.headers)).status).toBe(401);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, s1.headers)).status).toBe(200);
    await t.json('POST', '/api/user/sessions/revoke_all', { includeCurrent: true }, s1.headers);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, s1.headers)).status).toBe(401);
    op = await signIn(t, 'op@example.com');
  });

  it('change password needs the current one and signs out the other sessions', async () => {
    const other = await signIn(t, 'op@example.com');
    const wrong = await t.json('POST', '/api/user/change_password', { oldPassword: 'Nope12345', newPassword: 'Better1234' }, op.headers);
    expect(wrong.body.errorMessage).toBe('The current password is wrong');
    const weak = await t.json('POST', '/api/user/change_password', { oldPassword: TEST_PASSWORD, newPassword: 'weak' }, op.headers);
    expect(weak.body.errorCode).toBe('WEAK_PASSWORD');
    expect((await t.json('POST', '/api/user/change_password', { oldPassword: TEST_PASSWORD, newPassword: 'Better1234' }, op.headers)).body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, other.headers)).status).toBe(401);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, op.headers)).status).toBe(200);
    await signIn(t, 'op@example.com', 'Better1234');
  });

  it('profile: display name and a PNG avatar; a large file and a non-image are refused in the user language', async () => {
    const ok = await t.json('POST', '/api/user/update_profile', { displayName: 'Operator', avatar: `data:image/png;base64,${PNG_1PX}` }, op.headers);
    expect(ok.body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, op.headers)).body.data).toMatchObject({ displayName: 'Operator', avatar: `data:image/png;base64,${PNG_1PX}` });
    const big = Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64');
    const tooBig = await t.json('POST', '/api/user/update_profile', { avatar: `data:image/png;base64,${big}` }, op.headers);
    expect(tooBig.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', errorMessage: 'File must be smaller than 1MB!' });
    const zh = await t.json('POST', '/api/user/update_profile', { avatar: `data:image/png;base64,${big}` }, { ...op.headers, 'accept-language': 'zh-CN' });
    expect(zh.body.errorMessage).toBe('文件必须小于 1MB！');
    const fake = await t.json('POST', '/api/user/update_profile', { avatar: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` }, op.headers);
    expect(fake.body.errorMessage).toBe('The avatar must be a JPG, GIF or PNG image');
    expect((await t.json('GET', '/api/oauth/user_a', undefined, op.headers)).body.data.avatar).toBe(`data:image/png;base64,${PNG_1PX}`);
  });

  it('registration policy: only the operator sets it; CLOSED and INVITE_ONLY refuse without writing anything', async () => {
    const member = await signUp(t, { email: 'm@example.com' });
    expect((await t.json('POST', '/api/admin/registration', { policy: 'CLOSED' }, member.headers)).status).toBe(403);
    expect((await t.json('POST', '/api/admin/registration', { policy: 'CLOSED' }, op.headers)).body.data).toEqual({ policy: 'CLOSED', source: 'setting' });
    const before = await userCount();
    const closed = await t.json('POST', '/api/oauth/register_a', { email: 'late@example.com', password: TEST_PASSWORD, displayName: 'Late' });
    expect(closed.body).toMatchObject({ errorCode: 'REGISTRATION_CLOSED', errorMessage: 'Registration is closed on this server' });

    await t.json('POST', '/api/admin/registration', { policy: 'INVITE_ONLY' }, op.headers);
    const none = await t.json('POST', '/api/oauth/register_a', { email: 'late@example.com', password: TEST_PASSWORD, displayName: 'Late' });
    expect(none.body.errorCode).toBe('INVITATION_INVALID');
    const org = (await t.json('GET', '/api/oauth/user_a', undefined, op.headers)).body.data.currentOrganization.id;
    const insertInvite = (token: string, email: string | null, expiresAt: string) =>
      t.deps.store.db.insertInto('invitations').values({ organization_id: org, token_hash: sha256(token), email, created_by: op.userId, expires_at: expiresAt, used_at: null, created_at: nowIso() }).execute();
    await insertInvite('expired-token', null, new Date(Date.now() - 1000).toISOString());
    await insertInvite('for-someone-else', 'other@example.com', new Date(Date.now() + 3600_000).toISOString());
    await insertInvite('good-token', 'late@example.com', new Date(Date.now() + 3600_000).toISOString());
    for (const token of ['forged', 'expired-token', 'for-someone-else']) {
      const r = await t.json('POST', '/api/oauth/register_a', { email: 'late@example.com', password: TEST_PASSWORD, displayName: 'Late', inviteToken: token });
      expect(r.body.errorCode).toBe('INVITATION_INVALID');
    }
    expect(await userCount()).toBe(before);
    expect((await signUp(t, { email: 'late@example.com', inviteToken: 'good-token' })).userId).toBeGreaterThan(0);
    await t.json('POST', '/api/admin/registration', { policy: 'OPEN' }, op.headers);
  });

  it('WeChat scan (development provider): QR, WAITING → SCANNED → CONFIRMED with a session, then the ticket is spent', async () => {
    const qr = await t.json('GET', '/api/oauth/wechat_qr_a');
    expect(qr.body.data.qrUrl).toMatch(/^data:image\/png;base64,/);
    const ticket = qr.body.data.ticket;
    const poll = () => t.app.inject({ method: 'GET', url: `/api/oauth/wechat_login_a?ticket=${ticket}` });
    expect((await poll()).json().data.status).toBe('WAITING');
    await t.json('POST', '/api/oauth/wechat_dev_confirm', { ticket, step: 'scan' });
    expect((await poll()).json().data.status).toBe('SCANNED');
    await t.json('POST', '/api/oauth/wechat_dev_confirm', { ticket, step: 'confirm', openId: 'wx-open-1', name: 'Wei' });
    const confirmed = await poll();
    expect(confirmed.json().data.status).toBe('CONFIRMED');
    const cookie = sessionCookieOf(confirmed.headers['set-cookie'])!;
    expect((await t.json('GET', '/api/oauth/user_a', undefined, { cookie })).body.data.displayName).toBe('Wei');
    const again = await poll();
    expect(again.json().data.status).toBe('EXPIRED');
    expect(sessionCookieOf(again.headers['set-cookie'])).toBeNull();
    expect((await t.json('GET', '/api/oauth/wechat_login_a?ticket=unknown')).body.data.status).toBe('EXPIRED');
  });
});

describe('local mode: one implicit user, no sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => t?.close());

  it('user_a answers with the local user; profile and API keys work; sign-in routes say they are not used', async () => {
    const me = await t.json('GET', '/api/oauth/user_a');
    expect(me.body.data).toMatchObject({ id: 1, isOperator: true, currentOrganization: { type: 'PERSONAL', roleCodes: ['SUPER_ADMIN'] } });
    expect((await t.json('POST', '/api/user/update_profile', { displayName: 'Me' })).body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a')).body.data.displayName).toBe('Me');
    expect((await t.json('POST', '/api/user/api_keys', { name: 'k' })).body.data.key).toMatch(/^askdb_/);
    const login = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'a@b.c', password: 'x' });
    expect(login.body.errorMessage).toBe('Not available in local mode: there is one user and no sign-in');
  });
});
