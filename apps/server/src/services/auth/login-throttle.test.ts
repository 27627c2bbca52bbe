/**
 * Password sign-in is throttled, never locked (issue 24 point 4), on two replicas sharing one
 * PostgreSQL store, with a real SMTP server: a stranger's wrong passwords slow down only the
 * stranger's address (429 + Retry-After, doubling waits); the owner signs in from elsewhere at once,
 * and is told once per episode — a notice in the notification centre and an e-mail.
 * The throttle's clock is moved instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { pgStoreUrl, TEST_PASSWORD } from '../../test/accounts.js';
import { decodeMime, startMailbox } from '../../test/mailbox.js';
import { makeUser } from '../../test/org-fixtures.js';
import { hashPassword } from './crypto.js';
import { authServices } from './index.js';
import { throttleWaits, LOGIN_THROTTLE } from './rate-limit.js';

const STRANGER = '203.0.113.66';
const OWNER_HOME = '198.51.100.7';

describe('sign-in throttle across two replicas', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let a: TestApp;
  let b: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_login_throttle');
    mailbox = await startMailbox();
    const env = { ASKDB_SMTP_URL: mailbox.url, ASKDB_SMTP_FROM: 'AskDB <askdb@test.local>' };
    a = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false }, env);
    b = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false }, env);
    for (const t of [a, b]) authServices(t.deps).throttle.clock = () => now;
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mailbox?.close();
    await db?.drop();
  });

  const login = (t: TestApp, account: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSWORD', account, password }, remoteAddress });

  it('waits grow from the sixth attempt on: none, then 1 s, 2 s, 4 s … up to 15 minutes', () => {
    const w = throttleWaits(LOGIN_THROTTLE);
    expect(w.slice(0, 8)).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000]);
    expect(w.at(-1)).toBe(15 * 60_000);
  });

  it('a stranger’s wrong passwords slow down only the stranger; the owner signs in at once and is told once (notice and e-mail)', async () => {
    const owner = await makeUser(a, 'Olga Owner');
    const email = `olga.${process.pid}@example.com`;
    await a.deps.store.db.updateTable('users').set({ email, password_hash: await hashPassword(TEST_PASSWORD) }).where('id', '=', owner.userId).execute();

    // Five wrong passwords, alternating replicas: each an ordinary "wrong credentials".
    for (let i = 0; i < 5; i++) {
      const r = await login(i % 2 ? a : b, email, 'Wrong1234', STRANGER);
      expect([r.statusCode, r.json().errorCode]).toEqual([400, 'WRONG_CREDENTIALS']);
    }
    // The sixth at once: 429 with the seconds to wait — even with the right password, on either replica.
    const slowed = await login(a, email, TEST_PASSWORD, STRANGER);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().errorMessage).toBe('Too many attempts; try again in 1 s');
    expect((await login(b, email, 'Wrong1234', STRANGER)).statusCode).toBe(429);

    // The owner, from their own address, is not kept out.
    const mine = await login(b, email, TEST_PASSWORD, OWNER_HOME);
    expect(mine.statusCode).toBe(200);

    // The owner was told: one notice in the notification centre, one e-mail.
    const notices = async () => (await a.json('GET', '/api/notification/list?pageSize=100', undefined, owner.headers)).body.data.data as Array<{ messageKey: string; params: Record<string, string | number> }>;
    // Told in the background (the answer does not wait for the mail server): wait for the notice.
    let told: Awaited<ReturnType<typeof notices>> = [];
    for (let i = 0; i < 100 && !told.length; i++) {
      told = (await notices()).filter((n) => n.messageKey === 'account.signInThrottled');
      if (!told.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ address: STRANGER, attempts: 5, account: email });
    const mail = await mailbox.next(email);
    const text = decodeMime(mail.raw);
    expect(text).toContain(`Someone at ${STRANGER} entered a wrong password for ${email} 5 times`);
    expect(text).toContain('输错密码 5 次');

    // Waits grow: after the wait, one more guess is looked at, then 2 s, then 4 s.
    for (const seconds of [2, 4, 8]) {
      now += 60_000;
      expect((await login(a, email, 'Wrong1234', STRANGER)).statusCode).toBe(400);
      const r = await login(b, email, 'Wrong1234', STRANGER);
      expect([r.statusCode, r.headers['retry-after']]).toEqual([429, String(seconds)]);
    }
    // Still one notice and one e-mail in this episode.
    expect((await notices()).filter((n) => n.messageKey === 'account.signInThrottled')).toHaveLength(1);
    expect(mailbox.mails.filter((m) => m.to.includes(email))).toHaveLength(1);

    // Parallel guesses get no extra tries: of ten at once after a wait, one is looked at.
    now += 60_000;
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login(i % 2 ? a : b, email, 'Wrong1234', STRANGER)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([400, ...Array(9).fill(429)]);

    // Not a lock: once the wait is over the right password works from the stranger's address too, and clears it.
    now += 15 * 60_000;
    expect((await login(a, email, TEST_PASSWORD, STRANGER)).statusCode).toBe(200);
    expect((await login(b, email, 'Wrong1234', STRANGER)).statusCode).toBe(400);
  });
});
