/** OAuth sign-in state (oauth_states: PKCE verifier, nonce, return path) and linked identities (oauth_identities). */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface OAuthState {
  provider: string;
  codeVerifier: string;
  nonce: string | null;
  redirect: string | null;
  createdAt: string;
}

export class OAuthRepo {
  constructor(private readonly db: StoreDb) {}

  async saveState(state: string, s: Omit<OAuthState, 'createdAt'>): Promise<void> {
    await this.db.insertInto('oauth_states').values({ state, provider: s.provider, code_verifier: s.codeVerifier, nonce: s.nonce, redirect: s.redirect, created_at: nowIso() }).execute();
  }

  /** Removes and returns the state (each one is good for one callback), or null. */
  async takeState(state: string): Promise<OAuthState | null> {
    const r = await this.db.deleteFrom('oauth_states').where('state', '=', state).returning(['provider', 'code_verifier', 'nonce', 'redirect', 'created_at']).executeTakeFirst();
    return r ? { provider: r.provider, codeVerifier: r.code_verifier, nonce: r.nonce, redirect: r.redirect, createdAt: r.created_at } : null;
  }

  async pruneStates(before: string): Promise<void> {
    await this.db.deleteFrom('oauth_states').where('created_at', '<', before).execute();
  }

  async userOf(provider: string, subject: string): Promise<number | null> {
    const r = await this.db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    return r?.user_id ?? null;
  }

  async link(provider: string, subject: string, userId: number, db: StoreDb = this.db): Promise<void> {
    await db.insertInto('oauth_identities').values({ provider, subject, user_id: userId, created_at: nowIso() }).execute();
  }
}
