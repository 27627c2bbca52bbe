/**
 * The operator's payouts (issue 14 point 5): list withdrawals and mark them. Each mark is a
 * conditional update from the states it may leave (two operators or replicas mark a payout once);
 * a rejection returns the amount to the user's balance with a RETURN ledger row in the same
 * transaction.
 */
import { sql } from 'kysely';
import { REWARD_ERROR_CODES, type Language, type NegativeRewardBalance, type PayoutView, type WithdrawalStatus } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../store/db.js';
import { rewardsDb } from '../../store/rewards-schema.js';
import { AppError } from '../../http/errors.js';
import { ERROR_CODES } from '@askdb/contracts';
import { rwMsg } from './messages.js';
import { maturedBalances, negativeBalances } from './balances.js';

const FROM: Record<'WITHDRAWING' | 'WITHDRAWN' | 'REJECTED', WithdrawalStatus[]> = {
  WITHDRAWING: ['WAITING'],
  WITHDRAWN: ['WAITING', 'WITHDRAWING'],
  REJECTED: ['WAITING', 'WITHDRAWING'],
};

export class PayoutService {
  constructor(private readonly deps: Pick<AppDeps, 'store' | 'secrets'>, private readonly clock: () => number = Date.now) {}

  /**
   * A page of payouts, each with its user's withdrawable balance (flagged when below zero), and every
   * user whose balance went below zero (a reward paid out, then credited back with its order).
   */
  async list(q: { status?: WithdrawalStatus; pageNo: number; pageSize: number }): Promise<{ data: PayoutView[]; total: number; negativeBalances: NegativeRewardBalance[] }> {
    const db = rewardsDb(this.deps.store.db);
    const now = new Date(this.clock()).toISOString();
    const negatives = await negativeBalances(db, now);
    const people = negatives.length
      ? await sql<{ id: number; name: string; email: string | null }>`select id, name, email from users where id in (${sql.join(negatives.map((x) => x.userId))})`.execute(db)
      : { rows: [] };
    const who = new Map(people.rows.map((u) => [u.id, u]));
    const balances = new Map<number, Map<string, number>>();
    const balanceOf = async (userId: number, currency: string) => {
      if (!balances.has(userId)) balances.set(userId, await maturedBalances(db, userId, now));
      return balances.get(userId)!.get(currency) ?? 0;
    };
    let base = db.selectFrom('withdrawals as w');
    if (q.status) base = base.where('w.status', '=', q.status);
    const total = Number((await base.select(sql<string>`count(*)`.as('c')).executeTakeFirst())?.c ?? 0);
    const rows = await base.leftJoin(sql<{ id: number; name: string; email: string | null }>`users`.as('u'), 'u.id', 'w.user_id')
      .selectAll('w').select([sql<string | null>`u.name`.as('user_name'), sql<string | null>`u.email`.as('user_email')])
      .orderBy('w.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
    const data: PayoutView[] = [];
    for (const w of rows) {
      const balance = await balanceOf(w.user_id, w.currency);
      data.push({
        id: w.id, amount: Number(w.amount), currency: w.currency, status: w.status as WithdrawalStatus, createdAt: w.created_at, updatedAt: w.updated_at,
        userId: w.user_id, userName: w.user_name ?? '', userEmail: w.user_email, name: w.name, idNumberHint: w.id_number_hint,
        alipayAccount: w.alipay_account, phone: w.phone, note: w.note, balance, balanceNegative: balance < 0,
      });
    }
    return {
      total,
      data,
      negativeBalances: negatives.map((x) => ({ ...x, userName: who.get(x.userId)?.name ?? '', userEmail: who.get(x.userId)?.email ?? null })),
    };
  }

  /** The full ID number of one payout, for the operator paying it. */
  async idNumber(id: number, lang: Language): Promise<string> {
    const w = await rewardsDb(this.deps.store.db).selectFrom('withdrawals').select('id_number_enc').where('id', '=', id).executeTakeFirst();
    if (!w) throw new AppError(404, ERROR_CODES.NOT_FOUND, rwMsg(lang, 'WITHDRAWAL_NOT_FOUND', { id }));
    return this.deps.secrets.decrypt(w.id_number_enc);
  }

  async mark(operatorId: number, lang: Language, id: number, target: 'WITHDRAWING' | 'WITHDRAWN' | 'REJECTED', note?: string): Promise<void> {
    await this.deps.store.db.transaction().execute(async (trx) => {
      const db = rewardsDb(trx);
      const now = nowIso();
      const r = await db.updateTable('withdrawals')
        .set({ status: target, operator_id: operatorId, note: note ?? null, updated_at: now, version: sql`version + 1` })
        .where('id', '=', id).where('status', 'in', FROM[target]).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        const cur = await db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirst();
        if (!cur) throw new AppError(404, ERROR_CODES.NOT_FOUND, rwMsg(lang, 'WITHDRAWAL_NOT_FOUND', { id }));
        throw new AppError(409, REWARD_ERROR_CODES.WITHDRAWAL_STATE, rwMsg(lang, 'WITHDRAWAL_STATE', { id, status: cur.status, target }));
      }
      if (target === 'REJECTED') {
        const w = await db.selectFrom('withdrawals').select(['user_id', 'amount', 'currency']).where('id', '=', id).executeTakeFirstOrThrow();
        await db.insertInto('reward_ledger').values({
          user_id: w.user_id, kind: 'RETURN', amount: Number(w.amount), currency: w.currency, ref: `return:${id}`, order_id: null,
          withdrawal_id: id, invitee_user_id: null, product_name: null, pay_amount: null, created_at: now,
        }).execute();
      }
    });
  }
}
