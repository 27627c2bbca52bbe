/** Process configuration from the environment, read once at start. */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { authConfigFromEnv, type AuthConfig } from './services/auth/auth-config.js';
import { auditConfigFromEnv, type AuditConfig } from './services/audit/audit-config.js';
import { billingConfigFromEnv, billingStartProblem, type BillingConfig } from './services/commerce/billing-config.js';
import { licenceConfigFromEnv, type LicenceConfig } from './services/licence/licence-config.js';

export type Mode = 'local' | 'server';

export interface AppConfig {
  mode: Mode;
  home: string;
  host: string;
  port: number;
  /** PostgreSQL URL of the app store in server mode. */
  databaseUrl?: string;
  /** Base64 or hex key material overriding $ASKDB_HOME/secret.key. */
  secret?: string;
  /** Directory of the built web app; absent = API only. */
  webDist?: string;
  logLevel: string;
  /** Create the demo data source on first run (local mode). */
  demo: boolean;
  version: string;
  /** Host names (besides 127.0.0.1, localhost, [::1]) the server answers to: ASKDB_ALLOWED_HOSTS, comma-separated; `*` = any. */
  allowedHosts: string[];
  /** Server mode: SQLite/DuckDB data sources allowed (ASKDB_FILE_ENGINES=1), only inside `fileDirs` (ASKDB_FILE_DIRS, `:`-separated). */
  fileEngines: boolean;
  fileDirs: string[];
  /** Sign-in: registration policy, mail/SMS senders, OAuth providers (services/auth/auth-config.ts). */
  auth: AuthConfig;
  /** SQL audit: retention default, batching, queue bound (services/audit/audit-config.ts). */
  audit: AuditConfig;
  /** Commerce: ASKDB_BILLING=1 (server mode) sells; off = everything unlocked (services/commerce/billing-config.ts). */
  billing: BillingConfig;
  /** Offline licence: billing/authority, authority URL, public key, guide dialogs (services/licence/licence-config.ts). */
  licence: LicenceConfig;
  /**
   * Local mode bound to an address other people can reach (HOST not loopback): the token every
   * browser must show once (`?token=…`, then an HttpOnly cookie), as notebook servers do. ASKDB_TOKEN
   * or a random one per start; null on loopback and in server mode (which has sign-in).
   */
  accessToken: string | null;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export const VERSION = '0.1.0';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, webDist?: string): AppConfig {
  const mode: Mode = env.ASKDB_MODE === 'server' ? 'server' : 'local';
  const host = env.HOST || (mode === 'local' ? '127.0.0.1' : '0.0.0.0');
  const port = env.PORT !== undefined && env.PORT !== '' ? Number(env.PORT) : 10824;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a number between 0 and 65535, got "${env.PORT}"`);
  const billing = billingConfigFromEnv(env, mode);
  const billingProblem = billingStartProblem(billing);
  if (billingProblem) throw new Error(billingProblem);
  return {
    mode,
    home: path.resolve(env.ASKDB_HOME || path.join(os.homedir(), '.askdb')),
    host,
    port,
    databaseUrl: env.ASKDB_DATABASE_URL || undefined,
    secret: env.ASKDB_SECRET || undefined,
    webDist,
    logLevel: env.ASKDB_LOG_LEVEL || env.LOG_LEVEL || 'info',
    demo: env.ASKDB_DEMO !== '0',
    version: VERSION,
    allowedHosts: (env.ASKDB_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    fileEngines: env.ASKDB_FILE_ENGINES === '1' || env.ASKDB_FILE_ENGINES === 'true',
    auth: authConfigFromEnv(env),
    audit: auditConfigFromEnv(env),
    billing,
    licence: licenceConfigFromEnv(env),
    accessToken: mode === 'local' && !isLoopbackHost(host) ? env.ASKDB_TOKEN || crypto.randomBytes(24).toString('hex') : null,
    fileDirs: (env.ASKDB_FILE_DIRS ?? '').split(path.delimiter).map((d) => d.trim()).filter(Boolean).map((d) => path.resolve(d)),
  };
}
