/**
 * A vendor deployment as shipped (issue 14 follow-ups 1 and 5): the sandbox provider is off unless
 * ASKDB_BILLING_SANDBOX=1 — with Stripe configured and with no provider at all — and the China
 * build's server (ASKDB_BILLING_CURRENCY=CNY) lists and sells its CNY catalogue (0016_commerce_cny).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeUser } from '../test/org-fixtures.js';
import { deliver } from '../test/commerce-fixtures.js';
import { pgStoreUrl } from '../test/accounts.js';
import { scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { startStripeServer, type StripeTestServer } from '../test/stripe-server.js';
import { billingConfigFromEnv } from '../services/commerce/billing-config.js';
import { commerceDb } from '../store/commerce-schema.js';

describe('billing config: the sandbox provider', () => {
  const stripeEnv = { ASKDB_STRIPE_SECRET_KEY: 'sk_test_x', ASKDB_STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  it('is off by default, with or without a real provider', () => {
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1' }, 'server').sandbox).toBe(false);
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1', ...stripeEnv }, 'server').sandbox).toBe(false);
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '0' }, 'server').sandbox).toBe(false);
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: 'yes' }, 'server').sandbox).toBe(false);
  });
  it('is on only when ASKDB_BILLING_SANDBOX=1 (or true)', () => {
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1' }, 'server').sandbox).toBe(true);
    expect(billingConfigFromEnv({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: 'true', ...stripeEnv }, 'server').sandbox).toBe(true);
  });
});

describe('a vendor deployment without ASKDB_BILLING_SANDBOX (PostgreSQL store)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let stripe: StripeTestServer;
  /** The China build's server: CNY, Stripe configured, no sandbox variable. */
  let cny: TestApp;
  /** Billing on and no provider configured at all (the old default turned the sandbox on here). */
  let bare: TestApp;
  beforeAll(async () => {
    scratch = await scratchPgDatabase('askdb_com_vendor');
    stripe = await startStripeServer();
    const secret = crypto.randomBytes(32).toString('hex');
    const storeUrl = pgStoreUrl(scratch.name);
    const cnyEnv = {
      ASKDB_BILLING: '1', ASKDB_BILLING_CURRENCY: 'CNY', ASKDB_STRIPE_SECRET_KEY: stripe.secretKey, ASKDB_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      ASKDB_STRIPE_API_URL: stripe.url, ASKDB_PUBLIC_URL: 'http://askdb.test',
    };
    cny = await testApp({ mode: 'server', databaseUrl: storeUrl, demo: false, secret, billing: billingConfigFromEnv(cnyEnv, 'server') });
    bare = await testApp({ mode: 'server', databaseUrl: storeUrl, demo: false, secret, billing: billingConfigFromEnv({ ASKDB_BILLING: '1' }, 'server') });
  });
  afterAll(async () => {
    await cny?.close();
    await bare?.close();
    await stripe?.close();
    await scratch?.drop();
  });

  it('offers no sandbox payment and accepts none: no pay method, no order, no pay page, no sandbox webhook', async () => {
    for (const t of [cny, bare]) {
      const u = await makeUser(t, 'No Sandbox');
      const list = await as(t, u, 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=YEAR');
      expect(list.status).toBe(200);
      for (const p of list.body.data) expect(p.paymentMethods).not.toContain('sandbox');
      const id = list.body.data[0].id as number;
      const refused = await as(t, u, 'POST', '/api/pay/create_order', { id, paymentMethod: 'sandbox' });
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'PAYMENT_METHOD_UNSUPPORTED' } });
      expect((await as(t, u, 'GET', '/api/order/list')).body.data).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/1', headers: u.headers })).statusCode).toBe(404);
      expect((await as(t, u, 'POST', '/api/pay/sandbox/1/confirm', {})).status).toBe(404);
      const hook = await deliver(t, 'sandbox', JSON.stringify({ id: 'e1', outTradeNo: '1', status: 'SUCCESS', amount: 1, currency: 'CNY' }), { 'content-type': 'application/json' });
      expect(hook.status).toBe(404);
    }
    expect((await as(bare, await makeUser(bare, 'Bare'), 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=YEAR')).body.data[0].paymentMethods).toEqual([]);
  });

  it('CNY: lists the catalogue in CNY for every period and plan (WeChat Pay and Alipay first when configured)', async () => {
    const u = await makeUser(cny, 'Cny Buyer');
    const personal = (await as(cny, u, 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=YEAR,FOREVER')).body.data;
    expect(personal.length).toBeGreaterThan(0);
    expect(personal.every((p: { currency: string }) => p.currency === 'CNY')).toBe(true);
    expect(personal.map((p: { type: string; subscriptionType: string }) => `${p.type}/${p.subscriptionType}`).sort()).toEqual(['PERSONAL/FOREVER', 'PERSONAL/YEAR', 'TEAM/FOREVER', 'TEAM/YEAR']);
    expect(personal.find((p: { type: string; subscriptionType: string }) => p.type === 'PERSONAL' && p.subscriptionType === 'YEAR')).toMatchObject({ price: 68800, yearlyPrice: 68800, paymentMethods: ['stripe'] });
    const monthly = (await as(cny, u, 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=MONTH')).body.data;
    expect(monthly.map((p: { type: string }) => p.type)).toEqual(['PERSONAL', 'TEAM']);
    const offline = (await as(cny, u, 'GET', '/api/product/list?orgType=LOCAL')).body.data;
    expect(offline.map((p: { subscriptionType: string; currency: string }) => `${p.subscriptionType}:${p.currency}`)).toEqual(['MONTH:CNY', 'YEAR:CNY', 'FOREVER:CNY']);
  });

  it('CNY: an order is priced, checked out, paid and booked in CNY; a USD product is not for sale here', async () => {
    const u = await makeUser(cny, 'Cny Payer');
    const product = (await as(cny, u, 'GET', '/api/product/list?orgType=PERSONAL&subscriptionType=YEAR')).body.data[0];
    const created = await as(cny, u, 'POST', '/api/pay/create_order', { id: product.id, paymentMethod: 'stripe' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'CREATE', amount: 68800, payAmount: 68800, currency: 'CNY' });
    const orderId = created.body.data.orderId as number;
    const call = stripe.calls.find((c) => c.method === 'POST' && c.form.client_reference_id === String(orderId))!;
    expect(call.form['line_items[0][price_data][currency]']).toBe('cny');
    expect(call.form['line_items[0][price_data][unit_amount]']).toBe('68800');
    const session = stripe.pay([...stripe.sessions.values()].find((s) => s.client_reference_id === String(orderId))!.id);
    const hook = stripe.webhook(session);
    expect((await deliver(cny, 'stripe', hook.payload, hook.headers)).body.data.outcome).toBe('PAID');
    const db = commerceDb(cny.deps.store.db);
    expect(await db.selectFrom('money_ledger').select(['kind', 'amount', 'currency']).where('order_id', '=', orderId).execute()).toEqual([{ kind: 'PAYMENT', amount: 68800, currency: 'CNY' }]);
    expect((await as(cny, u, 'GET', '/api/order/list')).body.data[0]).toMatchObject({ orderId, status: 'PAY_SUCCESS', payAmount: 68800, currency: 'CNY' });
    expect((await as(cny, u, 'GET', '/api/oauth/user_a')).body.data.currentOrganization.vip).toBe(true);

    const other = await makeUser(cny, 'Cny Usd');
    const usd = await as(cny, other, 'POST', '/api/pay/create_order', { id: 2, paymentMethod: 'stripe' });
    expect(usd).toMatchObject({ status: 404, body: { errorCode: 'PRODUCT_NOT_FOUND' } });
  });
});
