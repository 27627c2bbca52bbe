/** PostgreSQL wire family: client settings from a data source, and connect failures as DriverErrors. */
import pg from 'pg';
import type { ConnectionConfig } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { resolveTarget, sslModeOf, tlsOptions, type ResolvedTarget } from '../shared/endpoint.js';
import { guardPgClient } from './fault-guard.js';
import { messageOf, networkError, withConnectTimeout } from '../shared/network-errors.js';

export const DEFAULT_PG_PORT = 5432;

export function pgClientConfig(config: ConnectionConfig, target: ResolvedTarget): pg.ClientConfig {
  const ssl = tlsOptions(sslModeOf(config, target.params), config.ssl, target.serverHost);
  return {
    host: target.host,
    port: target.port,
    user: target.user ?? 'postgres',
    password: target.password ?? '',
    database: target.database ?? 'postgres',
    ssl: ssl ?? false,
    connectionTimeoutMillis: target.timeoutMs,
    keepAlive: true,
    application_name: target.params.application_name ?? 'AskDB',
    ...(target.params.options ? { options: target.params.options } : {}),
  };
}

/** Opens a connected pg client, or throws a DriverError naming what went wrong. */
export async function openPgClient(clientConfig: pg.ClientConfig, target: ResolvedTarget): Promise<pg.Client> {
  // Guarded: a protocol fault fails the statement and drops this connection, never the process.
  const client = guardPgClient(new pg.Client(clientConfig));
  // Without a listener a dropped socket would be an uncaught 'error' event.
  client.on('error', () => undefined);
  const ep = { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs };
  try {
    await withConnectTimeout(client.connect(), ep, () => client.end());
    return client;
  } catch (err) {
    void client.end().catch(() => undefined);
    throw pgConnectError(err, target, clientConfig);
  }
}

export async function connectTarget(config: ConnectionConfig): Promise<{ target: ResolvedTarget; clientConfig: pg.ClientConfig; client: pg.Client }> {
  const target = await resolveTarget(config, DEFAULT_PG_PORT);
  const clientConfig = pgClientConfig(config, target);
  try {
    const client = await openPgClient(clientConfig, target);
    return { target, clientConfig, client };
  } catch (err) {
    await target.tunnel?.close();
    throw err;
  }
}

function pgConnectError(err: unknown, target: ResolvedTarget, cc: pg.ClientConfig): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  const code = (err as { code?: string }).code;
  const at = { host: target.serverHost, port: target.serverPort };
  if (code === '28P01' || code === '28000') return driverError('AUTH_FAILED', { user: String(cc.user) }, text);
  if (code === '3D000') return driverError('DATABASE_NOT_FOUND', { database: String(cc.database) }, text);
  if (/does not support SSL/i.test(text)) {
    return driverError('TLS_ERROR', { ...at, reason: 'the server does not accept SSL connections; set the SSL mode to "disable".' }, text);
  }
  const net = networkError(err, { ...at, timeoutMs: target.timeoutMs });
  if (net) return net;
  if (/terminated unexpectedly|ECONNRESET|socket hang up/i.test(text)) {
    return driverError('CONNECTION_LOST', { reason: 'the server closed the connection during login (is this a PostgreSQL server?).' }, text);
  }
  return new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}
