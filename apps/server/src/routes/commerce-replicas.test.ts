/**
 * Two replicas (two apps on one PostgreSQL store, each with its own pg-boss JobQueue): an unpaid
 * order expires once, and a webhook delivered to both at the same moment pays once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeUser } from '../test/org-fixtures.js';
import { commerceReplicas, deliver } from '../test/commerce-fixtures.js';
import type { TestApp } from '../test/helpers.js';
import type { StripeTestServer } from '../test/stripe-server.js';
import { commerce, type CommerceService } from '../services/commerce/service.js';
import { expireDue, SWEEP_JOB } from '../services/commerce/orders.js';
import { commerceDb } from '../store/commerce-schema.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('commerce on two replicas', () => {
  let world: Awaited<ReturnType<typeof commerceReplicas>>;
  let stripe: StripeTestServer;
  let a: TestApp;
  let b: TestApp;
  let sa: CommerceService;
  let sb: CommerceService;
  beforeAll(async () => {
    world = await commerceReplicas('com_repl');
    ({ a, b, stripe } = world);
    sa = commerce(a.deps);
    sb = commerce(b.deps);
  });
  afterAll(async () => {
    await world?.close();
  });

  const db = () => commerceDb(a.deps.store.db);
  const statusOf = async (id: number) => (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const sessionOf = (orderId: number) => [...stripe.sessions.values()].find((s) => s.client_reference_id === String(orderId))!;

  it('expires an unpaid order once: both replicas sweep at the same moment, and through their own job queues', async () => {
    expect(a.deps.jobs.kind).toBe('pg-boss');
    expect(b.deps.jobs.kind).toBe('pg-boss');
    const u = await makeUser(a, 'Expiring');
    const t0 = Date.now();
    sa.clock = sb.clock = () => t0;
    const first = (await as(a, u, 'POST', '/api/pay/create_order', { id: 1, paymentMethod: 'stripe' })).body.data.orderId as number;
    const second = (await as(b, u, 'POST', '/api/pay/create_order', { id: 1, paymentMethod: 'stripe' })).body.data.orderId as number;
    sa.clock = sb.clock = () => t0 + 16 * 60_000;

    // The store decides: two sweeps at once cancel the order once.
    const [na, nb] = await Promise.all([expireDue(sa), expireDue(sb)]);
    expect(na + nb).toBe(2);
    expect([...sa.cancelledHere, ...sb.cancelledHere].filter((id) => id === first)).toEqual([first]);
    expect([...sa.cancelledHere, ...sb.cancelledHere].filter((id) => id === second)).toEqual([second]);

    // Through the queues: a new order, the sweep job sent on both replicas; whichever runs it, it is cancelled once.
    sa.clock = sb.clock = () => t0 + 20 * 60_000;
    const third = (await as(a, u, 'POST', '/api/pay/create_order', { id: 1, paymentMethod: 'stripe' })).body.data.orderId as number;
    sa.clock = sb.clock = () => t0 + 40 * 60_000;
    await Promise.all([a.deps.jobs.send(SWEEP_JOB, {}), b.deps.jobs.send(SWEEP_JOB, {})]);
    for (let i = 0; i < 100 && (await statusOf(third)) !== 'CANCEL'; i++) await sleep(200);
    expect(await statusOf(third)).toBe('CANCEL');
    await sleep(2500); // let the other sweep job run too
    expect([...sa.cancelledHere, ...sb.cancelledHere].filter((id) => id === third)).toEqual([third]);
    const notices = await a.deps.store.db.selectFrom('notifications' as never).select('id' as never).where('message_key' as never, '=', 'order.cancelled' as never).where('action_target' as never, '=', String(third) as never).execute();
    expect(notices).toHaveLength(1);
    sa.clock = sb.clock = Date.now;
  });

  it('a webhook delivered to both replicas at once pays once (one subscription, one payment row)', async () => {
    const u = await makeUser(a, 'Twice');
    const { orderId } = (await as(a, u, 'POST', '/api/pay/create_order', { id: 2, paymentMethod: 'stripe' })).body.data;
    const session = stripe.pay(sessionOf(orderId).id);
    const hook = stripe.webhook(session);
    const results = await Promise.all([deliver(a, 'stripe', hook.payload, hook.headers), deliver(b, 'stripe', hook.payload, hook.headers)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.data.outcome).sort()).toEqual(['DUPLICATE', 'PAID']);
    // The same payment told by two different events at once (e.g. completed + async succeeded).
    const e1 = stripe.webhook(session);
    const e2 = stripe.webhook(session);
    const more = await Promise.all([deliver(a, 'stripe', e1.payload, e1.headers), deliver(b, 'stripe', e2.payload, e2.headers)]);
    expect(more.map((r) => r.body.data.outcome)).toEqual(['ALREADY_PAID', 'ALREADY_PAID']);
    expect(await statusOf(orderId)).toBe('PAY_SUCCESS');
    expect(await db().selectFrom('subscriptions').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    expect(await db().selectFrom('money_ledger').select(['kind', 'amount']).where('order_id', '=', orderId).execute()).toEqual([{ kind: 'PAYMENT', amount: 9900 }]);
  });

  it('two different payment events for one order at once: one pays, the other finds it paid', async () => {
    const u = await makeUser(b, 'Race');
    const { orderId } = (await as(b, u, 'POST', '/api/pay/create_order', { id: 1, paymentMethod: 'stripe' })).body.data;
    const session = stripe.pay(sessionOf(orderId).id);
    const e1 = stripe.webhook(session);
    const e2 = stripe.webhook(session, { type: 'checkout.session.async_payment_succeeded' });
    const r = await Promise.all([deliver(a, 'stripe', e1.payload, e1.headers), deliver(b, 'stripe', e2.payload, e2.headers)]);
    expect(r.map((x) => x.body.data.outcome).sort()).toEqual(['ALREADY_PAID', 'PAID']);
    expect(await db().selectFrom('money_ledger').select(['kind', 'amount']).where('order_id', '=', orderId).execute()).toEqual([{ kind: 'PAYMENT', amount: 990 }]);
  });
});
