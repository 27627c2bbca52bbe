/**
 * Stripe through its official SDK: a Checkout Session per order (client_reference_id = order id),
 * webhooks verified with `stripe.webhooks.constructEvent`, `checkout.sessions.retrieve` as the
 * provider query. The SDK can be pointed at another host/port/protocol (tests: our own server).
 */
import Stripe from 'stripe';
import type { BillingConfig } from '../billing-config.js';
import type { OrderRecord } from '../../../store/commerce.js';
import { header, WebhookSignatureError, type CheckoutAnswer, type CheckoutRequest, type PaymentProvider, type VerifiedEvent } from './types.js';

type StripeConfig = NonNullable<BillingConfig['stripe']>;

const PAID_TYPES = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

function sessionEvent(eventId: string, type: string, s: Stripe.Checkout.Session): VerifiedEvent {
  const orderId = Number(s.client_reference_id ?? s.metadata?.orderId);
  return {
    eventId,
    type,
    paid: s.payment_status === 'paid',
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    paymentRef: `stripe:${typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent?.id ?? s.id}`,
    amount: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly method = 'stripe' as const;
  readonly client: Stripe;
  constructor(private readonly cfg: StripeConfig) {
    this.client = new Stripe(cfg.secretKey, {
      ...(cfg.host ? { host: cfg.host, port: cfg.port, protocol: cfg.protocol } : {}),
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
    });
  }

  async checkout(req: CheckoutRequest): Promise<CheckoutAnswer> {
    const o = req.order;
    const session = await this.client.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: String(o.id),
      metadata: { orderId: String(o.id) },
      line_items: [{ quantity: 1, price_data: { currency: o.currency.toLowerCase(), unit_amount: o.pay_amount, product_data: { name: `${req.title} × ${o.seats}` } } }],
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
    }, { idempotencyKey: `askdb-order-${o.id}` });
    return { ref: session.id, url: session.url ?? undefined };
  }

  async verifyWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<VerifiedEvent> {
    const sig = header(headers, 'stripe-signature');
    if (!sig) throw new WebhookSignatureError('no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(raw, sig, this.cfg.webhookSecret);
    } catch (e) {
      throw new WebhookSignatureError((e as Error).message);
    }
    if (!PAID_TYPES.has(event.type)) return { eventId: event.id, type: event.type, paid: false, orderId: null, paymentRef: null, amount: null, currency: null };
    return sessionEvent(event.id, event.type, event.data.object as Stripe.Checkout.Session);
  }

  async cancel(order: OrderRecord): Promise<void> {
    if (order.provider_ref) await this.client.checkout.sessions.expire(order.provider_ref);
  }

  async query(order: OrderRecord): Promise<VerifiedEvent | null> {
    if (!order.provider_ref) return null;
    const s = await this.client.checkout.sessions.retrieve(order.provider_ref);
    if (s.payment_status !== 'paid') return null;
    return sessionEvent(`query:${s.id}`, 'checkout.session.retrieve', s);
  }
}
