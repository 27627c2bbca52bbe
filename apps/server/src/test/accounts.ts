/**
 * Signed-in requests in tests (contract): `signUp` registers through the real register route
 * (server mode, no passcode sender configured) and returns the session cookie; `sessionFor` opens
 * a session for an existing user straight in the store (fixtures).
 */
import { PG_URL, type TestApp } from './helpers.js';
import { randomToken, sha256 } from '../services/auth/crypto.js';
import { SESSION_COOKIE, SESSION_MS } from '../services/auth/cookies.js';
import { AuthSessionRepo } from '../store/auth-sessions.js';

export const TEST_PASSWORD = 'Correct7horse';

export interface SignedIn {
  userId: number;
  /** `askdb_session=<token>`, for a Cookie header. */
  cookie: string;
  headers: Record<string, string>;
}

/** The `askdb_session=…` pair from a response's Set-Cookie headers, or null. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | null {
  for (const c of [setCookie ?? []].flat()) {
    const m = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(c);
    if (m && m[1]) return `${SESSION_COOKIE}=${m[1]}`;
  }
  return null;
}

export async function signUp(t: TestApp, opts: { email: string; password?: string; displayName?: string; inviteToken?: string }): Promise<SignedIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/register_a',
    payload: { email: opts.email, password: opts.password ?? TEST_PASSWORD, displayName: opts.displayName ?? opts.email.split('@')[0], inviteToken: opts.inviteToken },
  });
  const body = res.json();
  if (res.statusCode !== 200 || !body.success) throw new Error(`signUp(${opts.email}) failed: HTTP ${res.statusCode} ${body.errorCode}: ${body.errorMessage}`);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  if (!cookie) throw new Error('signUp: no session cookie in the answer');
  return { userId: body.data.id, cookie, headers: { cookie } };
}

/** Signs in through the real login route; returns the cookie headers. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const res = await t.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSWORD', account: email, password } });
  const body = res.json();
  if (res.statusCode !== 200 || !body.success) throw new Error(`signIn(${email}) failed: HTTP ${res.statusCode} ${body.errorCode}: ${body.errorMessage}`);
  const cookie = sessionCookieOf(res.headers['set-cookie'])!;
  return { userId: body.data.id, cookie, headers: { cookie } };
}

/** A session for an existing user, written to the store directly; returns the Cookie headers. */
export async function sessionFor(t: TestApp, userId: number): Promise<Record<string, string>> {
  const token = randomToken(32);
  await new AuthSessionRepo(t.deps.store.db).create({ id: sha256(token), userId, userAgent: 'test', ip: '127.0.0.1', expiresAt: new Date(Date.now() + SESSION_MS).toISOString() });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** The URL of a database on the test PostgreSQL server (for a server-mode app's store). */
export function pgStoreUrl(database: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}
