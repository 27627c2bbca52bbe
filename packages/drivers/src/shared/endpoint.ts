/**
 * Where a network engine connects: host/port from the fields or the connection string, through
 * an SSH tunnel when enabled, with TLS options from the SSL mode. Shared by every network engine.
 */
import type { SslConfig } from '@askdb/contracts';
import type { ConnectionOptions } from 'node:tls';
import { LIMITS } from '@askdb/contracts';
import type { ConnectionConfig } from '../driver.js';
import { driverError } from '../messages.js';
import { openSshTunnel, type Tunnel } from './ssh-tunnel.js';

export interface ParsedUrl {
  protocol: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  params: Record<string, string>;
}

/** Parses `scheme://user:pass@host:port/db?k=v` (PostgreSQL, MySQL, Redis, ClickHouse, SQL Server URLs). */
export function parseConnectionUrl(url: string): ParsedUrl {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw driverError('CONFIG_INVALID', { reason: 'the connection string is not a valid URL' });
  }
  const params: Record<string, string> = {};
  u.searchParams.forEach((v, k) => { params[k] = v; });
  const path = decodeURIComponent(u.pathname.replace(/^\//, ''));
  return {
    protocol: u.protocol.replace(/:$/, ''),
    host: u.hostname ? u.hostname.replace(/^\[|\]$/g, '') : undefined,
    port: u.port ? Number(u.port) : undefined,
    user: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: path || undefined,
    params,
  };
}

export interface ResolvedTarget {
  /** Host/port the client connects to (the tunnel's local end when SSH is on). */
  host: string;
  port: number;
  /** The database server as the user named it: for messages and TLS server name. */
  serverHost: string;
  serverPort: number;
  user?: string;
  password?: string;
  database?: string;
  params: Record<string, string>;
  timeoutMs: number;
  tunnel: Tunnel | null;
}

/** Fields win over the URL; the URL fills what the fields leave out. */
export async function resolveTarget(config: ConnectionConfig, defaultPort: number, defaultHost = '127.0.0.1'): Promise<ResolvedTarget> {
  const fromUrl = config.url ? parseConnectionUrl(config.url) : { params: {} as Record<string, string> } as ParsedUrl;
  const serverHost = config.host || fromUrl.host || defaultHost;
  const serverPort = config.port ?? fromUrl.port ?? defaultPort;
  const timeoutMs = config.connectTimeoutMs ?? LIMITS.defaultConnectTimeoutMs;
  const tunnel = config.ssh?.enabled ? await openSshTunnel(config.ssh, { host: serverHost, port: serverPort }, timeoutMs) : null;
  return {
    host: tunnel ? tunnel.host : serverHost,
    port: tunnel ? tunnel.port : serverPort,
    serverHost,
    serverPort,
    user: config.user ?? fromUrl.user,
    password: config.password ?? fromUrl.password,
    database: config.databaseName || fromUrl.database,
    params: { ...fromUrl.params, ...(config.options ?? {}) },
    timeoutMs,
    tunnel,
  };
}

/** The SSL mode from the settings, else from a `sslmode`/`ssl-mode` URL parameter. */
export function sslModeOf(config: ConnectionConfig, params: Record<string, string>): SslConfig['mode'] {
  if (config.ssl?.mode) return config.ssl.mode;
  const fromUrl = (params.sslmode ?? params['ssl-mode'] ?? params.ssl ?? '').toLowerCase();
  if (fromUrl === 'require' || fromUrl === 'required' || fromUrl === 'true') return 'require';
  if (fromUrl === 'verify-ca' || fromUrl === 'verify_ca') return 'verify-ca';
  if (fromUrl === 'verify-full' || fromUrl === 'verify_identity') return 'verify-full';
  return 'disable';
}

/**
 * Node TLS options for an SSL mode: `require` encrypts without checking the certificate,
 * `verify-ca` checks the chain against `ca`, `verify-full` also checks the host name.
 * Returns null for `disable`.
 */
export function tlsOptions(mode: SslConfig['mode'], ssl: SslConfig | undefined, serverHost: string): ConnectionOptions | null {
  if (mode === 'disable') return null;
  const opts: ConnectionOptions = { rejectUnauthorized: mode !== 'require' };
  if (ssl?.ca) opts.ca = ssl.ca;
  if (ssl?.cert) opts.cert = ssl.cert;
  if (ssl?.key) opts.key = ssl.key;
  if (mode === 'verify-ca') opts.checkServerIdentity = () => undefined;
  if (!/^[\d.:]+$/.test(serverHost)) opts.servername = serverHost;
  return opts;
}
