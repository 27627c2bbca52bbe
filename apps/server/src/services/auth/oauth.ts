/**
 * GitHub and Google sign-in with openid-client: Google (or any OpenID Connect issuer) by discovery,
 * ID token checked with the nonce; GitHub as plain OAuth 2 with configurable endpoints. Both use
 * PKCE and a one-time state kept in the store (so the callback may land on another replica). The
 * user is found by (provider, subject), else linked to the account with the same verified e-mail,
 * else registered (registration policy applies). The return path must be a same-site relative path.
 */
import * as oidc from 'openid-client';
import type { Language } from '@askdb/contracts';
import { AUTH_ERROR_CODES } from '@askdb/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { OAuthRepo } from '../../store/oauth.js';
import type { UserRepo } from '../../store/users.js';
import type { AuthConfig, OidcProviderConfig } from './auth-config.js';
import type { RegistrationService } from './registration.js';
import { authError } from './errors.js';

export const OAUTH_PROVIDERS = ['github', 'google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
const STATE_TTL_MS = 10 * 60_000;

export interface ExternalProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/** A same-site relative path to return to, or '/' (no open redirect: no scheme, no host, no `//`). */
export function safeRedirect(redirect: string | undefined | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  try {
    const u = new URL(redirect, 'http://askdb.invalid');
    if (u.origin !== 'http://askdb.invalid') return '/';
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return '/';
  }
}

export class OAuthService {
  private readonly configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();
  constructor(
    private readonly repo: OAuthRepo,
    private readonly users: UserRepo,
    private readonly registration: RegistrationService,
    private readonly config: AuthConfig,
  ) {}

  private settings(provider: OAuthProvider, lang: Language): OidcProviderConfig {
    const s = this.config.oidc[provider];
    if (!s) throw authError(400, AUTH_ERROR_CODES.PROVIDER_NOT_CONFIGURED, lang, 'PROVIDER_NOT_CONFIGURED', { provider: label(provider) });
    return s;
  }

  private client(provider: OAuthProvider, s: OidcProviderConfig): Promise<oidc.Configuration> {
    let c = this.configs.get(provider);
    if (!c) {
      const insecure = (url?: string) => !!url && url.startsWith('http://');
      if (s.issuer) {
        c = oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, { execute: insecure(s.issuer) ? [oidc.allowInsecureRequests] : [], timeout: 10 });
      } else {
        const conf = new oidc.Configuration({ issuer: new URL(s.authorizationUrl!).origin, authorization_endpoint: s.authorizationUrl, token_endpoint: s.tokenUrl, userinfo_endpoint: s.userinfoUrl }, s.clientId, s.clientSecret);
        if (insecure(s.tokenUrl)) oidc.allowInsecureRequests(conf);
        c = Promise.resolve(conf);
      }
      c.catch(() => this.configs.delete(provider));
      this.configs.set(provider, c);
    }
    return c;
  }

  /** The provider's authorization URL; the state, PKCE verifier, nonce and return path wait in the store. */
  async loginUrl(provider: OAuthProvider, redirect: string | undefined, redirectUri: string, lang: Language): Promise<string> {
    const s = this.settings(provider, lang);
    let conf: oidc.Configuration;
    try {
      conf = await this.client(provider, s);
    } catch (e) {
      throw authError(502, AUTH_ERROR_CODES.OAUTH_FAILED, lang, 'OAUTH_FAILED', { provider: label(provider), reason: (e as Error).message });
    }
    await this.repo.pruneStates(new Date(Date.now() - STATE_TTL_MS).toISOString());
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = s.issuer ? oidc.randomNonce() : null;
    await this.repo.saveState(state, { provider, codeVerifier, nonce, redirect: safeRedirect(redirect) });
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: s.scope,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (nonce) params.nonce = nonce;
    return oidc.buildAuthorizationUrl(conf, params).href;
  }

  /** Finishes the provider's callback: the user id to sign in and the path to return to. */
  async callback(provider: OAuthProvider, currentUrl: URL, lang: Language, log: FastifyBaseLogger): Promise<{ userId: number; redirect: string }> {
    const s = this.settings(provider, lang);
    const fail = (reason: string) => authError(400, AUTH_ERROR_CODES.OAUTH_FAILED, lang, 'OAUTH_FAILED', { provider: label(provider), reason });
    const stateParam = currentUrl.searchParams.get('state');
    const saved = stateParam ? await this.repo.takeState(stateParam) : null;
    if (!saved || saved.provider !== provider || Date.now() - Date.parse(saved.createdAt) > STATE_TTL_MS) throw fail('the sign-in request expired or was already used; start again');
    const providerError = currentUrl.searchParams.get('error');
    if (providerError) throw fail(currentUrl.searchParams.get('error_description') ?? providerError);
    let profile: ExternalProfile;
    try {
      const conf = await this.client(provider, s);
      const tokens = await oidc.authorizationCodeGrant(conf, currentUrl, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: stateParam!,
        ...(saved.nonce ? { expectedNonce: saved.nonce, idTokenExpected: true } : {}),
      });
      profile = s.issuer ? await this.oidcProfile(conf, tokens) : await this.oauth2Profile(conf, s, tokens.access_token);
    } catch (e) {
      log.warn({ err: e, provider }, 'OAuth callback failed');
      throw fail((e as Error).message);
    }
    const userId = await this.userFor(provider, profile, lang);
    return { userId, redirect: safeRedirect(saved.redirect) };
  }

  private async oidcProfile(conf: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ExternalProfile> {
    const claims = tokens.claims()!;
    let info: Record<string, unknown> = { ...claims };
    if (!claims.email && conf.serverMetadata().userinfo_endpoint) info = { ...info, ...(await oidc.fetchUserInfo(conf, tokens.access_token, claims.sub)) };
    return { subject: claims.sub, email: typeof info.email === 'string' ? info.email.toLowerCase() : null, emailVerified: info.email_verified === true, name: String(info.name ?? info.preferred_username ?? info.email ?? claims.sub) };
  }

  /** GitHub: `/user` gives id, login and name; `/user/emails` the addresses with their verified flag. */
  private async oauth2Profile(conf: oidc.Configuration, s: OidcProviderConfig, token: string): Promise<ExternalProfile> {
    const get = async (url: string) => {
      const res = await oidc.fetchProtectedResource(conf, token, new URL(url), 'GET', undefined, new Headers({ accept: 'application/json' }));
      if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
      return res.json() as Promise<any>;
    };
    const me = await get(s.userinfoUrl!);
    let email: string | null = typeof me.email === 'string' ? me.email : null;
    let verified = me.email_verified === true;
    if (s.emailsUrl) {
      const list = (await get(s.emailsUrl)) as { email: string; primary: boolean; verified: boolean }[];
      const best = list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified);
      if (best) [email, verified] = [best.email, true];
    }
    const subject = String(me.id ?? me.sub ?? '');
    if (!subject) throw new Error('the provider did not name the user');
    return { subject, email: email?.toLowerCase() ?? null, emailVerified: verified, name: String(me.name || me.login || me.preferred_username || email || subject) };
  }

  /** The linked user, the user with the same verified e-mail (then linked), or a new account. */
  private async userFor(provider: OAuthProvider, p: ExternalProfile, lang: Language): Promise<number> {
    const linked = await this.repo.userOf(provider, p.subject);
    if (linked !== null) return linked;
    if (p.email && p.emailVerified) {
      const same = await this.users.byEmail(p.email);
      if (same) {
        await this.repo.link(provider, p.subject, same.id).catch(() => {});
        return (await this.repo.userOf(provider, p.subject)) ?? same.id;
      }
    }
    return this.registration.registerExternal({ name: p.name.slice(0, 64), email: p.emailVerified ? p.email : null }, (tx, id) => this.repo.link(provider, p.subject, id, tx), lang);
  }
}

const label = (p: OAuthProvider) => (p === 'github' ? 'GitHub' : 'Google');
