/**
 * Billing configuration (issue 14 point 2). Billing is on only for a server-mode deployment with
 * ASKDB_BILLING=1: it then sells the catalogue, takes payments and derives each organisation's
 * edition from its subscription. Off (the default, and always in local mode): every feature is
 * unlocked, the commerce routes answer BILLING_OFF, GET /api/system says `billing: false`.
 */
export interface GatewayConfig {
  /** Base URL of the provider's gateway (orders are created and queried there). */
  url: string;
  merchantId: string;
  /** Shared signing key (HMAC-SHA256) of requests and notifications. */
  key: string;
}

export interface BillingConfig {
  enabled: boolean;
  /** Catalogue currency shown (products of other currencies are hidden). */
  currency: string;
  /** The address browsers use (success/cancel pages, the sandbox pay page); default: from the request. */
  publicUrl?: string;
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    /** ASKDB_STRIPE_API_URL: another Stripe API endpoint (tests: our own server on 127.0.0.1). */
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  wechat?: GatewayConfig;
  alipay?: GatewayConfig;
  /**
   * The development provider (a local pay page whose button "pays"). Off unless ASKDB_BILLING_SANDBOX=1:
   * a vendor deployment must never accept sandbox payments by default.
   */
  sandbox: boolean;
  /** The vendor's managed AI model (AI source ASKDB), OpenAI-compatible. */
  managedAi?: { apiHost: string; apiKey?: string; model: string };
}

function gateway(env: NodeJS.ProcessEnv, prefix: string): GatewayConfig | undefined {
  const url = env[`${prefix}_URL`];
  const key = env[`${prefix}_KEY`];
  if (!url || !key) return undefined;
  return { url: url.replace(/\/+$/, ''), merchantId: env[`${prefix}_MERCHANT_ID`] ?? '', key };
}

export function billingConfigFromEnv(env: NodeJS.ProcessEnv, mode: 'local' | 'server'): BillingConfig {
  const on = (v?: string) => v === '1' || v === 'true';
  let stripe: BillingConfig['stripe'];
  if (env.ASKDB_STRIPE_SECRET_KEY && env.ASKDB_STRIPE_WEBHOOK_SECRET) {
    stripe = { secretKey: env.ASKDB_STRIPE_SECRET_KEY, webhookSecret: env.ASKDB_STRIPE_WEBHOOK_SECRET };
    if (env.ASKDB_STRIPE_API_URL) {
      const u = new URL(env.ASKDB_STRIPE_API_URL);
      stripe.host = u.hostname;
      stripe.protocol = u.protocol === 'http:' ? 'http' : 'https';
      stripe.port = u.port ? Number(u.port) : stripe.protocol === 'http' ? 80 : 443;
    }
  }
  const wechat = gateway(env, 'ASKDB_WECHAT_PAY');
  const alipay = gateway(env, 'ASKDB_ALIPAY');
  return {
    enabled: mode === 'server' && on(env.ASKDB_BILLING),
    currency: (env.ASKDB_BILLING_CURRENCY || 'USD').toUpperCase(),
    publicUrl: env.ASKDB_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    stripe,
    wechat,
    alipay,
    sandbox: on(env.ASKDB_BILLING_SANDBOX),
    managedAi: env.ASKDB_MANAGED_AI_URL && env.ASKDB_MANAGED_AI_MODEL
      ? { apiHost: env.ASKDB_MANAGED_AI_URL, apiKey: env.ASKDB_MANAGED_AI_KEY || undefined, model: env.ASKDB_MANAGED_AI_MODEL }
      : undefined,
  };
}

/**
 * Billing on with no payment provider sells nothing and leaves buyers at a dead end (issue 25 point
 * 7): the server refuses to start and its one start line says what to set. Null when fine.
 */
export function billingStartProblem(c: BillingConfig): string | null {
  if (!c.enabled || c.stripe || c.wechat || c.alipay || c.sandbox) return null;
  return 'ASKDB_BILLING=1 needs a payment provider: set ASKDB_STRIPE_SECRET_KEY and ASKDB_STRIPE_WEBHOOK_SECRET (Stripe), ASKDB_WECHAT_PAY_URL and ASKDB_WECHAT_PAY_KEY (WeChat Pay), ASKDB_ALIPAY_URL and ASKDB_ALIPAY_KEY (Alipay), or ASKDB_BILLING_SANDBOX=1 on a development server; a team server leaves ASKDB_BILLING unset (every feature unlocked, no pricing)';
}
