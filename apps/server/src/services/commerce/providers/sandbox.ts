/**
 * The development provider: its link and QR code open our own "pay" page
 * (GET /api/pay/sandbox/:orderId). Its Pay button asks the sandbox to pay; the sandbox then
 * delivers a notification signed with a server-held key through the same verified-webhook path
 * as a real provider. The browser never says "paid" itself: it cannot sign.
 */
import QRCode from 'qrcode';
import { sign, verify } from './signing.js';
import { header, WebhookSignatureError, type CheckoutAnswer, type CheckoutRequest, type PaymentProvider, type VerifiedEvent } from './types.js';

export const SANDBOX_HEADER = 'x-askdb-sandbox-signature';

export class SandboxProvider implements PaymentProvider {
  readonly method = 'sandbox' as const;
  constructor(private readonly key: () => Promise<string>) {}

  async checkout(req: CheckoutRequest): Promise<CheckoutAnswer> {
    const url = `${req.baseUrl}/api/pay/sandbox/${req.order.id}`;
    return { ref: `sandbox-${req.order.id}`, url, qrCode: await QRCode.toDataURL(url, { width: 200, margin: 1 }) };
  }

  /** The notification the sandbox sends when its page's Pay button is pressed (amount as the order says). */
  async notification(o: { id: number; pay_amount: number; currency: string }): Promise<{ raw: Buffer; headers: Record<string, string> }> {
    const body = JSON.stringify({ id: `sandbox-evt-${o.id}`, outTradeNo: String(o.id), tradeNo: `sandbox-${o.id}`, status: 'SUCCESS', amount: o.pay_amount, currency: o.currency });
    return { raw: Buffer.from(body), headers: { [SANDBOX_HEADER]: sign(await this.key(), body) } };
  }

  async verifyWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<VerifiedEvent> {
    verify(await this.key(), raw, header(headers, SANDBOX_HEADER));
    const n = JSON.parse(raw.toString('utf8')) as { id?: string; outTradeNo?: string; tradeNo?: string; status?: string; amount?: number; currency?: string };
    if (!n.id) throw new WebhookSignatureError('notification without an id');
    const orderId = Number(n.outTradeNo);
    return {
      eventId: n.id, type: 'sandbox.paid', paid: n.status === 'SUCCESS', orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
      paymentRef: n.tradeNo ? `sandbox:${n.tradeNo}` : null, amount: Number.isInteger(n.amount) ? n.amount! : null, currency: n.currency?.toUpperCase() ?? null,
    };
  }
}
