/** HMAC-SHA256 signatures `t=<unix seconds>,v1=<hex>` over `<t>.<body>` (gateway and sandbox notifications). */
import crypto from 'node:crypto';
import { WebhookSignatureError } from './types.js';

/** A notification older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

export function sign(key: string, body: string, nowMs: number = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${crypto.createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
}

export function verify(key: string, raw: Buffer, signature: string | undefined, nowMs: number = Date.now()): void {
  if (!signature) throw new WebhookSignatureError('no signature header');
  const parts = Object.fromEntries(signature.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) throw new WebhookSignatureError('malformed signature header');
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) throw new WebhookSignatureError('signature timestamp outside the tolerance');
  const want = crypto.createHmac('sha256', key).update(`${t}.`).update(raw).digest();
  const got = Buffer.from(parts.v1, 'hex');
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) throw new WebhookSignatureError('signature mismatch');
}
