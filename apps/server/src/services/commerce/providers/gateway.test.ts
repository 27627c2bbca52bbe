/** WeChat Pay / Alipay gateway provider against a gateway of our own on 127.0.0.1 (signed both ways); sandbox signatures. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayProvider, SIGNATURE_HEADER } from './gateway.js';
import { SandboxProvider } from './sandbox.js';
import { sign } from './signing.js';
import { WebhookSignatureError } from './types.js';
import type { OrderRecord } from '../../../store/commerce.js';

const KEY = 'merchant-key-for-tests';
const order = { id: 42, pay_amount: 9900, currency: 'CNY', seats: 1, provider_ref: 'T42' } as OrderRecord;

describe('gateway provider (wechat / alipay)', () => {
  let server: http.Server;
  let url = '';
  const seen: { path: string; body: any; signed: string | undefined }[] = [];
  let paid = false;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        seen.push({ path: req.url!, body: text ? JSON.parse(text) : null, signed: req.headers[SIGNATURE_HEADER] as string | undefined });
        const answer = req.method === 'POST'
          ? JSON.stringify({ codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', tradeNo: 'T42' })
          : JSON.stringify(paid ? { status: 'SUCCESS', amount: 9900, currency: 'CNY', tradeNo: 'T42' } : { status: 'NOTPAY' });
        res.writeHead(200, { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(req.url === '/v1/orders/666' ? 'wrong-key' : KEY, answer) });
        res.end(answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('creates a native (QR) payment at the gateway with a signed request and answers a QR code', async () => {
    const p = new GatewayProvider('wechat', { url, merchantId: 'm1', key: KEY });
    const c = await p.checkout({ order, title: 'Personal Pro', successUrl: 's', cancelUrl: 'c', notifyUrl: 'http://askdb.test/api/pay/webhook/wechat', baseUrl: 'http://askdb.test' });
    expect(c.ref).toBe('T42');
    expect(c.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(seen[0]!.body).toMatchObject({ merchantId: 'm1', outTradeNo: '42', amount: 9900, currency: 'CNY', notifyUrl: 'http://askdb.test/api/pay/webhook/wechat' });
    expect(seen[0]!.signed).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('verifies notifications: signed → event; tampered, unsigned, wrong key or stale → refused', async () => {
    const p = new GatewayProvider('alipay', { url, merchantId: 'm1', key: KEY });
    const body = JSON.stringify({ id: 'N1', outTradeNo: '42', tradeNo: 'T42', status: 'SUCCESS', amount: 9900, currency: 'CNY' });
    const ev = await p.verifyWebhook(Buffer.from(body), { [SIGNATURE_HEADER]: sign(KEY, body) });
    expect(ev).toEqual({ eventId: 'N1', type: 'notify', paid: true, orderId: 42, paymentRef: 'alipay:T42', amount: 9900, currency: 'CNY' });
    await expect(p.verifyWebhook(Buffer.from(body.replace('9900', '1')), { [SIGNATURE_HEADER]: sign(KEY, body) })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.verifyWebhook(Buffer.from(body), {})).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.verifyWebhook(Buffer.from(body), { [SIGNATURE_HEADER]: sign('other', body) })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.verifyWebhook(Buffer.from(body), { [SIGNATURE_HEADER]: sign(KEY, body, Date.now() - 10 * 60_000) })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('asks the gateway about an order; an answer that does not verify is not trusted', async () => {
    const p = new GatewayProvider('wechat', { url, merchantId: 'm1', key: KEY });
    expect(await p.query(order)).toBeNull();
    paid = true;
    expect(await p.query(order)).toMatchObject({ paid: true, orderId: 42, amount: 9900, paymentRef: 'wechat:T42', eventId: 'query:T42' });
    await expect(p.query({ ...order, id: 666 })).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('sandbox provider', () => {
  it('signs its own notifications with the server-held key; anything else is refused', async () => {
    const p = new SandboxProvider(async () => 'server-held');
    const n = await p.notification({ id: 7, pay_amount: 990, currency: 'USD' });
    expect(await p.verifyWebhook(n.raw, n.headers)).toMatchObject({ paid: true, orderId: 7, amount: 990, eventId: 'sandbox-evt-7' });
    const forged = new SandboxProvider(async () => 'guessed');
    const f = await forged.notification({ id: 7, pay_amount: 990, currency: 'USD' });
    await expect(p.verifyWebhook(f.raw, f.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
