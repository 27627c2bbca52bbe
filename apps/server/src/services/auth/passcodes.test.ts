import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, scratchPgDatabase, type TestApp } from '../../test/helpers.js';
import { pgStoreUrl, sessionCookieOf, signIn, TEST_PASSWORD } from '../../test/accounts.js';
import { codeIn, decodeMime, startMailbox } from '../../test/mailbox.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server standing in for the SMS gateway: records every webhook call; `fail` makes it answer 500. */
async function startSmsGateway() {
  const calls: { phone: string; code: string; purpose: string }[] = [];
  const state = { fail: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (state.fail) return res.writeHead(500).end();
      calls.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, calls, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('passcodes through a real SMTP server', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let t: TestApp;
  const send = (email: string, purpose: string, lang = 'en-US') => t.json('GET', `/api/user/send_sms_email?email=${encodeURIComponent(email)}&purpose=${purpose}`, undefined, { 'accept-language': lang });
  /** Lets the next passcode for the target go out at once (the 60 s countdown is tested on its own). */
  const skipCountdown = (target: string) => t.deps.store.db.updateTable('passcodes').set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where('target', '=', target).execute();

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_passcode');
    mailbox = await startMailbox();
    sms = await startSmsGateway();
    t = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false }, { ASKDB_SMTP_URL: mailbox.url, ASKDB_SMTP_FROM: 'AskDB <askdb@test.local>', ASKDB_SMS_WEBHOOK_URL: sms.url });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
    await sms?.close();
    await db?.drop();
  });

  it('registration needs the code mailed to the address when a mail sender is configured', async () => {
    const without = await t.json('POST', '/api/oauth/register_a', { email: 'mei@example.com', password: TEST_PASSWORD, displayName: 'Mei' });
    expect(without.body.errorCode).toBe('PASSCODE_REQUIRED');
    const sent = await send('mei@example.com', 'REGISTER', 'zh-CN');
    expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    const mail = await mailbox.next('mei@example.com');
    expect(decodeMime(mail.raw)).toContain('您的 AskDB 验证码');
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/register_a', payload: { email: 'mei@example.com', password: TEST_PASSWORD, displayName: 'Mei', passcode: codeIn(mail) } });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res.headers['set-cookie'])).not.toBeNull();
  });

  it('a second code before the 60 s countdown ends is refused with the seconds left', async () => {
    await skipCountdown('mei@example.com');
    expect((await send('mei@example.com', 'LOGIN')).status).toBe(200);
    const again = await send('mei@example.com', 'LOGIN');
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe('PASSCODE_TOO_SOON');
    expect(Number((again.body as { errorDetail?: string }).errorDetail)).toBeGreaterThan(50);
    expect(again.body.errorMessage).toMatch(/in \d+ s/);
  });

  it('signs in with the mailed code; a wrong code says how many attempts are left; a used code is refused', async () => {
    const code = codeIn(await mailbox.next('mei@example.com'));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: wrongCode });
    expect(wrong.body).toMatchObject({ errorCode: 'PASSCODE_INVALID', errorMessage: 'Wrong code; 4 attempts left' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: code } });
    expect(ok.statusCode).toBe(200);
    const reused = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: code }, { 'accept-language': 'ja-JP' });
    expect(reused.body.errorCode).toBe('PASSCODE_EXPIRED');
    expect(reused.body.errorMessage).toBe('このコードは期限切れか使用済みです。新しいコードを取得してください');
  });

  it('an expired code is refused, and five wrong attempts use a code up', async () => {
    await skipCountdown('mei@example.com');
    await send('mei@example.com', 'LOGIN');
    const code = codeIn(await mailbox.next('mei@example.com'));
    await t.deps.store.db.updateTable('passcodes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('target', '=', 'mei@example.com').execute();
    const expired = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: code });
    expect(expired.body.errorCode).toBe('PASSCODE_EXPIRED');

    await skipCountdown('mei@example.com');
    await send('mei@example.com', 'LOGIN');
    const fresh = codeIn(await mailbox.next('mei@example.com'));
    const bad = fresh === '000000' ? '111111' : '000000';
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: bad })).body.errorCode);
    expect(codes).toEqual(['PASSCODE_INVALID', 'PASSCODE_INVALID', 'PASSCODE_INVALID', 'PASSCODE_INVALID', 'PASSCODE_EXPIRED']);
    const right = await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSCODE', account: 'mei@example.com', passcode: fresh });
    expect(right.body.errorCode).toBe('PASSCODE_EXPIRED');
  });

  it('an unknown account gets the same answer and no mail', async () => {
    const r = await send('ghost@example.com', 'LOGIN');
    expect(r.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    await expect(mailbox.next('ghost@example.com', 500)).rejects.toThrow(/no mail/);
  });

  it('forgot password: the RESET code sets a new password and signs out every session', async () => {
    const before = await signIn(t, 'mei@example.com');
    expect((await send('mei@example.com', 'RESET')).status).toBe(200);
    const code = codeIn(await mailbox.next('mei@example.com'));
    const weak = await t.json('POST', '/api/oauth/reset_password', { account: 'mei@example.com', passcode: code, password: 'short' });
    expect(weak.body.errorCode).toBe('WEAK_PASSWORD');
    const reset = await t.json('POST', '/api/oauth/reset_password', { account: 'mei@example.com', passcode: code, password: 'NewPassw0rd' });
    expect(reset.body).toMatchObject({ success: true });
    expect((await t.json('GET', '/api/oauth/user_a', undefined, before.headers)).status).toBe(401);
    expect((await t.json('POST', '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: 'mei@example.com', password: TEST_PASSWORD })).body.errorCode).toBe('WRONG_CREDENTIALS');
    expect((await signIn(t, 'mei@example.com', 'NewPassw0rd')).userId).toBeGreaterThan(0);
  });

  it('changes the e-mail with a code sent to the new address', async () => {
    const me = await signIn(t, 'mei@example.com', 'NewPassw0rd');
    await send('mei.new@example.com', 'CHANGE');
    const code = codeIn(await mailbox.next('mei.new@example.com'));
    const r = await t.json('POST', '/api/user/change_email', { email: 'Mei.New@example.com', passcode: code }, me.headers);
    expect(r.body.success).toBe(true);
    expect((await t.json('GET', '/api/oauth/user_a', undefined, me.headers)).body.data.email).toBe('mei.new@example.com');
  });

  it('phones: the SMS webhook gets {phone, code, purpose}; register and sign in by phone code and by phone password', async () => {
    const phone = '+86 138-0013-8000';
    const sent = await t.json('GET', `/api/user/send_sms?phone=${encodeURIComponent(phone)}&purpose=REGISTER`);
    expect(sent.status).toBe(200);
    const call = sms.calls.at(-1)!;
    expect(call).toMatchObject({ phone: '+8613800138000', purpose: 'REGISTER' });
    expect(call.code).toMatch(/^\d{6}$/);
    const reg = await t.json('POST', '/api/oauth/register_a', { phone, password: TEST_PASSWORD, displayName: 'Li', passcode: call.code });
    expect(reg.body.data).toMatchObject({ phone: '+8613800138000', email: null });
    const byPassword = await t.json('POST', '/api/oauth/login_a', { loginType: 'PHONE_PASSWORD', account: '+8613800138000', password: TEST_PASSWORD });
    expect(byPassword.body.data.id).toBe(reg.body.data.id);
    await t.json('GET', `/api/user/send_sms?phone=${encodeURIComponent(phone)}&purpose=LOGIN`);
    const login = await t.json('POST', '/api/oauth/login_a', { loginType: 'PHONE_PASSCODE', account: phone, passcode: sms.calls.at(-1)!.code });
    expect(login.body.data.id).toBe(reg.body.data.id);
  });

  it('a failing SMS gateway is reported, not swallowed', async () => {
    sms.state.fail = true;
    const r = await t.json('GET', '/api/user/send_sms?phone=%2B15550001111&purpose=REGISTER');
    sms.state.fail = false;
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ errorCode: 'PASSCODE_SEND_FAILED', errorMessage: 'The code could not be sent (SMS webhook answered HTTP 500); try again later' });
  });
});
