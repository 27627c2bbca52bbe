/**
 * Table types of invitations and rewards (migration 0009), reached with `rewardsDb(db)` like the
 * approvals' tables.
 */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';

export interface InvitationCodesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  created_at: string;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  currency: string;
  /** WithdrawalStatus in @askdb/contracts. */
  status: string;
  name: string;
  id_number_enc: string;
  id_number_hint: string;
  alipay_account: string;
  phone: string;
  operator_id: number | null;
  note: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RewardLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** REWARD, REVERSAL, WITHDRAW or RETURN. */
  kind: string;
  amount: number;
  currency: string;
  ref: string;
  order_id: number | null;
  withdrawal_id: number | null;
  invitee_user_id: number | null;
  product_name: string | null;
  pay_amount: number | null;
  created_at: string;
  /** From when the row counts in the withdrawable balance (migration 0017); null: at once. */
  matures_at?: string | null;
}

export type RewardTables = {
  invitation_codes: InvitationCodesTable;
  withdrawals: WithdrawalsTable;
  reward_ledger: RewardLedgerTable;
};

export type RewardDb = Kysely<RewardTables>;

export function rewardsDb(db: StoreDb | Kysely<any>): RewardDb {
  return (db as Kysely<any>).withTables<RewardTables>() as unknown as RewardDb;
}
