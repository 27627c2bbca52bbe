/** Personal API keys (api_keys): only the SHA-256 of a key is stored, with its first characters for the list. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface ApiKeyRecord {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export class ApiKeyRepo {
  constructor(private readonly db: StoreDb) {}

  async create(userId: number, name: string, prefix: string, keyHash: string): Promise<number> {
    const r = await this.db.insertInto('api_keys').values({ user_id: userId, name, prefix, key_hash: keyHash, created_at: nowIso(), last_used_at: null, revoked_at: null }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async list(userId: number): Promise<ApiKeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').select(['id', 'name', 'prefix', 'created_at', 'last_used_at']).where('user_id', '=', userId).where('revoked_at', 'is', null).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
  }

  /** The live key with this hash and its user's status, or null. */
  async byHash(keyHash: string): Promise<{ id: number; userId: number; lastUsedAt: string | null; userStatus: string } | null> {
    const r = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.user_id')
      .select(['k.id', 'k.user_id', 'k.last_used_at', 'u.status'])
      .where('k.key_hash', '=', keyHash)
      .where('k.revoked_at', 'is', null)
      .executeTakeFirst();
    return r ? { id: r.id, userId: r.user_id, lastUsedAt: r.last_used_at, userStatus: r.status } : null;
  }

  async markUsed(id: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', id).execute();
  }

  async revoke(userId: number, id: number): Promise<boolean> {
    const r = await this.db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
