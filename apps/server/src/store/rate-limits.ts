/**
 * Fixed-window counters in the app store, so every replica sees the same counts. One atomic
 * upsert-increment per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING works on SQLite and PostgreSQL).
 */
import { sql } from 'kysely';
import type { StoreDb } from './db.js';

export class RateLimitRepo {
  constructor(private readonly db: StoreDb) {}

  /** Adds one to the bucket's counter for the window starting at `windowStart` (ms) and returns the new count. */
  async hit(bucket: string, windowStart: number): Promise<number> {
    const r = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`${sql.ref('rate_limits.count')} + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(r.count);
  }

  async count(bucket: string, windowStart: number): Promise<number> {
    const r = await this.db.selectFrom('rate_limits').select('count').where('bucket', '=', bucket).where('window_start', '=', windowStart).executeTakeFirst();
    return Number(r?.count ?? 0);
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
  }

  /** Drops windows that ended before `before` (ms). */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
  }
}
