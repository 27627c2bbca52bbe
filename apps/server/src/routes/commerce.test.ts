import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTeam, makeUser, type Persona } from '../test/org-fixtures.js';
import { commerceWorld, deliver } from '../test/commerce-fixtures.js';
import { testApp } from '../test/helpers.js';
import { expireDue } from '../services/commerce/orders.js';
import { createInvitationCode } from '../services/rewards/invitation-codes.js';

type World = Awaited<ReturnType<typeof commerceWorld>>;

describe('commerce on a billed server (PostgreSQL store, our own Stripe API server)', () => {
  let w: World;
  beforeAll(async () => {
    w = await commerceWorld('main');
  });
  afterAll(async () => {
    await w?.close();
  });

  const order = (who: Persona, body: Record<string, unknown>, lang?: string) => as(w.t, who, 'POST', '/api/pay/create_order', body, lang);
  const statusOf = async (who: Persona, id: number) => (await as(w.t, who, 'GET', `/api/pay/get_order_status_a?orderId=${id}`)).body.data.status;
  /** The order's status in the store (the status route would also ask the provider). */
  const stored = async (id: number) => (await w.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const ledger = (orderId: number) => w.db.selectFrom('money_ledger').select(['kind', 'amount', 'currency']).where('order_id', '=', orderId).orderBy('id').execute();
  const sessionOf = (orderId: number) => [...w.stripe.sessions.values()].find((s) => s.client_reference_id === String(orderId))!;

  it('lists the catalogue with this server’s payment methods, and /api/system says billing is on', async () => {
    const u = await makeUser(w.t, 'Catalogue');
    const sys = await w.t.json('GET', '/api/system');
    expect(sys.body.data.billing).toBe(true);
    const list = await as(w.t, u, 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=YEAR&version=2');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([2, 22]);
    expect(list.body.data[0]).toMatchObject({ title: 'Personal Pro', price: 9900, currency: 'USD', subscriptionType: 'YEAR', type: 'PERSONAL', yearlyPrice: 9900, paymentMethods: ['stripe', 'sandbox'] });
    expect(list.body.data[1]).toMatchObject({ type: 'TEAM', perSeat: true, tag: 'MOST_POPULAR' });
  });

  it('Stripe: a Checkout Session at the provider; the signed webhook pays once; a replay or the same payment told again changes nothing', async () => {
    const u = await makeUser(w.t, 'Buyer');
    const created = await order(u, { id: 2, paymentMethod: 'stripe' });
    expect(created.status).toBe(200);
    const { orderId } = created.body.data;
    expect(created.body.data).toMatchObject({ status: 'CREATE', amount: 9900, payAmount: 9900, currency: 'USD', subscriptionType: 'YEAR' });
    expect(created.body.data.url).toMatch(new RegExp(`^${w.stripe.url}/pay/cs_test_`));
    const call = w.stripe.calls.find((c) => c.method === 'POST' && c.form.client_reference_id === String(orderId))!;
    expect(call.form['line_items[0][price_data][unit_amount]']).toBe('9900');
    expect(call.auth).toBe(`Bearer ${w.stripe.secretKey}`);
    expect(await statusOf(u, orderId)).toBe('CREATE');
    expect((await as(w.t, u, 'GET', '/api/oauth/user_a')).body.data.currentOrganization.vip).toBe(false);

    const session = w.stripe.pay(sessionOf(orderId).id);
    const hook = w.stripe.webhook(session);
    const first = await deliver(w.t, 'stripe', hook.payload, hook.headers);
    expect(first).toMatchObject({ status: 200, body: { data: { outcome: 'PAID' } } });
    const replay = await deliver(w.t, 'stripe', hook.payload, hook.headers);
    expect(replay).toMatchObject({ status: 200, body: { data: { outcome: 'DUPLICATE' } } });
    const again = w.stripe.webhook(session); // same payment, another event id (e.g. async_payment_succeeded)
    expect((await deliver(w.t, 'stripe', again.payload, again.headers)).body.data.outcome).toBe('ALREADY_PAID');

    expect(await statusOf(u, orderId)).toBe('PAY_SUCCESS');
    expect(await ledger(orderId)).toEqual([{ kind: 'PAYMENT', amount: 9900, currency: 'USD' }]);
    const notices = await w.t.deps.store.db.selectFrom('notifications' as never).select(['message_key', 'user_id'] as never).where('action_target' as never, '=', String(orderId) as never).execute();
    expect(notices).toEqual([{ message_key: 'order.paid', user_id: u.userId }]);
    const subs = (await as(w.t, u, 'GET', '/api/subscription/list')).body.data;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ orderId, seats: 1, status: 'IN_USE', price: 9900, subscriptionType: 'YEAR' });
    const me = (await as(w.t, u, 'GET', '/api/oauth/user_a')).body.data;
    expect(me.currentOrganization.vip).toBe(true);
    expect((await as(w.t, u, 'GET', '/api/organization/edition')).body.data).toMatchObject({ tier: 'PRO', edition: 'PRO', label: 'pro', vip: true });
    const end = (await as(w.t, u, 'GET', '/api/subscription/end_time')).body.data;
    expect(end.endTime).toBe(subs[0].endTime);
    const orders = (await as(w.t, u, 'GET', '/api/order/list')).body.data;
    expect(orders[0]).toMatchObject({ orderId, status: 'PAY_SUCCESS', payAmount: 9900, refundState: 'NONE' });
  });

  it('refuses a forged webhook, a tampered one and one for an unknown order; nothing is paid', async () => {
    const u = await makeUser(w.t, 'Forger');
    const { orderId } = (await order(u, { id: 1, paymentMethod: 'stripe' })).body.data;
    const session = w.stripe.pay(sessionOf(orderId).id);
    const forged = w.stripe.webhook(session, { secret: 'whsec_not_the_real_one' });
    expect(await deliver(w.t, 'stripe', forged.payload, forged.headers)).toMatchObject({ status: 400, body: { errorCode: 'WEBHOOK_SIGNATURE' } });
    const real = w.stripe.webhook(session);
    const tampered = real.payload.replace('"amount_total":990', '"amount_total":1');
    expect(tampered).not.toBe(real.payload);
    expect(await deliver(w.t, 'stripe', tampered, real.headers)).toMatchObject({ status: 400, body: { errorCode: 'WEBHOOK_SIGNATURE' } });
    expect(await deliver(w.t, 'stripe', real.payload, {})).toMatchObject({ status: 400, body: { errorCode: 'WEBHOOK_SIGNATURE' } });
    const unknown = w.stripe.webhook({ ...session, client_reference_id: '987654', metadata: { orderId: '987654' } });
    expect(await deliver(w.t, 'stripe', unknown.payload, unknown.headers)).toMatchObject({ status: 400, body: { errorCode: 'WEBHOOK_UNKNOWN_ORDER' } });
    expect(await stored(orderId)).toBe('CREATE');
    expect(await ledger(orderId)).toEqual([]);
    // The real one still pays.
    expect((await deliver(w.t, 'stripe', real.payload, real.headers)).body.data.outcome).toBe('PAID');
  });

  it('status polling asks the provider: a payment whose webhook is late still shows as paid', async () => {
    const u = await makeUser(w.t, 'Poller');
    const { orderId } = (await order(u, { id: 1, paymentMethod: 'stripe' })).body.data;
    expect(await statusOf(u, orderId)).toBe('CREATE');
    w.svc.lastQueried.clear();
    const session = w.stripe.pay(sessionOf(orderId).id);
    expect(await statusOf(u, orderId)).toBe('PAY_SUCCESS');
    expect(w.stripe.calls.some((c) => c.method === 'GET' && c.path === `/v1/checkout/sessions/${session.id}`)).toBe(true);
    // The webhook arriving afterwards is the same payment: nothing more.
    const hook = w.stripe.webhook(session);
    expect((await deliver(w.t, 'stripe', hook.payload, hook.headers)).body.data.outcome).toBe('ALREADY_PAID');
    expect(await ledger(orderId)).toEqual([{ kind: 'PAYMENT', amount: 990, currency: 'USD' }]);
    // Someone else's order is not found.
    const other = await makeUser(w.t, 'Nosy');
    expect((await as(w.t, other, 'GET', `/api/pay/get_order_status_a?orderId=${orderId}`)).status).toBe(404);
  });

  it('an amount that does not match is refused and recorded; the money is booked and owed back; the order stays unpaid', async () => {
    const u = await makeUser(w.t, 'Mismatch');
    const { orderId } = (await order(u, { id: 1, paymentMethod: 'stripe' })).body.data;
    const session = w.stripe.pay(sessionOf(orderId).id);
    const hook = w.stripe.webhook(session, { amount: 1 });
    const r = await deliver(w.t, 'stripe', hook.payload, hook.headers);
    expect(r).toMatchObject({ status: 400, body: { errorCode: 'WEBHOOK_AMOUNT_MISMATCH' } });
    expect(r.body.errorMessage).toContain('990');
    expect(await stored(orderId)).toBe('CREATE');
    const events = await w.db.selectFrom('payment_events').select(['outcome', 'amount']).where('order_id', '=', orderId).execute();
    expect(events).toEqual([{ outcome: 'AMOUNT_MISMATCH', amount: 1 }]);
    const rows = await ledger(orderId);
    expect(rows).toEqual([{ kind: 'UNMATCHED_PAYMENT', amount: 1, currency: 'USD' }, { kind: 'CUSTOMER_CREDIT', amount: -1, currency: 'USD' }]);
  });

  it('unpaid after 15 minutes → CANCEL (fake clock); paid after the cancel → credited back, never lost', async () => {
    const u = await makeUser(w.t, 'Late');
    const t0 = Date.now();
    w.svc.clock = () => t0;
    try {
      const { orderId } = (await order(u, { id: 1, paymentMethod: 'stripe' })).body.data;
      w.svc.clock = () => t0 + 14 * 60_000;
      await expireDue(w.svc);
      expect(await statusOf(u, orderId)).toBe('CREATE');
      w.svc.clock = () => t0 + 15 * 60_000 + 1000;
      expect(await expireDue(w.svc)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(u, orderId)).toBe('CANCEL');
      expect(sessionOf(orderId).status).toBe('expired'); // the checkout at Stripe is closed too

      const session = w.stripe.pay(sessionOf(orderId).id);
      const hook = w.stripe.webhook(session);
      expect((await deliver(w.t, 'stripe', hook.payload, hook.headers)).body.data.outcome).toBe('PAID_AFTER_CANCEL');
      expect(await statusOf(u, orderId)).toBe('CANCEL');
      expect(await ledger(orderId)).toEqual([{ kind: 'PAYMENT', amount: 990, currency: 'USD' }, { kind: 'CUSTOMER_CREDIT', amount: -990, currency: 'USD' }]);
      const row = (await as(w.t, u, 'GET', '/api/order/list')).body.data.find((o: { orderId: number }) => o.orderId === orderId);
      expect(row).toMatchObject({ status: 'CANCEL', refundState: 'CREDITED' });
      expect((await as(w.t, u, 'GET', '/api/subscription/list')).body.data).toEqual([]);
      // Delivered again: still one payment, one credit.
      expect((await deliver(w.t, 'stripe', hook.payload, hook.headers)).body.data.outcome).toBe('DUPLICATE');
      expect(await ledger(orderId)).toHaveLength(2);
    } finally {
      w.svc.clock = Date.now;
    }
  });

  it('seats out of range, wrong organisation and a member buying for the team are refused in the user’s language', async () => {
    const team = await makeTeam(w.t, 'Seats');
    const admin = team.admin;
    const tryTeam = (seats: number, lang?: string) => order(admin, { id: 22, paymentMethod: 'sandbox', organizationId: team.teamId, seats }, lang);
    expect(await tryTeam(4)).toMatchObject({ status: 400, body: { errorCode: 'SEATS_OUT_OF_RANGE', errorMessage: 'A team plan needs 5 to 5000 seats' } });
    expect((await tryTeam(5001, 'zh-CN')).body).toMatchObject({ errorCode: 'SEATS_OUT_OF_RANGE', errorMessage: '团队版席位数须在 5 到 5000 之间' });
    expect((await tryTeam(4, 'ja-JP')).body.errorMessage).toBe('チームプランの席数は 5〜5000 です');
    const u = await makeUser(w.t, 'Solo');
    expect((await order(u, { id: 2, paymentMethod: 'sandbox', seats: 2 })).body.errorCode).toBe('SEATS_OUT_OF_RANGE');
    expect((await order(u, { id: 32, paymentMethod: 'sandbox', seats: 0 })).body.errorCode).toBe('SEATS_OUT_OF_RANGE');
    expect((await order(u, { id: 22, paymentMethod: 'sandbox', seats: 5 })).body.errorCode).toBe('WRONG_ORGANIZATION_TYPE');
    expect((await order(team.operator, { id: 22, paymentMethod: 'sandbox', organizationId: team.teamId, seats: 5 })).status).toBe(403);
    expect((await order(team.outsider, { id: 22, paymentMethod: 'sandbox', organizationId: team.teamId, seats: 5 })).status).toBe(403);
    expect((await order(u, { id: 2, paymentMethod: 'alipay' })).body.errorCode).toBe('PAYMENT_METHOD_UNSUPPORTED');
    expect((await order(u, { id: 2, paymentMethod: 'sandbox', invitationCode: 'ZZZZZ9' })).body).toMatchObject({ errorCode: 'INVALID_INVITATION_CODE', errorMessage: 'Invalid invitation code' });
    expect((await as(w.t, u, 'GET', '/api/order/list')).body.data).toEqual([]);
  });

  it('a personal plan without organizationId is the buyer’s own PERSONAL organisation, whatever is current; another’s is refused', async () => {
    const team = await makeTeam(w.t, 'PersonalFromTeam');
    // The owner's current organisation is the team.
    const mine = await order(team.owner, { id: 2, paymentMethod: 'sandbox' });
    expect(mine.status).toBe(200);
    const listed = (await as(w.t, team.owner, 'GET', '/api/order/list')).body.data;
    expect(listed.find((o: { orderId: number }) => o.orderId === mine.body.data.orderId)).toMatchObject({ organizationId: team.owner.personalOrgId });
    const other = await makeUser(w.t, 'OtherPersonal');
    const refused = await order(team.owner, { id: 2, paymentMethod: 'sandbox', organizationId: other.personalOrgId });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('WRONG_ORGANIZATION_TYPE');
    // Naming a team for a personal plan stays refused.
    expect((await order(team.owner, { id: 2, paymentMethod: 'sandbox', organizationId: team.teamId })).body.errorCode).toBe('WRONG_ORGANIZATION_TYPE');
  });

  it('sandbox: its pay page pays through the verified webhook path; a team’s paid seats cap its members (three languages)', async () => {
    const team = await makeTeam(w.t, 'Sand');
    const created = await order(team.owner, { id: 22, paymentMethod: 'sandbox', organizationId: team.teamId, seats: 5 });
    expect(created.body.data).toMatchObject({ status: 'CREATE', amount: 99500, payAmount: 99500 });
    const { orderId, url, qrCode } = created.body.data;
    expect(url).toBe(`http://askdb.test/api/pay/sandbox/${orderId}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const page = await w.t.app.inject({ method: 'GET', url: `/api/pay/sandbox/${orderId}`, headers: team.owner.headers });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="sandbox-pay"');
    expect(page.body).toContain('995.00 USD');
    // Under the strict CSP (script-src 'self', no inline script) the Pay button's script comes from our origin.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>/);
    const src = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    const script = await w.t.app.inject({ method: 'GET', url: src!, headers: team.owner.headers });
    expect([script.statusCode, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(script.body).toContain("'/confirm'");
    // Another user cannot see or pay it.
    expect((await as(w.t, team.outsider, 'POST', `/api/pay/sandbox/${orderId}/confirm`, {})).status).toBe(404);
    const paid = await as(w.t, team.owner, 'POST', `/api/pay/sandbox/${orderId}/confirm`, {});
    expect(paid.body.data).toEqual({ outcome: 'PAID', status: 'PAY_SUCCESS' });
    expect((await as(w.t, team.owner, 'POST', `/api/pay/sandbox/${orderId}/confirm`, {})).body.data.outcome).toBe('DUPLICATE');
    expect((await as(w.t, team.admin, 'GET', '/api/organization/edition')).body.data).toMatchObject({ tier: 'TEAM_PRO', seats: 5, vip: true });

    // 3 members + 2 = 5 paid seats: the next invite is refused with a clear message.
    await team.addMember('OPERATOR');
    await team.addMember('OPERATOR');
    const inv = (lang: string) => as(w.t, team.admin, 'POST', '/api/organization/invitation/create', { organizationId: team.teamId }, lang);
    expect((await inv('en-US')).body).toMatchObject({ errorCode: 'SEATS_EXCEEDED', errorMessage: 'This team has 5 paid seats and 5 members: buy more seats before adding members' });
    expect((await inv('zh-CN')).body.errorMessage).toBe('该团队已购买 5 个席位，现有 5 名成员：请先购买更多席位再添加成员');
    expect((await inv('ja-JP')).body.errorMessage).toContain('購入済み席数は 5');
    // Adding seats: 5 more, prorated to the time left of the year (≈ the full price now).
    const more = await order(team.owner, { id: 22, paymentMethod: 'sandbox', organizationId: team.teamId, seats: 5 });
    expect(more.body.data.payAmount).toBeLessThanOrEqual(99500);
    expect(more.body.data.payAmount).toBeGreaterThan(99000);
    await as(w.t, team.owner, 'POST', `/api/pay/sandbox/${more.body.data.orderId}/confirm`, {});
    expect((await as(w.t, team.admin, 'GET', '/api/organization/edition')).body.data.seats).toBe(10);
    expect((await inv('en-US')).status).toBe(200);
    const subs = (await as(w.t, team.admin, 'GET', `/api/subscription/list?organizationId=${team.teamId}`)).body.data;
    expect(subs).toHaveLength(2);
    expect(subs[0].endTime).toBe(subs[1].endTime);
    expect((await as(w.t, team.outsider, 'GET', `/api/subscription/list?organizationId=${team.teamId}`)).status).toBe(403);
  });

  it('an invitation code takes its discount off; paying rewards the code’s owner once', async () => {
    const inviter = await makeUser(w.t, 'Inviter');
    const code = await createInvitationCode(w.t.deps.store.db, inviter.userId);
    const buyer = await makeUser(w.t, 'Invited');
    const r = await order(buyer, { id: 2, paymentMethod: 'sandbox', invitationCode: code.toLowerCase() });
    expect(r.body.data).toMatchObject({ amount: 9900, payAmount: 8910 });
    // One's own code gives no discount.
    expect((await order(inviter, { id: 2, paymentMethod: 'sandbox', invitationCode: code })).body.data.payAmount).toBe(9900);
    await as(w.t, buyer, 'POST', `/api/pay/sandbox/${r.body.data.orderId}/confirm`, {});
    await as(w.t, buyer, 'POST', `/api/pay/sandbox/${r.body.data.orderId}/confirm`, {});
    const rewards = await w.t.deps.store.db.selectFrom('reward_ledger' as never).select(['user_id', 'amount', 'pay_amount'] as never).where('order_id' as never, '=', r.body.data.orderId as never).execute();
    expect(rewards.map((x: any) => [x.user_id, Number(x.amount), Number(x.pay_amount)])).toEqual([[inviter.userId, 1782, 8910]]);
    expect(await ledger(r.body.data.orderId)).toEqual([{ kind: 'PAYMENT', amount: 8910, currency: 'USD' }]);
  });

  it('offline (Local Pro) order: one activation code per device once paid; the online edition is unchanged', async () => {
    const u = await makeUser(w.t, 'Offline');
    const r = await order(u, { id: 32, paymentMethod: 'sandbox', seats: 3 });
    expect(r.body.data).toMatchObject({ amount: 23700, payAmount: 23700 });
    await as(w.t, u, 'POST', `/api/pay/sandbox/${r.body.data.orderId}/confirm`, {});
    const codes = await w.t.deps.store.db.selectFrom('licence_codes' as never).select(['valid_until', 'user_id'] as never).where('order_id' as never, '=', r.body.data.orderId as never).execute();
    expect(codes).toHaveLength(3);
    expect((await as(w.t, u, 'GET', '/api/organization/edition')).body.data.tier).toBe('PRO_TRIAL');
  });

  it('cancel: a renewal not started yet stops and is credited back; the one in use runs to its end', async () => {
    const u = await makeUser(w.t, 'Canceller');
    const first = (await order(u, { id: 1, paymentMethod: 'sandbox' })).body.data.orderId;
    await as(w.t, u, 'POST', `/api/pay/sandbox/${first}/confirm`, {});
    const renewal = (await order(u, { id: 1, paymentMethod: 'sandbox' })).body.data.orderId; // starts when the first ends
    await as(w.t, u, 'POST', `/api/pay/sandbox/${renewal}/confirm`, {});
    const subs = (await as(w.t, u, 'GET', '/api/subscription/list')).body.data;
    const next = subs.find((s: { orderId: number }) => s.orderId === renewal);
    const current = subs.find((s: { orderId: number }) => s.orderId === first);
    expect(next).toMatchObject({ status: 'NOT_STARTED', startTime: current.endTime });
    expect((await as(w.t, u, 'POST', '/api/subscription/cancel', { id: next.id })).body.data.status).toBe('CANCELLED');
    expect(await w.db.selectFrom('money_ledger').select(['kind', 'amount']).where('ref', '=', `subscription-cancel:${next.id}`).execute()).toEqual([{ kind: 'CUSTOMER_CREDIT', amount: -990 }]);
    expect((await as(w.t, u, 'POST', '/api/subscription/cancel', { id: next.id })).status).toBe(400);
    expect((await as(w.t, u, 'POST', '/api/subscription/cancel', { id: current.id })).body.data.status).toBe('IN_USE');
    expect((await as(w.t, u, 'GET', '/api/organization/edition')).body.data.tier).toBe('PRO');
    const stranger = await makeUser(w.t, 'Stranger');
    expect((await as(w.t, stranger, 'POST', '/api/subscription/cancel', { id: current.id })).status).toBe(403);
  });

  it('free trial order: paid at once with 0, once per organisation', async () => {
    const u = await makeUser(w.t, 'Trial');
    const r = await order(u, { id: 1, paymentMethod: 'stripe', freeTrial: true });
    expect(r.body.data).toMatchObject({ status: 'PAY_SUCCESS', payAmount: 0 });
    expect(await statusOf(u, r.body.data.orderId)).toBe('PAY_SUCCESS');
    const subs = (await as(w.t, u, 'GET', '/api/subscription/list')).body.data;
    expect(subs[0]).toMatchObject({ freeTrial: true, status: 'IN_USE', price: 0 });
    expect((await as(w.t, u, 'GET', '/api/organization/edition')).body.data.tier).toBe('PRO_TRIAL');
    expect((await order(u, { id: 1, paymentMethod: 'stripe', freeTrial: true })).body.errorCode).toBe('TRIAL_NOT_AVAILABLE');
    expect(await ledger(r.body.data.orderId)).toEqual([]);
  });
});

describe('billing off', () => {
  it('local mode: no pricing (BILLING_OFF), /api/system billing false, unlimited remaining uses', async () => {
    const t = await testApp({ demo: false });
    try {
      expect((await t.json('GET', '/api/system')).body.data.billing).toBe(false);
      expect(await t.json('GET', '/api/product/list')).toMatchObject({ status: 404, body: { errorCode: 'BILLING_OFF' } });
      expect((await t.json('POST', '/api/pay/create_order', { id: 2, paymentMethod: 'stripe' })).body.errorCode).toBe('BILLING_OFF');
      expect((await t.json('POST', '/api/pay/webhook/stripe', { x: 1 })).status).toBe(404);
      const edition = (await t.json('GET', '/api/organization/edition')).body.data;
      expect(edition).toMatchObject({ tier: 'LOCAL', billing: false });
      expect((await t.json('GET', '/api/ai/config/remaininguses')).body.data).toMatchObject({ tier: 'LOCAL', remainingUses: 1000 });
    } finally {
      await t.close();
    }
  });
});
