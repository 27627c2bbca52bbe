/**
 * Commerce routes (API.md "Commerce"; issue 14 points 2–5): products, orders, the payment
 * webhooks, the sandbox pay page, subscriptions, remaining AI uses, the edition. Thin: the work is
 * in services/commerce. Billing off: the selling routes answer 404 BILLING_OFF.
 */
import { CreateOrderInput, OrderStatusQuery, OrganizationIdQuery, ProductListQuery, SubscriptionCancelInput, type EditionInfo, type ProductType } from '@askdb/contracts';
import { z } from 'zod';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { commerce } from '../services/commerce/service.js';
import { createOrder, EXPIRE_JOB, expireDue, expireOrder, listOrders, orderStatus, productOf, SWEEP_JOB } from '../services/commerce/orders.js';
import { handleWebhook } from '../services/commerce/payments.js';
import { cancelSubscription, listSubscriptions, subscriptionEndTime } from '../services/commerce/subscriptions.js';
import { remainingUses } from '../services/commerce/usage.js';
import { registerGate } from '../services/commerce/gate.js';
import { SANDBOX_SCRIPT, SANDBOX_SCRIPT_PATH, sandboxConfirm, sandboxPage } from '../services/commerce/sandbox-page.js';

const tag = 'commerce';
const OrderIdParams = z.object({ orderId: z.coerce.number().int().positive() });

const commerceRoutes: RouteModule = async (app, deps) => {
  const svc = commerce(deps);
  registerGate(app, svc);
  if (svc.billing) {
    await deps.jobs.work<{ orderId: number }>(EXPIRE_JOB, async ({ orderId }) => {
      await expireOrder(svc, orderId);
    });
    await deps.jobs.work(SWEEP_JOB, async () => {
      await expireDue(svc);
    });
    await deps.jobs.schedule(SWEEP_JOB, '* * * * *');
  }

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/product/list', summary: 'Products for sale (prices in minor units)', tag, query: ProductListQuery }, async ({ query }, req) => {
    svc.requireBilling(req.ctx.lang);
    const types: ProductType[] = query.productType ? [query.productType] : query.orgType === 'TEAM' || query.orgType === 'ENTERPRISE' ? ['TEAM'] : query.orgType === 'LOCAL' ? ['LOCAL'] : query.orgType === 'PERSONAL' ? ['PERSONAL', 'TEAM'] : [];
    const subs = [...(query.subscriptionType ?? []), ...(query.subscriptionTypes ?? [])];
    const rows = await svc.repo.products({ types, subscriptionTypes: subs, currency: deps.config.billing.currency });
    // orgType: the spec's name of who a product is for (01 §7 product list; issue 29 item 21).
    return rows.map((p) => ({ ...productOf(svc, p), orgType: p.type === 'TEAM' ? 'TEAM' : 'PERSONAL' }));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/pay/create_order', summary: 'Create an order (status CREATE) and its provider checkout', tag, body: CreateOrderInput }, ({ body }, req) =>
    createOrder(svc, req.ctx, body, req),
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/pay/get_order_status_a', summary: 'An order’s status (CREATE, PAY_SUCCESS, CANCEL)', tag, query: OrderStatusQuery }, async ({ query }, req) => {
    svc.requireBilling(req.ctx.lang);
    const o = await orderStatus(svc, req.ctx, query.orderId);
    return { status: o.status, orderId: o.id };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/order/list', summary: 'My orders (and my team’s, for its admins), newest first', tag }, async (_i, req) => {
    svc.requireBilling(req.ctx.lang);
    return listOrders(svc, req.ctx);
  });

  // Provider webhooks need the raw body (signatures are over the exact bytes): a scope of their own.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    defineRoute(raw, {
      access: 'public', method: 'POST', url: '/api/pay/webhook/:provider', summary: 'Payment provider notification (signed; verified before anything happens)', tag,
      params: z.object({ provider: z.string().max(32) }),
    }, async ({ params }, req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
      return { received: true, ...(await handleWebhook(svc, params.provider, body, req.headers, req.ctx.lang)) };
    });
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: SANDBOX_SCRIPT_PATH, summary: 'The sandbox pay page’s script (served from our origin: the CSP allows no inline script)', tag, raw: { contentType: 'text/javascript' } }, async (_i, req, reply) => {
    svc.requireBilling(req.ctx.lang);
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_SCRIPT);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/pay/sandbox/:orderId', summary: 'The sandbox provider’s pay page (development)', tag, params: OrderIdParams, raw: { contentType: 'text/html' } }, async ({ params }, req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await sandboxPage(svc, req.ctx, params.orderId)),
  );
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/pay/sandbox/:orderId/confirm', summary: 'Sandbox: pay this order (the sandbox sends a signed notification to the webhook path)', tag, params: OrderIdParams }, ({ params }, req) =>
    sandboxConfirm(svc, req.ctx, params.orderId),
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/subscription/list', summary: 'Subscription records of an organisation I belong to', tag, query: OrganizationIdQuery }, async ({ query }, req) => {
    svc.requireBilling(req.ctx.lang);
    return listSubscriptions(svc, req.ctx, query.organizationId);
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/subscription/cancel', summary: 'Cancel a subscription (not started: credited back; in use: ends at its end)', tag, body: SubscriptionCancelInput }, async ({ body }, req) => {
    svc.requireBilling(req.ctx.lang);
    return cancelSubscription(svc, req.ctx, body.id, req.ctx.lang);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/subscription/end_time', summary: 'When the organisation’s plan (or trial) ends', tag, query: OrganizationIdQuery }, async ({ query }, req) => {
    svc.requireBilling(req.ctx.lang);
    return subscriptionEndTime(svc, req.ctx, query.organizationId);
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/config/remaininguses', summary: 'Managed-model AI uses and AI reports left in this period', tag }, (_i, req) =>
    remainingUses(svc, req.ctx.organizationId!),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/organization/edition', summary: 'The current organisation’s edition, plan label, features and limits', tag }, async (_i, req): Promise<EditionInfo> => {
    const { periodKey: _p, periodEnd: _e, seatLimit: _s, ...info } = await svc.entitlement(req.ctx.organizationId);
    return info;
  });
};
export default commerceRoutes;
