/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for sign-in tests, with two clients
 * (one for the OIDC "google" path, one for the plain OAuth 2 "github" path), and a browser-like
 * walk through its login and consent pages.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export async function startIdentityProvider(accounts: Record<string, TestAccount>, redirectUris: string[]) {
  const server0: Server = (await import('node:http')).createServer();
  await new Promise<void>((r) => server0.listen(0, '127.0.0.1', r));
  const port = (server0.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: ['google', 'github'].map((id) => ({ client_id: `askdb-${id}`, client_secret: `secret-${id}-0123456789abcdef0123456789`, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const a = accounts[id];
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: a.email, email_verified: a.emailVerified, name: a.name }) };
    },
  });
  provider.proxy = false;
  server0.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((r) => server0.close(() => r())),
    /**
     * Follows an authorization URL as a browser would, signing in as `login` and granting consent;
     * returns the URL the provider finally sends the browser to (our callback with code and state).
     */
    async authorize(url: string, login: string): Promise<URL> {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res: Response) => {
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          jar.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
      };
      let next = new URL(url);
      for (let hop = 0; hop < 12; hop++) {
        if (next.origin !== issuer) return next;
        let res = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
        keep(res);
        if (res.status === 200 && next.pathname.startsWith('/interaction/')) {
          const html = await res.text();
          const form: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
          res = await fetch(next, { method: 'POST', redirect: 'manual', headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
          keep(res);
        }
        const loc = res.headers.get('location');
        if (!loc) throw new Error(`identity provider answered ${res.status} at ${next.pathname} without a redirect: ${(await res.text()).slice(0, 300)}`);
        next = new URL(loc, next);
      }
      throw new Error('too many redirects at the identity provider');
    },
  };
}
