/**
 * Taking an invitation reward back (issue 24 point 4): when the money of the order it came from goes
 * back to the buyer (a subscription cancelled before it started), a REVERSAL row of the opposite
 * amount is written once per order (its unique `ref`), with the reward's maturity. If the inviter's
 * withdrawable balance is then below zero (a reward that had matured and been asked for), their
 * pending payouts (WAITING, newest first) are cancelled — rejected with the amount returned — until
 * it is not; what a payout already being paid cannot cover stays negative, and the operator's
 * payout list flags it. Runs inside the caller's transaction; the inviter's row is locked first on
 * PostgreSQL, as a withdrawal does, so a withdrawal and a reversal at once cannot both count the reward.
 */
import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { StoreDb } from '../../store/db.js';
import { nowIso } from '../../store/db.js';
import { rewardsDb } from '../../store/rewards-schema.js';
import { maturedBalances } from './balances.js';
import { rwMsg } from './messages.js';

export async function reverseInvitationReward(deps: Pick<AppDeps, 'store'>, orderId: number, db?: StoreDb | Kysely<any>, now: string = nowIso()): Promise<void> {
  const tx = (db ?? deps.store.db) as Kysely<any>;
  const r = rewardsDb(tx);
  const reward = await r.selectFrom('reward_ledger').selectAll().where('ref', '=', `order:${orderId}`).where('kind', '=', 'REWARD').executeTakeFirst();
  if (!reward) return;
  if (deps.store.dialect === 'postgres') await sql`select id from users where id = ${reward.user_id} for update`.execute(tx);
  const inserted = await r.insertInto('reward_ledger').values({
    user_id: reward.user_id, kind: 'REVERSAL', amount: -Number(reward.amount), currency: reward.currency, ref: `reversal:order:${orderId}`,
    order_id: orderId, withdrawal_id: null, invitee_user_id: reward.invitee_user_id, product_name: reward.product_name, pay_amount: reward.pay_amount,
    created_at: now, matures_at: reward.matures_at ?? null,
  }).onConflict((oc) => oc.column('ref').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return; // reversed before
  let balance = (await maturedBalances(r, reward.user_id, now)).get(reward.currency) ?? 0;
  if (balance >= 0) return;
  const pending = await r.selectFrom('withdrawals').select(['id', 'amount']).where('user_id', '=', reward.user_id)
    .where('currency', '=', reward.currency).where('status', '=', 'WAITING').orderBy('id', 'desc').execute();
  for (const w of pending) {
    if (balance >= 0) break;
    const done = await r.updateTable('withdrawals')
      .set({ status: 'REJECTED', note: rwMsg('en-US', 'REVERSAL_NOTE', { orderId }), updated_at: now, version: sql`version + 1` })
      .where('id', '=', w.id).where('status', '=', 'WAITING').executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await r.insertInto('reward_ledger').values({
      user_id: reward.user_id, kind: 'RETURN', amount: Number(w.amount), currency: reward.currency, ref: `return:${w.id}`, order_id: null,
      withdrawal_id: w.id, invitee_user_id: null, product_name: null, pay_amount: null, created_at: now, matures_at: null,
    }).execute();
    balance += Number(w.amount);
  }
}
