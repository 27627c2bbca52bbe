/**
 * Fixed-window counters in the app store, so every replica sees the same counts. One atomic
 * upsert-increment per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING works on SQLite and PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';
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

interface LoginThrottleTable {
  key: string;
  failures: number;
  last_at: number;
  next_at: number;
}
type ThrottleDb = Kysely<{ login_throttle: LoginThrottleTable }>;

/**
 * Sign-in attempts per (account, client address) (migration 0018): each attempt is reserved by one
 * conditional update that only passes once the wait of the previous failures is over, and sets the
 * wait after this one — so replicas and parallel requests get no extra guesses. A success clears
 * the row; a quiet `episodeMs` starts the count again.
 */
export class LoginThrottleRepo {
  private readonly db: ThrottleDb;
  constructor(db: StoreDb) {
    this.db = (db as unknown as Kysely<any>).withTables<{ login_throttle: LoginThrottleTable }>() as unknown as ThrottleDb;
  }

  /**
   * Counts an attempt at `now` unless the key must still wait. `waitAfter[n-1]` is the wait (ms) after
   * the n-th attempt; beyond the list, its last value. Answers the attempt's number in the episode,
   * or how long to wait.
   */
  async reserve(key: string, now: number, episodeMs: number, waitAfter: number[]): Promise<{ attempt: number } | { waitMs: number }> {
    await this.db.insertInto('login_throttle').values({ key, failures: 0, last_at: now, next_at: 0 }).onConflict((oc) => oc.column('key').doNothing()).execute();
    await this.db.updateTable('login_throttle').set({ failures: 0, next_at: 0 }).where('key', '=', key).where('last_at', '<', now - episodeMs).execute();
    const n = sql.ref('failures');
    // Our own integers, written as literals so PostgreSQL types the CASE as a number.
    const lit = (v: number) => sql.lit(Math.trunc(v));
    const cases = waitAfter.map((ms, i) => sql`when ${n} + 1 = ${lit(i + 1)} then ${lit(ms)}`);
    const wait = sql<number>`case ${sql.join(cases, sql` `)} else ${lit(waitAfter[waitAfter.length - 1] ?? 0)} end`;
    const row = await this.db.updateTable('login_throttle')
      .set({ failures: sql`failures + 1`, last_at: now, next_at: sql`cast(${now} as bigint) + ${wait}` })
      .where('key', '=', key).where('next_at', '<=', now)
      .returning('failures').executeTakeFirst();
    if (row) return { attempt: Number(row.failures) };
    const cur = await this.db.selectFrom('login_throttle').select('next_at').where('key', '=', key).executeTakeFirst();
    return { waitMs: Math.max(1, Number(cur?.next_at ?? now + 1000) - now) };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }

  /** True for the one caller that may tell the account's owner now: nobody did within `episodeMs`. */
  async claimNotice(account: string, now: number, episodeMs: number): Promise<boolean> {
    const row = await this.db.insertInto('login_throttle').values({ key: `notice:${account}`, failures: 0, last_at: now, next_at: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ last_at: now }).where('login_throttle.last_at', '<', now - episodeMs))
      .returning('key').executeTakeFirst();
    return !!row;
  }
}
