/**
 * Payment confirmation (issue 14 point 3): only a verified provider event (webhook or provider
 * query) pays an order. One transaction per event:
 *  - the event is recorded first, unique per (provider, event id): a replay changes nothing;
 *  - amount or currency not the order's: refused, recorded, the money booked and owed back;
 *  - CREATE → PAY_SUCCESS by a conditional update (two replicas: one wins), then the money row,
 *    the subscription (unique per order) and the invitation reward, all in the same transaction;
 *  - money for an order already cancelled (or a second payment): booked and credited back to
 *    the customer (ledger rows), the order marked CREDITED — never lost.
 */
import { COMMERCE_ERROR_CODES, TRIAL_LIMITS, type Language, type PaymentMethod, type SubscriptionType } from '@askdb/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/errors.js';
import type { OrderRecord } from '../../store/commerce.js';
import { creditInvitationReward } from '../rewards/rewards.js';
import { issueActivationCodes } from '../licence/issue.js';
import { notifyOrder } from './effects.js';
import { commerceMsg } from './messages.js';
import { periodEnd } from './periods.js';
import { WebhookSignatureError, type VerifiedEvent } from './providers/index.js';
import type { CommerceService } from './service.js';

export type EventOutcome = 'PAID' | 'DUPLICATE' | 'ALREADY_PAID' | 'PAID_AFTER_CANCEL' | 'DOUBLE_PAYMENT_CREDITED' | 'AMOUNT_MISMATCH' | 'UNKNOWN_ORDER' | 'IGNORED';

const DAY = 86_400_000;

/** The webhook of one provider: verify, then apply. Answers what happened (the provider only needs a 2xx). */
export async function handleWebhook(svc: CommerceService, method: string, raw: Buffer, headers: Record<string, string | string[] | undefined>, lang: Language): Promise<{ outcome: EventOutcome }> {
  const provider = svc.providers.get(method as PaymentMethod);
  if (!svc.billing || !provider) throw new AppError(404, COMMERCE_ERROR_CODES.BILLING_OFF, commerceMsg(lang, 'PROVIDER_NOT_CONFIGURED', { provider: method }));
  let ev: VerifiedEvent;
  try {
    ev = await provider.verifyWebhook(raw, headers);
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw new AppError(400, COMMERCE_ERROR_CODES.WEBHOOK_SIGNATURE, commerceMsg(lang, 'WEBHOOK_SIGNATURE'), e.message);
    throw e;
  }
  return applyEvent(svc, provider.method, ev, lang);
}

export async function applyEvent(svc: CommerceService, provider: PaymentMethod, ev: VerifiedEvent, lang: Language = 'en-US'): Promise<{ outcome: EventOutcome }> {
  const repo = svc.repo;
  const db = svc.deps.store.db;
  const now = svc.nowIso();
  const base = { provider, eventId: ev.eventId, orderId: ev.orderId, type: ev.type, amount: ev.amount, currency: ev.currency, at: now };
  if (!ev.paid) {
    await db.transaction().execute((tx) => repo.recordEvent({ ...base, orderId: null, outcome: 'IGNORED' }, tx));
    return { outcome: 'IGNORED' };
  }
  const order = ev.orderId ? await repo.order(ev.orderId) : null;
  if (!order || order.payment_method !== provider) {
    await db.transaction().execute((tx) => repo.recordEvent({ ...base, orderId: null, outcome: 'UNKNOWN_ORDER', detail: `order ${ev.orderId ?? '?'}` }, tx));
    throw new AppError(400, COMMERCE_ERROR_CODES.WEBHOOK_UNKNOWN_ORDER, commerceMsg(lang, 'WEBHOOK_UNKNOWN_ORDER'));
  }
  const paymentRef = ev.paymentRef ?? `${provider}:${ev.eventId}`;
  const money = (kind: string, amount: number, note: string) => ({
    organizationId: order.organization_id, userId: order.user_id, orderId: order.id, kind, amount, currency: ev.currency ?? order.currency, ref: paymentRef, note, at: now,
  });
  let outcome = 'DUPLICATE' as EventOutcome;
  await db.transaction().execute(async (tx) => {
    if (!(await repo.recordEvent({ ...base, outcome: 'PENDING' }, tx))) return; // a replay: recorded before
    if (ev.amount !== order.pay_amount || ev.currency !== order.currency) {
      outcome = 'AMOUNT_MISMATCH';
      if (ev.amount && ev.amount > 0) {
        await repo.book(money('UNMATCHED_PAYMENT', ev.amount, `expected ${order.pay_amount} ${order.currency}`), tx);
        await repo.book(money('CUSTOMER_CREDIT', -ev.amount, 'amount did not match the order'), tx);
      }
    } else if (await repo.markPaid(order.id, now, tx)) {
      outcome = 'PAID';
      if (order.pay_amount > 0) await repo.book(money('PAYMENT', order.pay_amount, 'order paid'), tx);
      await applyPaidOrder(svc, { ...order, status: 'PAY_SUCCESS', paid_at: now }, tx);
    } else if (!(await repo.book(money('PAYMENT', ev.amount!, 'payment for a closed order'), tx))) {
      outcome = 'ALREADY_PAID'; // the same payment, told again (webhook and provider query)
    } else {
      const current = (await repo.order(order.id, tx))!;
      await repo.book(money('CUSTOMER_CREDIT', -ev.amount!, current.status === 'CANCEL' ? 'paid after the order was cancelled' : 'second payment of a paid order'), tx);
      outcome = current.status === 'CANCEL' ? 'PAID_AFTER_CANCEL' : 'DOUBLE_PAYMENT_CREDITED';
      await repo.markCredited(order.id, tx);
    }
    await repo.setEventOutcome(provider, ev.eventId, outcome, null, tx);
  });
  if (outcome === 'PAID') await afterPaid(svc, order.id);
  if (outcome === 'PAID_AFTER_CANCEL' || outcome === 'DOUBLE_PAYMENT_CREDITED') await notifyOrder(svc, order, 'order.credited');
  if (outcome === 'AMOUNT_MISMATCH') {
    throw new AppError(400, COMMERCE_ERROR_CODES.WEBHOOK_AMOUNT_MISMATCH, commerceMsg(lang, 'WEBHOOK_AMOUNT_MISMATCH', { paid: `${ev.amount ?? '?'} ${ev.currency ?? ''}`.trim(), expected: `${order.pay_amount} ${order.currency}` }));
  }
  return { outcome };
}

/**
 * The server-side success effects of a paid order (inside the paying transaction): its
 * subscription (seats, validity; unique per order), the invitation reward, offline licence codes.
 * The reward matures when the subscription starts: until then a cancel credits the order back
 * (subscriptions.ts) and takes the reward back with it.
 */
export async function applyPaidOrder(svc: CommerceService, o: OrderRecord, tx: Kysely<any>): Promise<void> {
  const paidAt = o.paid_at ?? svc.nowIso();
  const start = o.sub_start_time && o.sub_start_time > paidAt ? o.sub_start_time : paidAt;
  const end = o.free_trial
    ? new Date(Date.parse(start) + TRIAL_LIMITS.trialDays! * DAY).toISOString()
    : (o.sub_end_time ?? periodEnd(start, o.subscription_type as SubscriptionType));
  await svc.repo.insertSubscription({
    organization_id: o.organization_id, order_id: o.id, product_type: o.product_type, subscription_type: o.subscription_type, seats: o.seats,
    start_time: start, end_time: end, price: o.pay_amount, currency: o.currency, free_trial: o.free_trial, state: 'ACTIVE', created_at: paidAt,
  }, tx);
  if (o.invitation_code && o.pay_amount > 0) {
    await creditInvitationReward(svc.deps, { id: o.id, invitationCode: o.invitation_code, payAmount: o.pay_amount, currency: o.currency, buyerUserId: o.user_id, productName: o.product_title, maturesAt: start }, tx);
  }
}

/** After the paying transaction: offline activation codes for a LOCAL product (idempotent per order on the licence side). */
export async function afterPaid(svc: CommerceService, orderId: number): Promise<void> {
  const o = (await svc.repo.order(orderId))!;
  if (o.product_type === 'LOCAL') {
    const sub = (await svc.repo.subscriptionsOf(o.organization_id)).find((s) => s.order_id === o.id);
    await issueActivationCodes(svc.deps, {
      orderId: o.id, organizationId: o.organization_id, userId: o.user_id, count: o.seats, product: o.product_title, price: o.pay_amount, currency: o.currency,
      validUntil: o.subscription_type === 'FOREVER' ? null : (sub?.end_time ?? null),
    });
  }
  await notifyOrder(svc, o, 'order.paid');
}
