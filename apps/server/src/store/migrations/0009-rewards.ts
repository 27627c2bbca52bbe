/**
 * Invitations and rewards (issue 14 point 5; spec 02 §3 "Invitation and withdrawal"): one invitation
 * code per user, the reward ledger and withdrawals. Money is integer minor units. The ledger is
 * append-only: every change of a user's withdrawable balance is an inserted row (a reward credited,
 * a withdrawal requested, a rejected withdrawal returned), never an update in place.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function rewardsMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('invitation_codes'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique())
        .addColumn('code', 'varchar(6)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('withdrawals'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        /** WAITING → WITHDRAWING → WITHDRAWN, or REJECTED (the amount returns to the balance). */
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        /** The ID number, encrypted (store/secret.ts); `id_number_hint` keeps its last 4 characters for display. */
        .addColumn('id_number_enc', 'text', (c) => c.notNull())
        .addColumn('id_number_hint', 'varchar(8)', (c) => c.notNull())
        .addColumn('alipay_account', 'varchar(128)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)', (c) => c.notNull())
        .addColumn('operator_id', 'integer')
        .addColumn('note', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
      await withId(db.schema.createTable('reward_ledger'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** REWARD (+, an invited user's paid order), WITHDRAW (−, a withdrawal requested), RETURN (+, a rejected withdrawal). */
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        /** Makes each balance change happen once: 'order:<id>', 'withdraw:<id>', 'return:<id>'. */
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('order_id', 'integer')
        .addColumn('withdrawal_id', 'integer')
        .addColumn('invitee_user_id', 'integer')
        .addColumn('product_name', 'varchar(255)')
        .addColumn('pay_amount', 'bigint')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reward_ledger_user').on('reward_ledger').columns(['user_id', 'kind', 'id']).execute();
    },
  };
}
