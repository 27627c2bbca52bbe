/**
 * WeChat Pay and Alipay behind the provider interface: a QR-code (native) payment through the
 * provider's gateway at a configurable URL. Requests and notifications are signed with the
 * merchant key (HMAC-SHA256, signing.ts); the QR code encodes the gateway's payment link.
 *
 * Wire format (our gateway adapter's): POST {url}/v1/orders {merchantId, outTradeNo, amount,
 * currency, description, notifyUrl} → {codeUrl, tradeNo}; GET {url}/v1/orders/{outTradeNo} →
 * {status, amount, currency, tradeNo}; notification body {id, outTradeNo, tradeNo, status,
 * amount, currency} with header `x-askdb-signature`.
 */
import QRCode from 'qrcode';
import type { GatewayConfig } from '../billing-config.js';
import type { OrderRecord } from '../../../store/commerce.js';
import { sign, verify } from './signing.js';
import { header, WebhookSignatureError, type CheckoutAnswer, type CheckoutRequest, type PaymentProvider, type VerifiedEvent } from './types.js';

export const SIGNATURE_HEADER = 'x-askdb-signature';
const TIMEOUT_MS = 15_000;

interface GatewayNotice { id?: unknown; outTradeNo?: unknown; tradeNo?: unknown; status?: unknown; amount?: unknown; currency?: unknown }

export class GatewayProvider implements PaymentProvider {
  constructor(readonly method: 'wechat' | 'alipay', private readonly cfg: GatewayConfig) {}

  private async call(path: string, body?: object): Promise<Record<string, unknown>> {
    const text = body ? JSON.stringify(body) : '';
    const res = await fetch(`${this.cfg.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(this.cfg.key, text) },
      body: body ? text : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${this.method} gateway answered HTTP ${res.status}`);
    // The gateway signs its answers too: an answer that does not verify is not trusted.
    verify(this.cfg.key, raw, res.headers.get(SIGNATURE_HEADER) ?? undefined);
    return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  }

  async checkout(req: CheckoutRequest): Promise<CheckoutAnswer> {
    const o = req.order;
    const r = await this.call('/v1/orders', {
      merchantId: this.cfg.merchantId, outTradeNo: String(o.id), amount: o.pay_amount, currency: o.currency, description: `${req.title} × ${o.seats}`, notifyUrl: req.notifyUrl,
    });
    const codeUrl = typeof r.codeUrl === 'string' ? r.codeUrl : null;
    if (!codeUrl) throw new Error(`${this.method} gateway answered without a codeUrl`);
    return { ref: typeof r.tradeNo === 'string' ? r.tradeNo : null, qrCode: await QRCode.toDataURL(codeUrl, { width: 200, margin: 1 }) };
  }

  private event(n: GatewayNotice, eventId: string, type: string): VerifiedEvent {
    const orderId = Number(n.outTradeNo);
    return {
      eventId,
      type,
      paid: n.status === 'SUCCESS',
      orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
      paymentRef: typeof n.tradeNo === 'string' && n.tradeNo ? `${this.method}:${n.tradeNo}` : null,
      amount: Number.isInteger(n.amount) ? (n.amount as number) : null,
      currency: typeof n.currency === 'string' ? n.currency.toUpperCase() : null,
    };
  }

  async verifyWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<VerifiedEvent> {
    verify(this.cfg.key, raw, header(headers, SIGNATURE_HEADER));
    let n: GatewayNotice;
    try {
      n = JSON.parse(raw.toString('utf8')) as GatewayNotice;
    } catch {
      throw new WebhookSignatureError('notification body is not JSON');
    }
    if (typeof n.id !== 'string' || !n.id) throw new WebhookSignatureError('notification without an id');
    return this.event(n, n.id, 'notify');
  }

  async query(order: OrderRecord): Promise<VerifiedEvent | null> {
    const r = (await this.call(`/v1/orders/${order.id}`)) as GatewayNotice;
    if (r.status !== 'SUCCESS') return null;
    return this.event({ ...r, outTradeNo: String(order.id) }, `query:${String(r.tradeNo ?? order.id)}`, 'query');
  }
}
