/** MySQL wire family: client settings from a data source, and connect failures as DriverErrors. */
import mysql from 'mysql2';
import type { ConnectionConfig } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { resolveTarget, sslModeOf, tlsOptions, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError, withConnectTimeout } from '../shared/network-errors.js';

export const DEFAULT_MYSQL_PORT = 3306;
export type RawMysql = mysql.Connection;

export function mysqlOptions(config: ConnectionConfig, target: ResolvedTarget): mysql.ConnectionOptions {
  const ssl = tlsOptions(sslModeOf(config, target.params), config.ssl, target.serverHost);
  return {
    host: target.host,
    port: target.port,
    user: target.user ?? 'root',
    password: target.password ?? '',
    database: target.database || undefined,
    ssl: (ssl ?? undefined) as mysql.SslOptions | undefined,
    connectTimeout: target.timeoutMs,
    charset: target.params.charset ?? 'utf8mb4',
    enableKeepAlive: true,
    // Affected rows as the mysql shell counts them (changed, not matched).
    flags: ['-FOUND_ROWS'],
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    decimalNumbers: false,
    multipleStatements: false,
  };
}

export async function openMysql(options: mysql.ConnectionOptions, target: ResolvedTarget): Promise<RawMysql> {
  const conn = mysql.createConnection(options);
  conn.on('error', () => undefined);
  const ep = { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs };
  try {
    await withConnectTimeout(new Promise<void>((resolve, reject) => conn.connect((err) => (err ? reject(err) : resolve()))), ep, () => conn.destroy());
    return conn;
  } catch (err) {
    conn.destroy();
    throw mysqlConnectError(err, target, options);
  }
}

export async function connectMysqlTarget(config: ConnectionConfig) {
  const target = await resolveTarget(config, DEFAULT_MYSQL_PORT);
  const options = mysqlOptions(config, target);
  try {
    return { target, options, conn: await openMysql(options, target) };
  } catch (err) {
    await target.tunnel?.close();
    throw err;
  }
}

function mysqlConnectError(err: unknown, target: ResolvedTarget, o: mysql.ConnectionOptions): DriverError {
  if (err instanceof DriverError) return err;
  const e = err as { code?: string; errno?: number };
  const text = messageOf(err);
  const at = { host: target.serverHost, port: target.serverPort };
  if (e.code === 'ER_ACCESS_DENIED_ERROR' || e.code === 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR' || e.errno === 1045) {
    return driverError('AUTH_FAILED', { user: String(o.user) }, text);
  }
  if (e.code === 'ER_BAD_DB_ERROR' || e.errno === 1049) return driverError('DATABASE_NOT_FOUND', { database: String(o.database) }, text);
  if (e.code === 'ER_DBACCESS_DENIED_ERROR' || e.errno === 1044) {
    return new DriverError(`User "${o.user}" may not open database "${o.database}".`, 'AUTH_FAILED', text, { user: String(o.user) });
  }
  if (e.code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return driverError('TLS_ERROR', { ...at, reason: 'the server does not accept SSL connections; set the SSL mode to "disable".' }, text);
  }
  const net = networkError(err, { ...at, timeoutMs: target.timeoutMs });
  if (net) return net;
  if (/PROTOCOL_CONNECTION_LOST|ECONNRESET|closed/i.test(`${e.code} ${text}`)) {
    return driverError('CONNECTION_LOST', { reason: 'the server closed the connection during login (is this a MySQL server?).' }, text);
  }
  return new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}
