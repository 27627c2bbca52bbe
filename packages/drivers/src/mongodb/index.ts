/** The MongoDB driver (official mongodb driver). A connection string (incl. mongodb+srv and replica sets) is used as given. */
import { MongoClient, type MongoClientOptions } from 'mongodb';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { resolveTarget, sslModeOf, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError, withConnectTimeout } from '../shared/network-errors.js';
import { MongoConnection } from './connection.js';

export const DEFAULT_MONGO_PORT = 27017;

/** The URL and options a MongoClient gets: the user's URL when there is no SSH tunnel, else one built for the tunnel. */
export function mongoClientArgs(config: ConnectionConfig, target: ResolvedTarget): { url: string; options: MongoClientOptions; database: string } {
  const mode = sslModeOf(config, target.params);
  const options: MongoClientOptions = {
    serverSelectionTimeoutMS: target.timeoutMs,
    connectTimeoutMS: target.timeoutMs,
    appName: 'AskDB',
    maxPoolSize: 2,
    ...(mode !== 'disable' ? { tls: true, tlsAllowInvalidCertificates: mode === 'require', tlsAllowInvalidHostnames: mode !== 'verify-full' } : {}),
    ...(config.ssl?.ca ? { ca: config.ssl.ca } : {}),
    ...(config.ssl?.cert ? { cert: config.ssl.cert } : {}),
    ...(config.ssl?.key ? { key: config.ssl.key } : {}),
  };
  const database = config.schemaName || target.database || 'test';
  if (config.url && !target.tunnel) {
    if (config.user) options.auth = { username: config.user, password: config.password };
    return { url: config.url, options, database };
  }
  const auth = target.user ? `${encodeURIComponent(target.user)}:${encodeURIComponent(target.password ?? '')}@` : '';
  const authSource = target.params.authSource ?? (target.user ? 'admin' : undefined);
  const query = new URLSearchParams({ directConnection: 'true', ...(authSource ? { authSource } : {}) });
  return { url: `mongodb://${auth}${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}/?${query}`, options, database };
}

function mongoConnectError(err: unknown, target: ResolvedTarget, user: string): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  const at = { host: target.serverHost, port: target.serverPort };
  if ((err as { code?: number }).code === 18 || /Authentication failed|auth.*failed/i.test(text)) return driverError('AUTH_FAILED', { user }, text);
  if (/ECONNREFUSED/.test(text)) return driverError('CONNECTION_REFUSED', at, text);
  if (/ENOTFOUND|EAI_AGAIN|querySrv/.test(text)) return driverError('HOST_NOT_FOUND', at, text);
  if (/Server selection timed out|timed out/i.test(text)) return driverError('TIMEOUT', { ...at, seconds: target.timeoutMs / 1000 }, text);
  return networkError(err, { ...at, timeoutMs: target.timeoutMs }) ?? new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}

/**
 * Where to connect. A MongoDB URL may list several hosts or use mongodb+srv, which are not plain
 * URLs: without SSH it is handed to the driver as is, and only its first host names the server
 * in messages. With SSH the fields (or that first host) are tunnelled.
 */
export async function mongoTarget(config: ConnectionConfig): Promise<ResolvedTarget> {
  const m = config.url ? /^mongodb(?:\+srv)?:\/\/(?:([^@/]*)@)?([^/?]+)(?:\/([^?]*))?(?:\?(.*))?$/i.exec(config.url) : null;
  if (!m) return resolveTarget(config, DEFAULT_MONGO_PORT);
  const [userInfo, hosts, path, query] = [m[1], m[2]!, m[3], m[4]];
  const first = hosts.split(',')[0]!;
  const [, host, port] = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(first) ?? [];
  const [user, password] = (userInfo ?? '').split(':').map((x) => (x ? decodeURIComponent(x) : undefined));
  const fields: ConnectionConfig = {
    ...config, url: undefined,
    host: config.host ?? host, port: config.port ?? (port ? Number(port) : DEFAULT_MONGO_PORT),
    user: config.user ?? user, password: config.password ?? password,
    databaseName: config.databaseName || (path ? decodeURIComponent(path) : undefined),
    options: { ...Object.fromEntries(new URLSearchParams(query ?? '')), ...(config.options ?? {}) },
  };
  return resolveTarget(fields, DEFAULT_MONGO_PORT);
}

export const mongoDriver: DatabaseDriver = {
  types: ['MONGODB'],
  async connect(config: ConnectionConfig) {
    const target = await mongoTarget(config);
    const { url, options, database } = mongoClientArgs(config, target);
    const client = new MongoClient(url, options);
    try {
      await withConnectTimeout(client.connect().then((c) => c.db('admin').command({ ping: 1 })), { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs + 500 }, () => client.close());
      return new MongoConnection(client, target.tunnel, database);
    } catch (err) {
      await client.close().catch(() => undefined);
      await target.tunnel?.close();
      throw mongoConnectError(err, target, target.user ?? '');
    }
  },
};

export default mongoDriver;
