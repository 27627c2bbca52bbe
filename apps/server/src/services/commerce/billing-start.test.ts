/** Issue 25 point 7: billing on without a payment provider refuses to start (main.ts prints the message as its one line and exits 1). */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config.js';

const base = { ASKDB_MODE: 'server', ASKDB_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', ASKDB_HOME: os.tmpdir() };

describe('billing needs a payment provider', () => {
  it('refuses billing on with no provider, naming what to set', () => {
    expect(() => configFromEnv({ ...base, ASKDB_BILLING: '1' })).toThrow(/ASKDB_BILLING=1 needs a payment provider: set ASKDB_STRIPE_SECRET_KEY/);
  });
  it('starts with any provider, or with billing off', () => {
    expect(configFromEnv({ ...base, ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1' }).billing.enabled).toBe(true);
    expect(configFromEnv({ ...base, ASKDB_BILLING: '1', ASKDB_STRIPE_SECRET_KEY: 'sk', ASKDB_STRIPE_WEBHOOK_SECRET: 'wh' }).billing.enabled).toBe(true);
    expect(configFromEnv({ ...base, ASKDB_BILLING: '1', ASKDB_WECHAT_PAY_URL: 'https://pay.example', ASKDB_WECHAT_PAY_KEY: 'k' }).billing.enabled).toBe(true);
    expect(configFromEnv({ ...base }).billing.enabled).toBe(false);
    // Local mode never bills: nothing to refuse.
    expect(configFromEnv({ ASKDB_HOME: os.tmpdir(), ASKDB_BILLING: '1' }).billing.enabled).toBe(false);
  });
});
