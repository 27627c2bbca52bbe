/**
 * The withdrawable balance (issue 24 point 4): the sum of a user's ledger rows that have matured. A
 * reward matures when the order it came from can no longer be cancelled and credited back (its
 * subscription has started); until then it counts in the total assets but cannot be withdrawn, so a
 * reward cannot be taken out and then reversed. A reversal carries its reward's maturity, so a reward
 * reversed before it matured never touches the withdrawable balance.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { RewardDb, RewardTables } from '../../store/rewards-schema.js';

/** Rows counted in the withdrawable balance at `now` (ISO). */
export const matured = (now: string) => (eb: ExpressionBuilder<RewardTables, 'reward_ledger'>) =>
  eb.or([eb('reward_ledger.matures_at', 'is', null), eb('reward_ledger.matures_at', '<=', now)]);

/** Per currency, a user's withdrawable balance at `now`. */
export async function maturedBalances(db: RewardDb, userId: number, now: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('reward_ledger').select(['currency', sql<string>`sum(amount)`.as('s')])
    .where('user_id', '=', userId).where(matured(now)).groupBy('currency').execute();
  return new Map(rows.map((r) => [r.currency, Number(r.s ?? 0)]));
}

/** Every (user, currency) whose withdrawable balance is below zero: money paid out that came back (the operator's list flags them). */
export async function negativeBalances(db: RewardDb, now: string): Promise<Array<{ userId: number; currency: string; balance: number }>> {
  const rows = await db.selectFrom('reward_ledger').select(['user_id', 'currency', sql<string>`sum(amount)`.as('s')])
    .where(matured(now)).groupBy(['user_id', 'currency']).having(sql`sum(amount)`, '<', 0).execute();
  return rows.map((r) => ({ userId: r.user_id, currency: r.currency, balance: Number(r.s) }));
}
