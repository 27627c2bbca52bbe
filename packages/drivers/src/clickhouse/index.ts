/** The ClickHouse driver (@clickhouse/client over HTTP, default port 8123). */
import { randomUUID } from 'node:crypto';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { resolveTarget, sslModeOf, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError, withConnectTimeout } from '../shared/network-errors.js';
import { ClickHouseConnection } from './connection.js';

export const DEFAULT_CLICKHOUSE_PORT = 8123;

export function clickHouseOptions(config: ConnectionConfig, target: ResolvedTarget) {
  const secure = sslModeOf(config, target.params) !== 'disable' || /^https:/i.test(config.url ?? '');
  const database = config.schemaName || target.database || 'default';
  return {
    url: `${secure ? 'https' : 'http'}://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`,
    username: target.user ?? 'default',
    password: target.password ?? '',
    database,
    application: 'AskDB',
    request_timeout: 24 * 3600 * 1000,
    session_id: randomUUID(),
    max_open_connections: 2,
    // Failures reach the user as DriverErrors; the client's own error log would only repeat them.
    log: { level: ClickHouseLogLevel.OFF },
    ...(secure && config.ssl?.ca ? { tls: { ca_cert: Buffer.from(config.ssl.ca), ...(config.ssl.cert && config.ssl.key ? { cert: Buffer.from(config.ssl.cert), key: Buffer.from(config.ssl.key) } : {}) } } : {}),
  };
}

function clickHouseConnectError(err: unknown, target: ResolvedTarget, user: string, database: string): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  if (/Code: 516|Authentication failed|AUTHENTICATION_FAILED/i.test(text)) return driverError('AUTH_FAILED', { user }, text);
  if (/Code: 81|UNKNOWN_DATABASE/i.test(text)) return driverError('DATABASE_NOT_FOUND', { database }, text);
  return networkError(err, { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs }) ?? new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}

export const clickhouseDriver: DatabaseDriver = {
  types: ['CLICKHOUSE'],
  async connect(config: ConnectionConfig) {
    const target = await resolveTarget(config, DEFAULT_CLICKHOUSE_PORT);
    const options = clickHouseOptions(config, target);
    const client = createClient(options);
    try {
      // A real query, not /ping: it also proves the user, password and database.
      const probe = client.query({ query: 'SELECT 1', format: 'TabSeparated' }).then((rs) => rs.text());
      await withConnectTimeout(probe, { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs }, () => undefined);
      return new ClickHouseConnection(client, dialectFor('CLICKHOUSE'), target.tunnel, options.database);
    } catch (err) {
      await client.close().catch(() => undefined);
      await target.tunnel?.close();
      throw clickHouseConnectError(err, target, options.username, options.database);
    }
  },
};

export default clickhouseDriver;
