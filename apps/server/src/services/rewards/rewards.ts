/**
 * Rewards of invitation codes (issue 14 point 5; spec 02 §3 "Invitation and withdrawal"). The
 * ledger is append-only: a reward credited (+), a withdrawal requested (−), a rejected withdrawal
 * returned (+), a reward taken back (−, reversals.ts). A user's withdrawable balance in a currency is the
 * sum of their matured ledger rows (balances.ts: a reward counts once its order can no longer be
 * credited back); a
 * withdrawal is inserted with its ledger row in one transaction that first locks the user (PostgreSQL
 * `FOR UPDATE`; SQLite runs one write transaction at a time), so two withdrawals at once cannot take
 * more than the balance. Money is integer minor units.
 */
import { sql, type Kysely } from 'kysely';
import {
  INVITATION_REWARD_BASIS_POINTS, REWARD_ERROR_CODES, WITHDRAWAL_LIMITS, PHONE_PATTERN, isValidIdNumber,
  type InvitationOrderItem, type Language, type RewardTotals, type WithdrawalStatus, type WithdrawalView, type WithdrawRequest,
} from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { StoreDb } from '../../store/db.js';
import { nowIso } from '../../store/db.js';
import { rewardsDb, type RewardDb } from '../../store/rewards-schema.js';
import { AppError, invalidParams } from '../../http/errors.js';
import { findInvitationCode } from './invitation-codes.js';
import { allocateRewardStatuses } from './allocation.js';
import { rwMsg } from './messages.js';
import { maturedBalances } from './balances.js';

export interface PaidOrder {
  id: number;
  invitationCode: string;
  payAmount: number;
  currency: string;
  buyerUserId: number;
  productName: string;
  /** When the order can no longer be cancelled and credited back (its subscription's start); absent: at once. */
  maturesAt?: string;
}

/** The reward for a paid amount (rounded down to a whole minor unit). */
export const rewardFor = (payAmount: number) => Math.floor((payAmount * INVITATION_REWARD_BASIS_POINTS) / 10_000);

/**
 * Credits the owner of the order's invitation code. Idempotent per order id (the ledger row's unique
 * `ref`): a webhook delivered twice credits once. No reward for an unknown code, for a buyer using
 * their own code, or for an amount that rounds to nothing.
 */
export async function creditInvitationReward(deps: Pick<AppDeps, 'store'>, order: PaidOrder, db?: StoreDb | Kysely<any>): Promise<void> {
  const store = (db ?? deps.store.db) as StoreDb;
  const owner = order.invitationCode ? await findInvitationCode(store, order.invitationCode) : null;
  if (!owner || owner.ownerUserId === order.buyerUserId) return;
  const amount = rewardFor(order.payAmount);
  if (amount <= 0) return;
  await rewardsDb(store).insertInto('reward_ledger').values({
    user_id: owner.ownerUserId, kind: 'REWARD', amount, currency: order.currency.toUpperCase(), ref: `order:${order.id}`,
    order_id: order.id, withdrawal_id: null, invitee_user_id: order.buyerUserId, product_name: order.productName.slice(0, 255),
    pay_amount: order.payAmount, created_at: nowIso(), matures_at: order.maturesAt ?? null,
  }).onConflict((oc) => oc.column('ref').doNothing()).execute();
}

const n = (v: unknown) => Number(v ?? 0);

export class RewardService {
  /** `clock`: milliseconds since the epoch (the commerce service's clock, so tests move both). */
  constructor(private readonly deps: Pick<AppDeps, 'store' | 'secrets'>, private readonly clock: () => number = Date.now) {}
  private now(): string {
    return new Date(this.clock()).toISOString();
  }
  private get r(): RewardDb {
    return rewardsDb(this.deps.store.db);
  }

  /** Per currency: total earned, withdrawn, being paid (withdrawing), requested (waiting), withdrawable. */
  async totals(userId: number, db: RewardDb = this.r): Promise<RewardTotals[]> {
    const ledger = await db.selectFrom('reward_ledger').select(['currency', 'kind', sql<string>`sum(amount)`.as('s')])
      .where('user_id', '=', userId).groupBy(['currency', 'kind']).execute();
    const withdrawable = await maturedBalances(db, userId, this.now());
    const wd = await db.selectFrom('withdrawals').select(['currency', 'status', sql<string>`sum(amount)`.as('s')])
      .where('user_id', '=', userId).groupBy(['currency', 'status']).execute();
    const by = new Map<string, RewardTotals>();
    const get = (c: string) => by.get(c) ?? (by.set(c, { currency: c, totalAssets: 0, withdrawn: 0, withdrawing: 0, withdrawable: 0, waiting: 0 }).get(c)!);
    const all = new Map<string, number>();
    for (const l of ledger) {
      const t = get(l.currency);
      t.withdrawable = withdrawable.get(l.currency) ?? 0;
      all.set(l.currency, (all.get(l.currency) ?? 0) + n(l.s));
      if (l.kind === 'REWARD' || l.kind === 'REVERSAL') t.totalAssets += n(l.s);
    }
    // Only rewards wait to mature (withdrawals and returns count at once): what is not withdrawable yet of the ledger's sum.
    for (const [c, sum] of all) if (sum !== get(c).withdrawable) get(c).pending = sum - get(c).withdrawable;
    for (const w of wd) {
      const t = get(w.currency);
      if (w.status === 'WAITING') t.waiting += n(w.s);
      else if (w.status === 'WITHDRAWING') t.withdrawing += n(w.s);
      else if (w.status === 'WITHDRAWN') t.withdrawn += n(w.s);
    }
    return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  }

  /** My invitations: each paid order bought with my code, newest first, with its reward and where that reward is. */
  async invitations(userId: number): Promise<InvitationOrderItem[]> {
    const rows = await this.r.selectFrom('reward_ledger as l')
      .leftJoin(sql<{ id: number; name: string }>`users`.as('u'), 'u.id', 'l.invitee_user_id')
      .select(['l.id', 'l.amount', 'l.currency', 'l.product_name', 'l.pay_amount', 'l.created_at', sql<string | null>`u.name`.as('invitee_name')])
      .where('l.user_id', '=', userId).where('l.kind', '=', 'REWARD').orderBy('l.id', 'asc').execute();
    const totals = new Map((await this.totals(userId)).map((t) => [t.currency, t]));
    const out: InvitationOrderItem[] = [];
    for (const currency of new Set(rows.map((r) => r.currency))) {
      const mine = rows.filter((r) => r.currency === currency);
      const t = totals.get(currency)!;
      const statuses = allocateRewardStatuses(mine.map((r) => n(r.amount)), t.withdrawn, t.waiting + t.withdrawing);
      mine.forEach((r, i) => out.push({
        id: r.id, inviteeName: r.invitee_name ?? '', productName: r.product_name ?? '', payAmount: n(r.pay_amount),
        reward: n(r.amount), currency, createdAt: r.created_at, status: statuses[i]!,
      }));
    }
    return out.sort((a, b) => b.id - a.id);
  }

  async withdrawals(userId: number): Promise<WithdrawalView[]> {
    const rows = await this.r.selectFrom('withdrawals').select(['id', 'amount', 'currency', 'status', 'created_at', 'updated_at'])
      .where('user_id', '=', userId).orderBy('id', 'desc').limit(200).execute();
    return rows.map((w) => ({ id: w.id, amount: n(w.amount), currency: w.currency, status: w.status as WithdrawalStatus, createdAt: w.created_at, updatedAt: w.updated_at }));
  }

  /** Checks the form (spec 02 §5) and answers the normalised values, or throws the first problem in the user's language. */
  static validate(lang: Language, f: WithdrawRequest) {
    const name = f.name.trim();
    if (name.length < WITHDRAWAL_LIMITS.nameMin || name.length > WITHDRAWAL_LIMITS.nameMax) throw invalidParams(rwMsg(lang, 'NAME_LENGTH'));
    const idNumber = f.idNumber.trim().toUpperCase();
    if (!isValidIdNumber(idNumber)) throw invalidParams(rwMsg(lang, 'ID_NUMBER'));
    const alipayAccount = f.alipayAccount.trim();
    if (!alipayAccount || alipayAccount.length > WITHDRAWAL_LIMITS.alipayMax) throw invalidParams(rwMsg(lang, 'ALIPAY_REQUIRED'));
    const phone = f.phone.trim().replace(/[\s-]/g, '');
    if (!PHONE_PATTERN.test(phone)) throw invalidParams(rwMsg(lang, 'PHONE'));
    return { name, idNumber, alipayAccount, phone };
  }

  /** Requests a withdrawal of `amount` (default: the whole withdrawable balance). Refused above the balance, also when two arrive at once. */
  async withdraw(userId: number, lang: Language, f: WithdrawRequest): Promise<WithdrawalView> {
    const v = RewardService.validate(lang, f);
    const store = this.deps.store;
    return store.db.transaction().execute(async (trx) => {
      if (store.dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
      const db = rewardsDb(trx);
      // Only matured rows: a reward whose order can still be cancelled and credited back is not withdrawable yet.
      const balances = [...(await maturedBalances(db, userId, this.now())).entries()].map(([c, s]) => ({ currency: c, s }));
      const positive = balances.filter((b) => n(b.s) > 0);
      let currency = f.currency?.toUpperCase();
      if (!currency) {
        if (positive.length > 1) throw invalidParams(rwMsg(lang, 'CURRENCY_REQUIRED'));
        currency = positive[0]?.currency;
      }
      const balance = n(balances.find((b) => b.currency === currency)?.s);
      if (!currency || balance <= 0) throw new AppError(409, REWARD_ERROR_CODES.WITHDRAW_ABOVE_BALANCE, rwMsg(lang, 'NOTHING_TO_WITHDRAW'));
      const amount = f.amount ?? balance;
      if (amount > balance) throw new AppError(409, REWARD_ERROR_CODES.WITHDRAW_ABOVE_BALANCE, rwMsg(lang, 'ABOVE_BALANCE', { balance: (balance / 100).toFixed(2) }));
      const now = nowIso();
      const w = await db.insertInto('withdrawals').values({
        user_id: userId, amount, currency, status: 'WAITING', name: v.name, id_number_enc: this.deps.secrets.encrypt(v.idNumber),
        id_number_hint: v.idNumber.slice(-4), alipay_account: v.alipayAccount, phone: v.phone, operator_id: null, note: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('reward_ledger').values({
        user_id: userId, kind: 'WITHDRAW', amount: -amount, currency, ref: `withdraw:${w.id}`, order_id: null, withdrawal_id: w.id,
        invitee_user_id: null, product_name: null, pay_amount: null, created_at: now,
      }).execute();
      return { id: w.id, amount, currency, status: 'WAITING' as const, createdAt: now, updatedAt: now };
    });
  }
}
