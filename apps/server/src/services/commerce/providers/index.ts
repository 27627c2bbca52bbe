/** The payment providers this deployment offers (billing config), by payment method. */
import crypto from 'node:crypto';
import type { PaymentMethod } from '@askdb/contracts';
import type { AppDeps } from '../../../deps.js';
import { nowIso } from '../../../store/db.js';
import { GatewayProvider } from './gateway.js';
import { SandboxProvider } from './sandbox.js';
import { StripeProvider } from './stripe.js';
import type { PaymentProvider } from './types.js';

export type { PaymentProvider, VerifiedEvent, CheckoutRequest } from './types.js';
export { WebhookSignatureError } from './types.js';
export { SandboxProvider } from './sandbox.js';

/** The sandbox's signing key: one per deployment (every replica reads the same), kept encrypted in the store. */
function sandboxKey(deps: Pick<AppDeps, 'kv' | 'secrets' | 'store'>): () => Promise<string> {
  let cached: string | null = null;
  return async () => {
    if (cached) return cached;
    const existing = await deps.kv.get('commerce', 'sandbox.key');
    if (existing) return (cached = deps.secrets.decrypt(existing));
    // Insert if absent: two replicas starting at once keep the first key, both read it back.
    const fresh = deps.secrets.encrypt(crypto.randomBytes(32).toString('hex'));
    await deps.store.db.insertInto('kv').values({ scope: 'commerce', key: 'sandbox.key', value: fresh, updated_at: nowIso() })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()).execute();
    return (cached = deps.secrets.decrypt((await deps.kv.get('commerce', 'sandbox.key'))!));
  };
}

export function buildProviders(deps: Pick<AppDeps, 'config' | 'kv' | 'secrets' | 'store'>): Map<PaymentMethod, PaymentProvider> {
  const b = deps.config.billing;
  const m = new Map<PaymentMethod, PaymentProvider>();
  if (b.stripe) m.set('stripe', new StripeProvider(b.stripe));
  if (b.wechat) m.set('wechat', new GatewayProvider('wechat', b.wechat));
  if (b.alipay) m.set('alipay', new GatewayProvider('alipay', b.alipay));
  if (b.sandbox) m.set('sandbox', new SandboxProvider(sandboxKey(deps)));
  return m;
}
