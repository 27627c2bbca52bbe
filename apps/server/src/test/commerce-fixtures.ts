/** Commerce test world: a server-mode app with billing on, on a scratch PostgreSQL store, Stripe pointed at our own server. */
import crypto from 'node:crypto';
import { billingConfigFromEnv } from '../services/commerce/billing-config.js';
import { commerce, type CommerceService } from '../services/commerce/service.js';
import { commerceDb } from '../store/commerce-schema.js';
import { pgStoreUrl } from './accounts.js';
import { scratchPgDatabase, testApp, type TestApp } from './helpers.js';
import { startStripeServer, type StripeTestServer } from './stripe-server.js';

export function billingEnv(stripe: StripeTestServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1', ASKDB_STRIPE_SECRET_KEY: stripe.secretKey, ASKDB_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    ASKDB_STRIPE_API_URL: stripe.url, ASKDB_PUBLIC_URL: 'http://askdb.test', ...extra,
  };
}

export async function commerceApp(storeUrl: string, env: Record<string, string>): Promise<TestApp> {
  return testApp({ mode: 'server', databaseUrl: storeUrl, demo: false, billing: billingConfigFromEnv(env, 'server') });
}

export async function commerceWorld(label: string, extraEnv: Record<string, string> = {}) {
  const scratch = await scratchPgDatabase(`askdb_com_${label}`);
  const stripe = await startStripeServer();
  const storeUrl = pgStoreUrl(scratch.name);
  const env = billingEnv(stripe, extraEnv);
  const t = await commerceApp(storeUrl, env);
  return {
    t, stripe, storeUrl, env, svc: commerce(t.deps) as CommerceService,
    db: commerceDb(t.deps.store.db),
    async close() {
      await t.close();
      await stripe.close();
      await scratch.drop();
    },
  };
}

/** POSTs a provider webhook with its exact bytes. */
export async function deliver(t: TestApp, provider: string, payload: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/pay/webhook/${provider}`, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

/** Two replicas with billing on: two apps on one scratch PostgreSQL store, sharing one secret, Stripe pointed at our own server. */
export async function commerceReplicas(label: string) {
  const scratch = await scratchPgDatabase(`askdb_${label}`);
  const stripe = await startStripeServer();
  const secret = crypto.randomBytes(32).toString('hex');
  const billing = billingConfigFromEnv(billingEnv(stripe), 'server');
  const make = () => testApp({ mode: 'server', databaseUrl: pgStoreUrl(scratch.name), demo: false, secret, billing });
  const a = await make();
  const b = await make();
  return {
    a, b, stripe,
    async close() {
      await a.close();
      await b.close();
      await stripe.close();
      await scratch.drop();
    },
  };
}
