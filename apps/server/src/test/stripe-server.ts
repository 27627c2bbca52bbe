/**
 * A Stripe API server of our own for tests: real HTTP on 127.0.0.1 answering the calls the
 * official SDK makes for Checkout (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id),
 * with the SDK pointed at it by host, port and protocol (ASKDB_STRIPE_API_URL). `pay` marks a
 * session paid; `webhook` builds a `checkout.session.completed` event signed with the SDK's own
 * test-header helper, as Stripe would deliver it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
}

export interface StripeTestServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** Every request: method, path, the Authorization header and the form body. */
  calls: { method: string; path: string; auth: string | undefined; form: Record<string, string> }[];
  pay(sessionId: string): FakeSession;
  /** A signed webhook delivery for the session (event id fixed per call unless given). */
  webhook(session: FakeSession, opts?: { eventId?: string; secret?: string; amount?: number; type?: string }): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const stripe = new Stripe('sk_test_helper');
const rid = (p: string) => `${p}_test_${crypto.randomBytes(8).toString('hex')}`;

export async function startStripeServer(): Promise<StripeTestServer> {
  const sessions = new Map<string, FakeSession>();
  const calls: StripeTestServer['calls'] = [];
  const secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  let base = '';

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(text));
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ method: req.method ?? '', path, auth: req.headers.authorization, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = rid('cs');
        const s: FakeSession = {
          id, object: 'checkout.session', mode: 'payment', url: `${base}/pay/${id}`, payment_status: 'unpaid', status: 'open',
          amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd', client_reference_id: form.client_reference_id ?? null,
          metadata: { orderId: form['metadata[orderId]'] ?? '' }, payment_intent: null, success_url: form.success_url ?? '', cancel_url: form.cancel_url ?? '',
        };
        sessions.set(id, s);
        return send(200, s);
      }
      const x = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
      if (req.method === 'POST' && x) {
        const s = sessions.get(x[1]!);
        if (!s) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        if (s.status === 'open') s.status = 'expired';
        return send(200, s);
      }
      const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const s = sessions.get(m[1]!);
        return s ? send(200, s) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    calls,
    pay(id) {
      const s = sessions.get(id)!;
      s.payment_status = 'paid';
      s.status = 'complete';
      s.payment_intent ??= rid('pi');
      return s;
    },
    webhook(session, opts = {}) {
      const object = { ...session, ...(opts.amount !== undefined ? { amount_total: opts.amount } : {}) };
      const event = { id: opts.eventId ?? rid('evt'), object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type: opts.type ?? 'checkout.session.completed', data: { object }, livemode: false, pending_webhooks: 1, request: null };
      const payload = JSON.stringify(event);
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret });
      return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
