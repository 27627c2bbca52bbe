/** The Redis driver (ioredis): one TCP connection per Connection, no automatic reconnect (the pool replaces it). */
import Redis, { type RedisOptions } from 'ioredis';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { resolveTarget, sslModeOf, tlsOptions, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError, withConnectTimeout } from '../shared/network-errors.js';
import { RedisConnection } from './connection.js';

export const DEFAULT_REDIS_PORT = 6379;

export function redisOptions(config: ConnectionConfig, target: ResolvedTarget): RedisOptions {
  const urlTls = config.url?.startsWith('rediss:') ? 'require' : 'disable';
  const mode = sslModeOf(config, target.params) === 'disable' ? urlTls : sslModeOf(config, target.params);
  const tls = tlsOptions(mode, config.ssl, target.serverHost);
  const db = Number(target.database ?? 0);
  return {
    host: target.host,
    port: target.port,
    username: target.user || undefined,
    password: target.password || undefined,
    db: Number.isInteger(db) ? db : 0,
    connectTimeout: target.timeoutMs,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectionName: 'AskDB',
    ...(tls ? { tls } : {}),
  };
}

async function openRedis(options: RedisOptions, target: ResolvedTarget): Promise<Redis> {
  const redis = new Redis(options);
  // ioredis reports the reason (e.g. WRONGPASS) as an 'error' event and rejects connect() with a
  // bare "Connection is closed": the event's error is the one worth showing.
  let reason: unknown = null;
  redis.on('error', (err) => { reason ??= err; });
  try {
    await withConnectTimeout(redis.connect(), { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs }, () => redis.disconnect());
    return redis;
  } catch (err) {
    redis.disconnect();
    throw redisConnectError(err instanceof DriverError ? err : reason ?? err, target, options);
  }
}

function redisConnectError(err: unknown, target: ResolvedTarget, o: RedisOptions): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  if (/WRONGPASS|NOAUTH|invalid password|AUTH.*without any password|invalid username-password/i.test(text)) {
    return driverError('AUTH_FAILED', { user: o.username ?? 'default' }, text);
  }
  if (/DB index is out of range|invalid DB index/i.test(text)) return driverError('DATABASE_NOT_FOUND', { database: String(o.db) }, text);
  const net = networkError(err, { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs });
  if (net) return net;
  if (/Connection is closed|ECONNRESET/i.test(text)) {
    return driverError('CONNECTION_LOST', { reason: 'the server closed the connection during login (is this a Redis server?).' }, text);
  }
  return new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}

export const redisDriver: DatabaseDriver = {
  types: ['REDIS'],
  async connect(config: ConnectionConfig) {
    const target = await resolveTarget(config, DEFAULT_REDIS_PORT);
    const options = redisOptions(config, target);
    try {
      const redis = await openRedis(options, target);
      const clientId = Number(await redis.call('CLIENT', 'ID'));
      return new RedisConnection({
        redis, clientId, db: options.db ?? 0, dialect: dialectFor('REDIS'), tunnel: target.tunnel,
        duplicate: () => openRedis(options, target),
      });
    } catch (err) {
      await target.tunnel?.close();
      throw err;
    }
  },
};

export default redisDriver;
