/** One-time passcodes (passcodes): stored as a hash, with an expiry, an attempts counter and a consumed mark. */
import { sql } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface PasscodeRecord {
  id: number;
  target: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  consumedAt: string | null;
  createdAt: string;
}

export class PasscodeRepo {
  constructor(private readonly db: StoreDb) {}

  async create(target: string, purpose: string, codeHash: string, expiresAt: string): Promise<void> {
    await this.db.insertInto('passcodes').values({ target, purpose, code_hash: codeHash, attempts: 0, expires_at: expiresAt, consumed_at: null, created_at: nowIso() }).execute();
  }

  /** The newest passcode for the target and purpose, whatever its state. */
  async latest(target: string, purpose: string): Promise<PasscodeRecord | null> {
    const r = await this.db.selectFrom('passcodes').selectAll().where('target', '=', target).where('purpose', '=', purpose).orderBy('id', 'desc').executeTakeFirst();
    return r ? { id: r.id, target: r.target, purpose: r.purpose, codeHash: r.code_hash, attempts: Number(r.attempts), expiresAt: r.expires_at, consumedAt: r.consumed_at, createdAt: r.created_at } : null;
  }

  /** Counts one attempt atomically; returns the attempts so far (including this one). */
  async addAttempt(id: number): Promise<number> {
    const r = await this.db.updateTable('passcodes').set({ attempts: sql<number>`attempts + 1` }).where('id', '=', id).returning('attempts').executeTakeFirstOrThrow();
    return Number(r.attempts);
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: number): Promise<boolean> {
    const r = await this.db.updateTable('passcodes').set({ consumed_at: nowIso() }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async prune(before: string): Promise<void> {
    await this.db.deleteFrom('passcodes').where('expires_at', '<', before).execute();
  }
}
