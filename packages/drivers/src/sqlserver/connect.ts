/** SQL Server (mssql/tedious): client settings from a data source, and connect failures as DriverErrors. */
import type { config as MssqlConfig } from 'mssql';
import type { ConnectionConfig } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { sslModeOf, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError } from '../shared/network-errors.js';

export const DEFAULT_SQLSERVER_PORT = 1433;

/**
 * SSL modes map to tedious' encrypt/trustServerCertificate: disable → no encryption, require →
 * encrypted without checking the certificate, verify-ca/verify-full → encrypted and checked.
 */
export function sqlServerConfig(config: ConnectionConfig, target: ResolvedTarget): MssqlConfig {
  const mode = sslModeOf(config, target.params);
  const [user, domain] = splitDomainUser(target.user ?? 'sa');
  return {
    server: target.host,
    port: target.port,
    user,
    password: target.password ?? '',
    database: target.database || undefined,
    connectionTimeout: target.timeoutMs,
    requestTimeout: 0,
    arrayRowMode: true,
    stream: true,
    pool: { max: 1, min: 0, idleTimeoutMillis: 2_147_483_647 },
    ...(domain ? { domain } : {}),
    options: {
      encrypt: mode !== 'disable',
      trustServerCertificate: mode === 'require',
      appName: 'AskDB',
      enableArithAbort: true,
      useUTC: true,
      ...(target.serverHost !== target.host ? { serverName: target.serverHost } : {}),
      ...(config.ssl?.ca ? { cryptoCredentialsDetails: { ca: config.ssl.ca } } : {}),
    },
  };
}

/** `DOMAIN\user` logs in with NTLM. */
function splitDomainUser(user: string): [string, string | null] {
  const at = user.indexOf('\\');
  return at > 0 ? [user.slice(at + 1), user.slice(0, at)] : [user, null];
}

export function sqlServerConnectError(err: unknown, target: ResolvedTarget, cfg: MssqlConfig): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  const code = (err as { code?: string }).code;
  const at = { host: target.serverHost, port: target.serverPort };
  if (/Cannot open database/i.test(text)) return driverError('DATABASE_NOT_FOUND', { database: String(cfg.database) }, text);
  if (code === 'ELOGIN' || /Login failed/i.test(text)) return driverError('AUTH_FAILED', { user: String(cfg.user) }, text);
  const net = networkError(err, { ...at, timeoutMs: target.timeoutMs });
  if (net && net.code !== 'TIMEOUT') return net;
  if (code === 'ETIMEOUT' || /timeout|timed out/i.test(text)) {
    return driverError('TIMEOUT', { ...at, seconds: target.timeoutMs / 1000 }, text);
  }
  if (/certificate|SSL|TLS|encrypt/i.test(text)) return driverError('TLS_ERROR', { ...at, reason: text }, text);
  return net ?? new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}
