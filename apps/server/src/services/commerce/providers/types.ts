/**
 * One interface for every payment provider (stripe, wechat, alipay, sandbox). A provider starts a
 * checkout for an order and turns a webhook into a verified event — or refuses it. Payment is
 * confirmed only through `verifyWebhook` or `query`, never by what the browser says.
 */
import type { PaymentMethod } from '@askdb/contracts';
import type { OrderRecord } from '../../../store/commerce.js';

export interface CheckoutRequest {
  order: OrderRecord;
  title: string;
  /** Where the provider sends the browser after paying / giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Our webhook URL for this provider. */
  notifyUrl: string;
  /** This server's public base URL. */
  baseUrl: string;
}
export interface CheckoutAnswer {
  /** The provider's id of the checkout (Stripe session id, gateway trade number). */
  ref: string | null;
  url?: string;
  qrCode?: string;
}

/** A verified provider event. `paid` events carry the order, the amount and a payment reference. */
export interface VerifiedEvent {
  /** Unique per provider (Stripe event id, gateway notification id, `query:<ref>` for a provider query). */
  eventId: string;
  type: string;
  paid: boolean;
  orderId: number | null;
  /** Identifies the money movement (one per real payment): booked once in the ledger. */
  paymentRef: string | null;
  amount: number | null;
  currency: string | null;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  checkout(req: CheckoutRequest): Promise<CheckoutAnswer>;
  /** Verifies and parses a webhook; throws WebhookSignatureError when it does not verify. */
  verifyWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<VerifiedEvent>;
  /** Asks the provider about an order (polling fallback); null when it knows nothing paid. */
  query?(order: OrderRecord): Promise<VerifiedEvent | null>;
  /** Closes the provider's checkout of a cancelled order (best effort: a payment racing it is credited back). */
  cancel?(order: OrderRecord): Promise<void>;
}

export const header = (h: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
