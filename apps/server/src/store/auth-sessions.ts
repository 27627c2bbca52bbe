/** Server-side sign-in sessions (auth_sessions): the cookie carries a random token, the row its SHA-256. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface AuthSessionRecord {
  id: string;
  userId: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export class AuthSessionRepo {
  constructor(private readonly db: StoreDb) {}

  async create(s: { id: string; userId: number; userAgent: string | null; ip: string | null; expiresAt: string }, db: StoreDb = this.db): Promise<void> {
    const now = nowIso();
    await db.insertInto('auth_sessions').values({ id: s.id, user_id: s.userId, user_agent: s.userAgent?.slice(0, 512) ?? null, ip: s.ip?.slice(0, 64) ?? null, created_at: now, last_seen_at: now, expires_at: s.expiresAt, revoked_at: null }).execute();
  }

  /** A live session (not revoked, not expired) with its user's status, or null. */
  async live(id: string): Promise<(AuthSessionRecord & { userStatus: string }) | null> {
    const r = await this.db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.user_agent', 's.ip', 's.created_at', 's.last_seen_at', 's.expires_at', 'u.status'])
      .where('s.id', '=', id)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', nowIso())
      .executeTakeFirst();
    return r ? { id: r.id, userId: r.user_id, userAgent: r.user_agent, ip: r.ip, createdAt: r.created_at, lastSeenAt: r.last_seen_at, expiresAt: r.expires_at, userStatus: r.status } : null;
  }

  async touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db.updateTable('auth_sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async listLive(userId: number): Promise<AuthSessionRecord[]> {
    const rows = await this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, userAgent: r.user_agent, ip: r.ip, createdAt: r.created_at, lastSeenAt: r.last_seen_at, expiresAt: r.expires_at }));
  }

  /** Revokes one of the user's sessions; false when it is not theirs or already gone. */
  async revoke(userId: number, id: string): Promise<boolean> {
    const r = await this.db.updateTable('auth_sessions').set({ revoked_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Revokes all the user's sessions, except `keep` when given; returns how many. */
  async revokeAll(userId: number, keep?: string): Promise<number> {
    let q = this.db.updateTable('auth_sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keep) q = q.where('id', '!=', keep);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
