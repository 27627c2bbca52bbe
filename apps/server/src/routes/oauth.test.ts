import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, scratchPgDatabase, type TestApp } from '../test/helpers.js';
import { pgStoreUrl, sessionCookieOf, signUp } from '../test/accounts.js';
import { startIdentityProvider } from '../test/identity-provider.js';

const PUBLIC = 'http://askdb.test';

describe('GitHub / Google sign-in against a real OpenID Connect provider', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_oauth');
    idp = await startIdentityProvider(
      {
        alice: { email: 'alice@example.com', emailVerified: true, name: 'Alice' },
        carol: { email: 'carol@example.com', emailVerified: true, name: 'Carol C' },
        mallory: { email: 'carol2@example.com', emailVerified: false, name: 'Mallory' },
        dave: { email: 'dave@example.com', emailVerified: true, name: 'Dave' },
      },
      [`${PUBLIC}/api/oauth/callback/google`, `${PUBLIC}/api/oauth/callback/github`],
    );
    t = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false }, {
      ASKDB_PUBLIC_URL: PUBLIC,
      ASKDB_OIDC_GOOGLE_ISSUER: idp.issuer,
      ASKDB_OIDC_GOOGLE_CLIENT_ID: 'askdb-google',
      ASKDB_OIDC_GOOGLE_CLIENT_SECRET: 'secret-google-0123456789abcdef0123456789',
      ASKDB_OAUTH_GITHUB_CLIENT_ID: 'askdb-github',
      ASKDB_OAUTH_GITHUB_CLIENT_SECRET: 'secret-github-0123456789abcdef0123456789',
      ASKDB_OAUTH_GITHUB_AUTHORIZATION_URL: `${idp.issuer}/auth`,
      ASKDB_OAUTH_GITHUB_TOKEN_URL: `${idp.issuer}/token`,
      ASKDB_OAUTH_GITHUB_USERINFO_URL: `${idp.issuer}/me`,
      ASKDB_OAUTH_GITHUB_EMAILS_URL: '',
      ASKDB_OAUTH_GITHUB_SCOPE: 'openid email profile',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await db?.drop();
  });

  /** get_login_url → the provider's pages → our callback; returns the callback's answer. */
  async function signInVia(provider: 'google' | 'github', login: string, redirect?: string) {
    const q = new URLSearchParams({ provider, ...(redirect !== undefined ? { redirect } : {}) });
    const start = await t.json('GET', `/api/oauth/get_login_url?${q}`);
    expect(start.status).toBe(200);
    const back = await idp.authorize(start.body.data, login);
    expect(back.origin + back.pathname).toBe(`${PUBLIC}/api/oauth/callback/${provider}`);
    const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    return { res, back, cookie: sessionCookieOf(res.headers['set-cookie']) };
  }

  it('asks for the code with PKCE, a state and a nonce', async () => {
    const r = await t.json('GET', '/api/oauth/get_login_url?provider=google');
    const u = new URL(r.body.data);
    expect(u.origin).toBe(idp.issuer);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('state')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect((await t.json('GET', '/api/oauth/login_options')).body.data.providers).toEqual(['github', 'google']);
  });

  it('a first Google sign-in creates the account, sets the cookie and returns to the asked path', async () => {
    const { res, cookie } = await signInVia('google', 'alice', '/settings?tab=account');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/settings?tab=account');
    const me = await t.json('GET', '/api/oauth/user_a', undefined, { cookie: cookie! });
    expect(me.body.data).toMatchObject({ displayName: 'Alice', email: 'alice@example.com', currentOrganization: { type: 'PERSONAL' } });
    const again = await signInVia('google', 'alice');
    const me2 = await t.json('GET', '/api/oauth/user_a', undefined, { cookie: again.cookie! });
    expect(me2.body.data.id).toBe(me.body.data.id);
  });

  it('links to the existing account with the same verified e-mail, never to an unverified one', async () => {
    const carol = await signUp(t, { email: 'carol@example.com' });
    const { cookie } = await signInVia('google', 'carol');
    expect((await t.json('GET', '/api/oauth/user_a', undefined, { cookie: cookie! })).body.data.id).toBe(carol.userId);
    const carol2 = await signUp(t, { email: 'carol2@example.com' });
    const m = await signInVia('google', 'mallory');
    const mallory = (await t.json('GET', '/api/oauth/user_a', undefined, { cookie: m.cookie! })).body.data;
    expect(mallory.id).not.toBe(carol2.userId);
    expect(mallory.email).toBeNull();
  });

  it('the GitHub (plain OAuth 2) path signs in too', async () => {
    const { res, cookie } = await signInVia('github', 'dave', '/');
    expect(res.headers.location).toBe('/');
    expect((await t.json('GET', '/api/oauth/user_a', undefined, { cookie: cookie! })).body.data.email).toBe('dave@example.com');
  });

  it('never redirects off-site, and a replayed callback is refused', async () => {
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const { res } = await signInVia('google', 'alice', evil);
      expect(res.headers.location).toBe('/');
    }
    const { back } = await signInVia('google', 'alice', '/ok');
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { 'accept-language': 'zh-CN' } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toMatch(/^\/login\?oauthError=OAUTH_FAILED&message=/);
    expect(decodeURIComponent(String(replay.headers.location))).toContain('Google 登录失败');
    expect(sessionCookieOf(replay.headers['set-cookie'])).toBeNull();
  });
});
