/**
 * Rewards cannot be farmed (issue 24 point 4), on two replicas sharing one PostgreSQL store: B buys a
 * year with A's invitation code starting after B's current plan and pays; A cannot withdraw the
 * reward while B can still cancel and be credited back; B cancels, the reward goes back, nothing is
 * left negative. A reward withdrawn before it was taken back (rewards credited before this rule)
 * has its pending payout cancelled; one already being paid leaves a balance below zero, flagged in
 * the operator's payout list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeUser, type Persona } from '../test/org-fixtures.js';
import { commerceReplicas } from '../test/commerce-fixtures.js';
import type { TestApp } from '../test/helpers.js';
import { commerce } from '../services/commerce/service.js';
import { createInvitationCode } from '../services/rewards/invitation-codes.js';
import { creditInvitationReward } from '../services/rewards/rewards.js';
import { reverseInvitationReward } from '../services/rewards/reversals.js';

const FORM = { name: 'Zhang San', idNumber: '11010519491231002X', alipayAccount: 'a@example.cn', phone: '13800138000' };
type Totals = { currency: string; totalAssets: number; withdrawable: number; waiting: number; withdrawing: number; withdrawn: number; pending?: number };

describe('invitation rewards on two replicas: no farming', () => {
  let world: Awaited<ReturnType<typeof commerceReplicas>>;
  let a: TestApp;
  let b: TestApp;
  let operator: Persona;
  beforeAll(async () => {
    world = await commerceReplicas('reward_farm');
    ({ a, b } = world);
    operator = await makeUser(a, 'Payout Operator');
    await a.deps.store.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', operator.userId).execute();
  }, 60_000);
  afterAll(async () => {
    commerce(a.deps).clock = Date.now;
    commerce(b.deps).clock = Date.now;
    await world?.close();
  });

  const totals = async (who: Persona, app = a) => ((await as(app, who, 'GET', '/api/invitation/get_invitation_income')).body.data as Totals[])[0];
  const payouts = async () => (await as(a, operator, 'GET', '/api/invitation/payout/list?pageSize=200')).body.data as {
    data: Array<{ id: number; userId: number; status: string; balance: number; balanceNegative: boolean; note: string | null }>;
    negativeBalances: Array<{ userId: number; balance: number; currency: string }>;
  };
  const buy = async (app: TestApp, buyer: Persona, body: Record<string, unknown>, confirmOn: TestApp) => {
    const id = (await as(app, buyer, 'POST', '/api/pay/create_order', body)).body.data.orderId as number;
    expect((await as(confirmOn, buyer, 'POST', `/api/pay/sandbox/${id}/confirm`, {})).body.data.status).toBe('PAY_SUCCESS');
    return id;
  };
  const subscriptionOf = async (buyer: Persona, orderId: number) =>
    ((await as(b, buyer, 'GET', '/api/subscription/list')).body.data as Array<{ id: number; orderId: number; status: string; startTime: string }>).find((s) => s.orderId === orderId)!;

  it('B buys a year starting after the current plan with A’s code: A cannot withdraw at once; B cancels, the reward goes back, nothing negative', async () => {
    const inviterA = await makeUser(a, 'Farmer A');
    const buyerB = await makeUser(b, 'Farmer B');
    const code = await createInvitationCode(a.deps.store.db, inviterA.userId);
    await buy(b, buyerB, { id: 1, paymentMethod: 'sandbox' }, a); // B's current plan: a month
    const year = await buy(b, buyerB, { id: 2, paymentMethod: 'sandbox', invitationCode: code }, a); // a year after it, 10 % off
    expect((await subscriptionOf(buyerB, year)).status).toBe('NOT_STARTED');

    // The reward is credited (A sees it) but cannot be withdrawn, on either replica, not even two at once.
    expect(await totals(inviterA)).toMatchObject({ currency: 'USD', totalAssets: 1782, withdrawable: 0, pending: 1782 });
    const tries = await Promise.all([a, b].map((app) => as(app, inviterA, 'POST', '/api/invitation/withdraw_invitation_income', FORM)));
    expect(tries.map((r) => r.status)).toEqual([409, 409]);
    expect(tries[0]!.body.errorMessage).toBe('You have nothing to withdraw yet');
    expect(tries[1]!.body.errorCode).toBe('WITHDRAW_ABOVE_BALANCE');

    // B cancels the not-yet-started year (credited back): A's reward is taken back, no payout, no negative balance.
    const sub = await subscriptionOf(buyerB, year);
    expect((await as(b, buyerB, 'POST', '/api/subscription/cancel', { id: sub.id })).body.data.status).toBe('CANCELLED');
    const after = await totals(inviterA, b);
    expect(after).toMatchObject({ totalAssets: 0, withdrawable: 0, waiting: 0, withdrawing: 0, withdrawn: 0 });
    expect(after?.pending ?? 0).toBe(0);
    const list = await payouts();
    expect(list.data.filter((p) => p.userId === inviterA.userId)).toEqual([]);
    expect(list.negativeBalances.filter((x) => x.userId === inviterA.userId)).toEqual([]);
  });

  it('once the plan has started (no credit back any more) the reward is withdrawable, and a cancel no longer takes it back', async () => {
    const inviterA = await makeUser(a, 'Patient A');
    const buyerB = await makeUser(b, 'Loyal B');
    const code = await createInvitationCode(a.deps.store.db, inviterA.userId);
    await buy(b, buyerB, { id: 1, paymentMethod: 'sandbox' }, a);
    const year = await buy(a, buyerB, { id: 2, paymentMethod: 'sandbox', invitationCode: code }, b);
    const sub = await subscriptionOf(buyerB, year);
    const later = Date.parse(sub.startTime) + 60_000;
    commerce(a.deps).clock = commerce(b.deps).clock = () => later;
    try {
      expect((await subscriptionOf(buyerB, year)).status).toBe('IN_USE');
      expect(await totals(inviterA, b)).toMatchObject({ totalAssets: 1782, withdrawable: 1782 });
      expect((await as(b, buyerB, 'POST', '/api/subscription/cancel', { id: sub.id })).body.data.status).toBe('IN_USE'); // runs to its end, no credit
      const w = await as(a, inviterA, 'POST', '/api/invitation/withdraw_invitation_income', FORM);
      expect(w.status).toBe(200);
      expect(w.body.data).toMatchObject({ amount: 1782, currency: 'USD', status: 'WAITING' });
      expect(await totals(inviterA)).toMatchObject({ totalAssets: 1782, withdrawable: 0, waiting: 1782 });
    } finally {
      commerce(a.deps).clock = commerce(b.deps).clock = Date.now;
    }
  });

  it('a reward withdrawn before it was taken back: the pending payout is cancelled once (two replicas at once); one being paid is flagged negative', async () => {
    const inviterA = await makeUser(a, 'Legacy A');
    const buyerB = await makeUser(b, 'Legacy B');
    const code = await createInvitationCode(a.deps.store.db, inviterA.userId);
    // Rewards credited before maturity existed count at once (no `maturesAt`).
    const credit = (orderId: number) => creditInvitationReward(a.deps, { id: orderId, invitationCode: code, payAmount: 8910, currency: 'USD', buyerUserId: buyerB.userId, productName: 'Personal Pro' });
    await credit(900_001);
    const w1 = (await as(a, inviterA, 'POST', '/api/invitation/withdraw_invitation_income', FORM)).body.data;
    expect(w1).toMatchObject({ amount: 1782, status: 'WAITING' });

    await Promise.all([
      a.deps.store.db.transaction().execute((tx) => reverseInvitationReward(a.deps, 900_001, tx)),
      b.deps.store.db.transaction().execute((tx) => reverseInvitationReward(b.deps, 900_001, tx)),
    ]);
    let list = await payouts();
    const cancelled = list.data.find((p) => p.id === w1.id)!;
    expect(cancelled.status).toBe('REJECTED');
    expect(cancelled.note).toMatch(/credited back/);
    expect(await totals(inviterA)).toMatchObject({ totalAssets: 0, withdrawable: 0, waiting: 0 });
    expect(list.negativeBalances.filter((x) => x.userId === inviterA.userId)).toEqual([]);

    // A second reward, withdrawn, and the operator already paying it when it is taken back: the balance
    // goes below zero, and the operator's list says so.
    await credit(900_002);
    const w2 = (await as(b, inviterA, 'POST', '/api/invitation/withdraw_invitation_income', FORM)).body.data;
    expect((await as(a, operator, 'POST', '/api/invitation/payout/mark', { id: w2.id, status: 'WITHDRAWING' })).status).toBe(200);
    await b.deps.store.db.transaction().execute((tx) => reverseInvitationReward(b.deps, 900_002, tx));
    list = await payouts();
    expect(list.data.find((p) => p.id === w2.id)).toMatchObject({ status: 'WITHDRAWING', balance: -1782, balanceNegative: true });
    expect(list.negativeBalances).toContainEqual({ userId: inviterA.userId, userName: 'Legacy A', userEmail: expect.any(String), currency: 'USD', balance: -1782 });
  });
});
