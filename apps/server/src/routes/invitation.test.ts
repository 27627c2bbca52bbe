/**
 * Invitations and rewards end to end on the PostgreSQL store (server mode): the code check, a reward
 * credited once per order, totals that always add up from the ledger, the withdrawal form's checks,
 * a withdrawal above the balance, two withdrawals at once on two replicas, the operator's payouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeUser, type Persona } from '../test/org-fixtures.js';
import { checkInvitationCode } from '../services/rewards/invitation-codes.js';
import { creditInvitationReward } from '../services/rewards/rewards.js';
import { allocateRewardStatuses } from '../services/rewards/allocation.js';
import { billingConfigFromEnv } from '../services/commerce/billing-config.js';

const FORM = { name: 'Zhang San', idNumber: '11010519491231002X', alipayAccount: 'zhang@example.cn', phone: '13800138000' };
let orderSeq = 1000;

describe('invitations and rewards (PostgreSQL store)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let t2: TestApp;
  let inviter: Persona;
  let buyer: Persona;
  let operator: Persona;
  let code: string;

  const credit = (payAmount: number, id = ++orderSeq, currency = 'CNY') =>
    creditInvitationReward(t.deps, { id, invitationCode: code.toLowerCase(), payAmount, currency, buyerUserId: buyer.userId, productName: 'Team Pro yearly' });
  const totals = async (who: Persona) => (await as(t, who, 'GET', '/api/invitation/get_invitation_income')).body.data as Array<Record<string, number | string>>;
  const ledgerSum = async (userId: number) =>
    Number((await sql<{ s: string }>`select coalesce(sum(amount), 0) as s from reward_ledger where user_id = ${userId}`.execute(t.deps.store.db)).rows[0]!.s);

  beforeAll(async () => {
    scratch = await scratchPgDatabase('askdb_rewards');
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    // Billing on: the user's routes answer only on a deployment that sells.
    const billing = billingConfigFromEnv({ ASKDB_BILLING: '1' }, 'server');
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false, billing });
    t2 = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false, billing });
    inviter = await makeUser(t, 'Inviter');
    buyer = await makeUser(t, 'Buyer');
    operator = await makeUser(t, 'Operator');
    await t.deps.store.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', operator.userId).execute();
  }, 60_000);
  afterAll(async () => {
    await t2?.close();
    await t?.close();
    await scratch?.drop();
  });

  it('creates one code of 6 letters and digits per user, checked as none / valid / invalid', async () => {
    expect((await as(t, inviter, 'GET', '/api/invitation/get_my_invitation_code')).body.data).toBeNull();
    const [a, b] = await Promise.all([as(t, inviter, 'POST', '/api/invitation/create_invitation_code'), as(t2, inviter, 'POST', '/api/invitation/create_invitation_code')]);
    code = a.body.data;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(b.body.data).toBe(code);
    expect((await as(t, inviter, 'GET', '/api/invitation/get_my_invitation_code')).body.data).toBe(code);

    expect((await as(t, buyer, 'GET', `/api/invitation/get_invitation_code_exit?code=${code}`)).body.data).toBe(true);
    expect((await as(t, buyer, 'GET', `/api/invitation/get_invitation_code_exit?code=${code.toLowerCase()}`)).body.data).toBe(true);
    const other = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    expect((await as(t, buyer, 'GET', `/api/invitation/get_invitation_code_exit?code=${other}`)).body.data).toBe(false);
    expect((await as(t, buyer, 'GET', '/api/invitation/get_invitation_code_exit?code=')).body.data).toBe(false);
    expect((await as(t, buyer, 'GET', `/api/invitation/get_invitation_code_exit?code=${code}1`)).body.data).toBe(false);
    expect((await as(t, null, 'GET', `/api/invitation/get_invitation_code_exit?code=${code}`)).status).toBe(401);

    expect(await checkInvitationCode(t.deps, code)).toEqual({ ownerUserId: inviter.userId, discountBasisPoints: 1000 });
    expect(await checkInvitationCode(t.deps, other)).toBeNull();
    expect(await checkInvitationCode(t.deps, 'abc')).toBeNull();
  });

  it('credits 20 % of a paid order once per order, never for the owner buying with their own code', async () => {
    await credit(10000, 1);
    await credit(10000, 1); // the webhook delivered twice
    await creditInvitationReward(t.deps, { id: 2, invitationCode: code, payAmount: 10000, currency: 'CNY', buyerUserId: inviter.userId, productName: 'x' });
    await creditInvitationReward(t.deps, { id: 3, invitationCode: 'NOPE99', payAmount: 10000, currency: 'CNY', buyerUserId: buyer.userId, productName: 'x' });
    const items = (await as(t, inviter, 'GET', '/api/invitation/get_invitation_order_item')).body.data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ inviteeName: 'Buyer', productName: 'Team Pro yearly', payAmount: 10000, reward: 2000, currency: 'CNY', status: 'WAITING' });
    expect(await totals(inviter)).toEqual([{ currency: 'CNY', totalAssets: 2000, withdrawn: 0, withdrawing: 0, withdrawable: 2000, waiting: 0 }]);
    expect((await as(t, buyer, 'GET', '/api/invitation/get_invitation_order_item')).body.data).toEqual([]);
  });

  it('checks the withdrawal form in the user\'s language', async () => {
    const bad = async (patch: Partial<typeof FORM>, lang = 'en-US') => {
      const r = await as(t, inviter, 'POST', '/api/invitation/withdraw_invitation_income', { ...FORM, ...patch }, lang);
      expect(r.status).toBe(400);
      return r.body.errorMessage;
    };
    expect(await bad({ name: 'Z' })).toBe('Please enter your name (2 to 50 characters)');
    expect(await bad({ name: 'x'.repeat(51) })).toMatch(/2 to 50/);
    expect(await bad({ idNumber: '110105194912310021' })).toBe('Please enter a valid 18-character ID number');
    expect(await bad({ idNumber: '110105194912310021' }, 'zh-CN')).toBe('请输入有效的 18 位身份证号码');
    expect(await bad({ alipayAccount: ' ' })).toBe('Please enter your Alipay account');
    expect(await bad({ phone: '123' })).toBe('Please enter a valid phone number');
    expect(await ledgerSum(inviter.userId)).toBe(2000);
  });

  it('refuses a withdrawal above the balance, and from a user with nothing to withdraw', async () => {
    const r = await as(t, inviter, 'POST', '/api/invitation/withdraw_invitation_income', { ...FORM, amount: 2001 });
    expect(r.status).toBe(409);
    expect(r.body.errorCode).toBe('WITHDRAW_ABOVE_BALANCE');
    expect(r.body.errorMessage).toBe('The amount is above your withdrawable balance (20.00)');
    const none = await as(t, buyer, 'POST', '/api/invitation/withdraw_invitation_income', FORM);
    expect(none.status).toBe(409);
    expect(none.body.errorMessage).toBe('You have nothing to withdraw yet');
    expect(await totals(inviter)).toEqual([{ currency: 'CNY', totalAssets: 2000, withdrawn: 0, withdrawing: 0, withdrawable: 2000, waiting: 0 }]);
  });

  it('two withdrawals at once on two replicas never take more than the balance', async () => {
    for (let round = 0; round < 4; round++) {
      await credit(10000); // +2000
      const before = (await totals(inviter))[0]!;
      const amount = Number(before.withdrawable) - 500; // each alone fits; both together do not
      const [a, b] = await Promise.all([
        as(t, inviter, 'POST', '/api/invitation/withdraw_invitation_income', { ...FORM, amount }),
        as(t2, inviter, 'POST', '/api/invitation/withdraw_invitation_income', { ...FORM, amount }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const after = (await totals(inviter))[0]!;
      expect(after.withdrawable).toBe(500);
      expect(after.waiting).toBe(Number(before.waiting) + amount);
      expect(await ledgerSum(inviter.userId)).toBe(500);
      expect(Number(after.totalAssets)).toBe(Number(after.withdrawable) + Number(after.waiting) + Number(after.withdrawing) + Number(after.withdrawn));
      // Take the rest so the next round starts from a fresh reward.
      expect((await as(t, inviter, 'POST', '/api/invitation/withdraw_invitation_income', FORM)).status).toBe(200);
    }
  });

  it('the operator marks payouts: withdrawing, withdrawn, a rejection returns the money; the ledger adds up', async () => {
    expect((await as(t, inviter, 'GET', '/api/invitation/payout/list')).status).toBe(403);
    const list = (await as(t, operator, 'GET', '/api/invitation/payout/list?status=WAITING')).body.data;
    expect(list.total).toBeGreaterThanOrEqual(3);
    const [first, second, third] = list.data as Array<{ id: number; amount: number; idNumberHint: string; name: string }>;
    expect(first!.idNumberHint).toBe('002X');
    expect(JSON.stringify(list)).not.toContain('11010519491231002X');
    expect((await as(t, operator, 'GET', `/api/invitation/payout/id_number?id=${first!.id}`)).body.data).toBe('11010519491231002X');
    const mark = (id: number, status: string, who = operator, app = t) => as(app, who, 'POST', '/api/invitation/payout/mark', { id, status });

    expect((await mark(first!.id, 'WITHDRAWING')).status).toBe(200);
    let tot = (await totals(inviter))[0]!;
    expect(tot.withdrawing).toBe(first!.amount);
    // Two operators finish the same payout at once: one succeeds.
    const [x, y] = await Promise.all([mark(first!.id, 'WITHDRAWN'), mark(first!.id, 'WITHDRAWN', operator, t2)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect((await mark(first!.id, 'REJECTED')).body.errorCode).toBe('WITHDRAWAL_STATE');

    const before = (await totals(inviter))[0]!;
    expect((await mark(second!.id, 'REJECTED')).status).toBe(200);
    const [r1, r2] = await Promise.all([mark(third!.id, 'REJECTED'), mark(third!.id, 'REJECTED', operator, t2)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    tot = (await totals(inviter))[0]!;
    expect(tot.withdrawable).toBe(Number(before.withdrawable) + second!.amount + third!.amount);
    expect(tot.withdrawn).toBe(first!.amount);
    expect(await ledgerSum(inviter.userId)).toBe(tot.withdrawable);
    expect(Number(tot.totalAssets)).toBe(Number(tot.withdrawable) + Number(tot.waiting) + Number(tot.withdrawing) + Number(tot.withdrawn));
    // Each invitation shows where its reward is: oldest rewards are taken first by withdrawals.
    const items = (await as(t, inviter, 'GET', '/api/invitation/get_invitation_order_item')).body.data as Array<{ status: string; reward: number }>;
    const oldestFirst = [...items].reverse();
    expect(oldestFirst.map((i) => i.status)).toEqual(allocateRewardStatuses(oldestFirst.map((i) => i.reward), Number(tot.withdrawn), Number(tot.waiting) + Number(tot.withdrawing)));
    expect(oldestFirst[0]!.status).not.toBe('WAITING');
    const rows = await t.deps.store.db.selectFrom('reward_ledger' as never).select(sql<string>`kind`.as('kind')).execute();
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['REWARD', 'WITHDRAW', 'RETURN']));
  });

  it('billing off: the user routes answer 404 BILLING_OFF; the operator still pays out what is owed', async () => {
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    const off = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    try {
      for (const [method, path] of [
        ['GET', '/api/invitation/get_invitation_code_exit?code=ABC123'], ['POST', '/api/invitation/create_invitation_code'],
        ['GET', '/api/invitation/get_my_invitation_code'], ['GET', '/api/invitation/get_invitation_order_item'],
        ['GET', '/api/invitation/get_invitation_income'], ['GET', '/api/invitation/withdrawal_list'],
      ] as const) {
        expect(await as(off, inviter, method, path)).toMatchObject({ status: 404, body: { errorCode: 'BILLING_OFF' } });
      }
      expect((await as(off, inviter, 'POST', '/api/invitation/withdraw_invitation_income', FORM)).body.errorCode).toBe('BILLING_OFF');
      const payouts = await as(off, operator, 'GET', '/api/invitation/payout/list');
      expect(payouts.status).toBe(200);
      expect(payouts.body.data.total).toBeGreaterThanOrEqual(3);
    } finally {
      await off.close();
    }
  });
});
