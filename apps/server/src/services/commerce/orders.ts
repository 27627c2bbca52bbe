/**
 * Orders (spec 01 §4): create → CREATE (a provider checkout), → PAY_SUCCESS only through a
 * verified provider event (payments.ts), → CANCEL when unpaid after 15 minutes (a job on the
 * JobQueue, a conditional update: once across replicas). Free trial orders are paid at once (0).
 */
import {
  COMMERCE_ERROR_CODES, COMMERCE_LIMITS, ERROR_CODES, type CreateOrderAnswer, type CreateOrderInput, type Language, type OrderRow, type PaymentMethod,
  type Product, type ProductType, type SubscriptionType,
} from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { OrganizationRepo } from '../../store/organizations.js';
import type { OrderRecord, ProductRecord } from '../../store/commerce.js';
import { checkInvitationCode } from '../rewards/invitation-codes.js';
import { commerceMsg } from './messages.js';
import { afterPaid, applyEvent, applyPaidOrder } from './payments.js';
import { periodEnd } from './periods.js';
import type { CommerceService } from './service.js';
import { notifyOrder } from './effects.js';

export const EXPIRE_JOB = 'commerce.order-expire';
export const SWEEP_JOB = 'commerce.order-sweep';

export function productOf(svc: CommerceService, p: ProductRecord): Product {
  const methods = p.payment_methods.split(',').filter((m): m is PaymentMethod => svc.providers.has(m as PaymentMethod));
  return {
    id: p.id, title: p.title, price: p.price, originalPrice: p.original_price, currency: p.currency, tag: p.tag, description2: p.description2,
    subscriptionType: p.subscription_type as SubscriptionType, paymentMethods: methods, type: p.type as ProductType, freeTrial: !!p.free_trial,
    versionType: p.version_type === 'PRO' ? 'PRO' : 'PRO2', perSeat: !!p.per_seat,
    yearlyPrice: p.subscription_type === 'YEAR' ? p.price : p.subscription_type === 'MONTH' ? p.price * 12 : null,
  };
}

export function orderRow(o: OrderRecord): OrderRow {
  return {
    orderId: o.id, productId: o.product_id, productTitle: o.product_title, productType: o.product_type as ProductType, subscriptionType: o.subscription_type as SubscriptionType,
    organizationId: o.organization_id, seats: o.seats, amount: o.amount, payAmount: o.pay_amount, currency: o.currency, status: o.status as OrderRow['status'],
    paymentMethod: o.payment_method as PaymentMethod, freeTrial: !!o.free_trial, invitationCode: o.invitation_code, createdAt: o.created_at, paidAt: o.paid_at,
    refundState: o.refund_state === 'CREDITED' ? 'CREDITED' : 'NONE',
  };
}

const bad = (lang: Language, code: string, key: Parameters<typeof commerceMsg>[1], params?: Record<string, string | number>, status = 400) =>
  new AppError(status, code, commerceMsg(lang, key, params));

export function checkSeats(type: ProductType, seats: number | undefined, lang: Language): number {
  const L = COMMERCE_LIMITS;
  if (type === 'PERSONAL') {
    if (seats !== undefined && seats !== L.personalSeats) throw bad(lang, COMMERCE_ERROR_CODES.SEATS_OUT_OF_RANGE, 'SEATS_PERSONAL');
    return 1;
  }
  const [min, max, key] = type === 'TEAM' ? [L.teamMinSeats, L.teamMaxSeats, 'SEATS_TEAM' as const] : [L.offlineMinSeats, L.offlineMaxSeats, 'SEATS_OFFLINE' as const];
  if (seats === undefined || !Number.isInteger(seats) || seats < min || seats > max) throw bad(lang, COMMERCE_ERROR_CODES.SEATS_OUT_OF_RANGE, key, { min, max });
  return seats;
}

export async function createOrder(svc: CommerceService, ctx: RequestContext, body: CreateOrderInput, req: FastifyRequest): Promise<CreateOrderAnswer> {
  const lang = ctx.lang;
  svc.requireBilling(lang);
  const userId = ctx.user!.id;
  const product = await svc.repo.product(body.id);
  // Only the catalogue this deployment shows (ASKDB_BILLING_CURRENCY): a product in another currency is not for sale here.
  if (!product || product.currency !== svc.deps.config.billing.currency) throw bad(lang, COMMERCE_ERROR_CODES.PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND', { id: body.id }, 404);
  const type = product.type as ProductType;
  const seats = checkSeats(type, body.seats ?? (type === 'PERSONAL' ? 1 : undefined), lang);

  // The organisation: the caller must be a VALID member; a team plan needs an admin of a team.
  const orgs = new OrganizationRepo(svc.deps.store.db);
  // A personal plan is the buyer's own: without an organisation named, their PERSONAL organisation
  // (whichever organisation is current); naming anyone else's is refused.
  const organizationId = body.organizationId ?? (type === 'PERSONAL' ? (await orgs.personalOf(userId))?.id : undefined) ?? ctx.organizationId!;
  const org = await orgs.get(organizationId);
  const me = org ? await orgs.membership(org.id, userId) : null;
  if (!org || !me || me.status !== 'VALID') throw bad(lang, COMMERCE_ERROR_CODES.WRONG_ORGANIZATION_TYPE, 'NOT_A_MEMBER', undefined, 403);
  if (type === 'PERSONAL' && org.type === 'PERSONAL' && org.ownerId !== userId) throw bad(lang, COMMERCE_ERROR_CODES.WRONG_ORGANIZATION_TYPE, 'NOT_A_MEMBER', undefined, 403);
  if (type === 'TEAM') {
    if (org.type === 'PERSONAL') throw bad(lang, COMMERCE_ERROR_CODES.WRONG_ORGANIZATION_TYPE, 'TEAM_PLAN_NEEDS_TEAM');
    if (me.roleCode !== 'ADMIN' && me.roleCode !== 'SUPER_ADMIN') throw bad(lang, ERROR_CODES.PERMISSION_DENIED, 'ADMIN_ONLY', undefined, 403);
  } else if (type === 'PERSONAL' && org.type !== 'PERSONAL') {
    throw bad(lang, COMMERCE_ERROR_CODES.WRONG_ORGANIZATION_TYPE, 'PERSONAL_PLAN_NEEDS_PERSONAL');
  }

  const freeTrial = !!body.freeTrial;
  if (!freeTrial && (!svc.providers.has(body.paymentMethod) || !product.payment_methods.split(',').includes(body.paymentMethod))) {
    throw bad(lang, COMMERCE_ERROR_CODES.PAYMENT_METHOD_UNSUPPORTED, 'PAYMENT_METHOD_UNSUPPORTED', { method: body.paymentMethod });
  }

  // Price: per seat for team and offline products; an invitation code takes its discount off.
  const amount = product.price * (product.per_seat ? seats : 1);
  let discountBps = 0;
  let code: string | null = null;
  if (body.invitationCode?.trim()) {
    const found = await checkInvitationCode(svc.deps, body.invitationCode.trim());
    if (!found) throw bad(lang, COMMERCE_ERROR_CODES.INVALID_INVITATION_CODE, 'INVALID_INVITATION_CODE');
    if (found.ownerUserId !== userId) {
      discountBps = Math.max(0, Math.min(10_000, found.discountBasisPoints));
      code = body.invitationCode.trim().toUpperCase();
    }
  }

  const nowMs = svc.clock();
  const now = new Date(nowMs).toISOString();
  const sub = product.subscription_type as SubscriptionType;
  // When the subscription runs: a chosen start (not before now, not after the current end); added
  // team seats end with the team subscription in force; otherwise from payment.
  let subStart: string | null = null;
  let subEnd: string | null = null;
  let payAmount = amount - Math.floor((amount * discountBps) / 10_000);
  const ent = await svc.entitlement(organizationId);
  if (body.subStartTime) {
    const t = Date.parse(body.subStartTime);
    const limit = ent.subscriptionEndTime ? Date.parse(ent.subscriptionEndTime) : Infinity;
    if (!Number.isFinite(t) || t < nowMs - 5 * 60_000 || t > limit) throw bad(lang, ERROR_CODES.INVALID_PARAMS, 'START_TIME_INVALID');
    subStart = new Date(Math.max(t, nowMs)).toISOString();
  } else if (type === 'TEAM' && ent.tier === 'TEAM_PRO' && ent.subscriptionEndTime && sub !== 'FOREVER') {
    // TeamAddSeat: the added seats run to the current end; the price is prorated to the time left.
    subEnd = ent.subscriptionEndTime;
    const full = Date.parse(periodEnd(now, sub)) - nowMs;
    const left = Math.max(0, Date.parse(subEnd) - nowMs);
    // Both ways: a monthly seat bought beside a yearly plan pays for the months it runs.
    payAmount = Math.max(1, Math.round((payAmount * left) / full));
  } else if (type === 'PERSONAL' && ent.tier === 'PRO' && ent.subscriptionEndTime && ent.label !== 'forever') {
    subStart = ent.subscriptionEndTime; // a renewal starts when the current one ends
  }

  if (freeTrial) {
    if (!product.free_trial || (await svc.repo.hadTrial(organizationId)) || ent.vip) throw bad(lang, COMMERCE_ERROR_CODES.TRIAL_NOT_AVAILABLE, 'TRIAL_NOT_AVAILABLE');
    payAmount = 0;
  }

  const order = await svc.repo.insertOrder({
    organization_id: organizationId, user_id: userId, product_id: product.id, product_type: type, product_title: product.title, subscription_type: sub, seats,
    amount, pay_amount: payAmount, currency: product.currency, discount_bps: discountBps, invitation_code: code, payment_method: body.paymentMethod,
    status: 'CREATE', free_trial: freeTrial ? 1 : 0, sub_start_time: subStart, sub_end_time: subEnd, created_at: now,
    expires_at: new Date(nowMs + COMMERCE_LIMITS.orderPayWindowMs).toISOString(),
  });
  const answer: CreateOrderAnswer = { orderId: order.id, status: 'CREATE', amount, payAmount, currency: order.currency, subscriptionType: sub };

  if (freeTrial) {
    // Nothing to pay: the trial subscription starts now.
    await svc.deps.store.db.transaction().execute(async (tx) => {
      if (await svc.repo.markPaid(order.id, now, tx)) await applyPaidOrder(svc, (await svc.repo.order(order.id, tx))!, tx);
    });
    await afterPaid(svc, order.id);
    return { ...answer, status: 'PAY_SUCCESS' };
  }

  const provider = svc.providers.get(body.paymentMethod)!;
  const base = svc.baseUrl(req);
  try {
    const c = await provider.checkout({
      order, title: product.title, baseUrl: base, notifyUrl: `${base}/api/pay/webhook/${body.paymentMethod}`,
      successUrl: `${base}/settings/purchase?orderId=${order.id}`, cancelUrl: `${base}/pricing?orderId=${order.id}`,
    });
    await svc.repo.setProvider(order.id, c.ref, c.url ?? null);
    if (c.url) answer.url = c.url;
    if (c.qrCode) answer.qrCode = c.qrCode;
  } catch (e) {
    await svc.repo.cancelOrder(order.id, now, { onlyIfDue: false });
    req.log.warn({ err: e, orderId: order.id, provider: body.paymentMethod }, 'payment provider checkout failed');
    throw new AppError(502, COMMERCE_ERROR_CODES.PAYMENT_PROVIDER_ERROR, commerceMsg(lang, 'PROVIDER_ERROR'));
  }
  // Unpaid after the window → CANCEL (job; the minute sweep catches any job that was lost).
  await svc.deps.jobs.send(EXPIRE_JOB, { orderId: order.id }, { startAfter: new Date(Date.now() + COMMERCE_LIMITS.orderPayWindowMs), singletonKey: `order-${order.id}` });
  return answer;
}

/** Cancels one order if it is still unpaid and due; true when this call cancelled it. */
export async function expireOrder(svc: CommerceService, orderId: number): Promise<boolean> {
  const ok = await svc.repo.cancelOrder(orderId, svc.nowIso(), { onlyIfDue: true });
  if (ok) {
    svc.cancelledHere.push(orderId);
    const o = await svc.repo.order(orderId);
    if (o) {
      try {
        await svc.providers.get(o.payment_method as PaymentMethod)?.cancel?.(o);
      } catch {
        /* the checkout may be gone already; a payment that still arrives is credited back */
      }
      await notifyOrder(svc, o, 'order.cancelled');
    }
  }
  return ok;
}

/** Cancels every due unpaid order (the minute sweep); the number this call cancelled. */
export async function expireDue(svc: CommerceService): Promise<number> {
  let n = 0;
  for (const id of await svc.repo.dueOrders(svc.nowIso())) if (await expireOrder(svc, id)) n++;
  return n;
}

/** The order's status for its buyer (or an admin of its organisation); asks the provider at most every 30 s while open. */
export async function orderStatus(svc: CommerceService, ctx: RequestContext, orderId: number): Promise<OrderRecord> {
  const o = await visibleOrder(svc, ctx, orderId);
  if (o.status !== 'CREATE') return o;
  if (o.expires_at <= svc.nowIso()) {
    await expireOrder(svc, o.id);
    return (await svc.repo.order(o.id))!;
  }
  const provider = svc.providers.get(o.payment_method as PaymentMethod);
  const last = svc.lastQueried.get(o.id) ?? 0;
  if (provider?.query && o.provider_ref && Date.now() - last > 30_000) {
    svc.lastQueried.set(o.id, Date.now());
    try {
      const ev = await provider.query(o);
      if (ev?.paid) await applyEvent(svc, provider.method, ev, ctx.lang);
    } catch {
      /* the provider is unreachable: the webhook still confirms the payment */
    }
    return (await svc.repo.order(o.id))!;
  }
  return o;
}

export async function visibleOrder(svc: CommerceService, ctx: RequestContext, orderId: number): Promise<OrderRecord> {
  const o = await svc.repo.order(orderId);
  const missing = () => bad(ctx.lang, COMMERCE_ERROR_CODES.ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', { id: orderId }, 404);
  if (!o) throw missing();
  if (o.user_id === ctx.user!.id) return o;
  const me = await new OrganizationRepo(svc.deps.store.db).membership(o.organization_id, ctx.user!.id);
  if (me && me.status === 'VALID' && (me.roleCode === 'ADMIN' || me.roleCode === 'SUPER_ADMIN')) return o;
  throw missing();
}

/** The caller's orders, and those of the organisations they administer. */
export async function listOrders(svc: CommerceService, ctx: RequestContext): Promise<OrderRow[]> {
  const orgs = new OrganizationRepo(svc.deps.store.db);
  const adminOf: number[] = [];
  if (ctx.organizationId && ctx.user?.isAdmin) {
    const me = await orgs.membership(ctx.organizationId, ctx.user.id);
    if (me?.status === 'VALID') adminOf.push(ctx.organizationId);
  }
  return (await svc.repo.ordersOf({ userId: ctx.user!.id, organizationIds: adminOf })).map(orderRow);
}
