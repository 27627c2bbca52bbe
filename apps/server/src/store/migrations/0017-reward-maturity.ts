/**
 * Rewards that cannot be farmed (issue 24 point 4): a reward is withdrawable only once the order it
 * came from can no longer be cancelled and credited back, i.e. when its subscription starts
 * (services/commerce/subscriptions.ts credits back only a subscription not started yet).
 * `matures_at` on a ledger row says from when it counts in the withdrawable balance; null counts at
 * once (withdrawals, returns, and the rewards credited before this migration).
 */
import type { Kysely, Migration } from 'kysely';

export function rewardMaturityMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('reward_ledger').addColumn('matures_at', 'varchar(40)').execute();
    },
  };
}
