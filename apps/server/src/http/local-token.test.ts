/**
 * Issue 24 point 3: local mode bound to a non-loopback HOST serves nothing without its access token
 * (even with `Host: localhost`, the header an attacker on the network sends); the token once in the
 * URL becomes an HttpOnly cookie. On loopback no token is asked. Every response carries the strict
 * CSP, nosniff, no-referrer and DENY framing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { TOKEN_COOKIE } from './local-token.js';
import { configFromEnv, isLoopbackHost } from '../config.js';

describe('local mode on a network address needs its token', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp({ demo: false }, { HOST: '0.0.0.0' });
    token = t.deps.config.accessToken!;
  });
  afterAll(() => t.close());

  it('a random token per start, none on loopback or in server mode', () => {
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(configFromEnv({ HOST: '0.0.0.0', ASKDB_HOME: t.home }).accessToken).not.toBe(token);
    expect(configFromEnv({ ASKDB_HOME: t.home }).accessToken).toBeNull();
    expect(configFromEnv({ HOST: '127.0.0.2', ASKDB_HOME: t.home }).accessToken).toBeNull();
    expect(configFromEnv({ HOST: '0.0.0.0', ASKDB_MODE: 'server', ASKDB_HOME: t.home }).accessToken).toBeNull();
    expect(configFromEnv({ HOST: '192.168.1.5', ASKDB_TOKEN: 'chosen', ASKDB_HOME: t.home }).accessToken).toBe('chosen');
    expect(isLoopbackHost('[::1]') && isLoopbackHost('localhost') && !isLoopbackHost('10.0.0.1')).toBe(true);
  });

  it('without the token, "Host: localhost" runs no SQL and reads no page', async () => {
    const sql = await t.app.inject({ method: 'POST', url: '/api/connection/datasource/pre_connect', headers: { host: 'localhost' }, payload: { type: 'SQLITE', filePath: ':memory:' } });
    expect(sql.statusCode).toBe(401);
    expect(sql.json().errorMessage).toContain('?token=');
    const list = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list', headers: { host: 'localhost', cookie: `${TOKEN_COOKIE}=wrong` } });
    expect(list.statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost', 'accept-language': 'ja-JP' } });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('アクセストークン');
    const wrong = await t.app.inject({ method: 'GET', url: '/?token=nope', headers: { host: 'localhost' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('the token in the URL becomes an HttpOnly cookie, and the page reloads without it', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/workspace?x=1&token=${token}`, headers: { host: 'localhost' } });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/workspace?x=1');
    const cookie = String(r.headers['set-cookie']);
    expect(cookie).toContain(`${TOKEN_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const list = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list', headers: { host: 'localhost', cookie: `${TOKEN_COOKIE}=${token}` } });
    expect(list.statusCode).toBe(200);
    const header = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list', headers: { host: 'localhost', 'x-askdb-token': token } });
    expect(header.statusCode).toBe(200);
  });
});

describe('security headers (loopback, no token)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  it('every response forbids framing, inline script and sniffing; errors too', async () => {
    for (const r of [
      await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list' }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
      await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list', headers: { host: 'evil.example' } }),
    ]) {
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(t.deps.config.accessToken).toBeNull();
  });
});
