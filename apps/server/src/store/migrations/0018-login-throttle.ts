/**
 * Sign-in throttling instead of a lock (issue 24 point 4): one row per (account, client address)
 * with its failures in the current episode and the time before which the next attempt is answered
 * 429; and one row per account (`notice:<account>`) recording when its owner was last told.
 */
import type { Kysely, Migration } from 'kysely';

export function loginThrottleMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('login_throttle')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        /** ms since the epoch: the last attempt counted. */
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        /** ms since the epoch: no attempt is looked at before this. */
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
