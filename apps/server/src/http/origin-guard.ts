/**
 * DNS-rebinding and cross-site request guard, run before anything else on every request:
 *  - the Host must be one of the server's own names (127.0.0.1, localhost, [::1], the bind address,
 *    and ASKDB_ALLOWED_HOSTS). Any port is accepted: a rebinding page controls the name it makes the
 *    browser send, never the port, which is always the one the server listens on. Server mode
 *    without ASKDB_ALLOWED_HOSTS answers any Host (operators run behind proxies with names of their
 *    own) and relies on the Origin check alone;
 *  - a state-changing request (anything but GET/HEAD/OPTIONS) carrying an `Origin` must come from
 *    the server's own origin; browsers always send one on cross-site writes;
 *  - a CORS preflight is never granted, and no Access-Control-* header ever leaves the server.
 */
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppConfig } from '../config.js';
import { languageOf } from './context.js';
import { AppError } from './errors.js';
import { msg } from './messages.js';

const OWN_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The host name of a Host header or `name[:port]` entry, lower-cased, brackets kept for IPv6. */
export function hostNameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colons = h.split(':').length - 1;
  if (colons > 1) return `[${h}]`; // a bare IPv6 address
  return colons === 1 ? h.slice(0, h.indexOf(':')) : h;
}

/** The names this server answers to; null = any (server mode without ASKDB_ALLOWED_HOSTS, or `*`). */
export function allowedHostNames(config: Pick<AppConfig, 'mode' | 'host' | 'allowedHosts'> & { accessToken?: string | null }): Set<string> | null {
  if (config.allowedHosts.includes('*')) return null;
  if (config.mode === 'server' && config.allowedHosts.length === 0) return null;
  const names = new Set([...OWN_NAMES, ...config.allowedHosts.map(hostNameOf)]);
  if (!WILDCARD_BINDS.has(config.host.trim())) names.add(hostNameOf(config.host));
  // Local mode on every interface behind a token: the machine's own addresses are its names (the
  // printed URL uses one); a rebinding page names a domain, never these.
  else if (config.mode === 'local' && config.accessToken) for (const a of interfaceAddresses()) names.add(hostNameOf(a.includes(':') ? `[${a}]` : a));
  return names;
}

/** The machine's non-internal addresses (IPv4 first): where a wildcard bind is reachable from. */
export function interfaceAddresses(): string[] {
  const all = Object.values(os.networkInterfaces()).flat().filter((i): i is os.NetworkInterfaceInfo => !!i && !i.internal);
  return [...all.filter((i) => i.family === 'IPv4'), ...all.filter((i) => i.family !== 'IPv4')].map((i) => i.address.split('%')[0]!);
}

/**
 * The request's own origin as a browser would write it: the Host with the connection's scheme, or
 * what a proxy in front reports (X-Forwarded-Proto / X-Forwarded-Host). A page on another site
 * cannot forge those: they are not CORS-safelisted, so sending them needs a preflight, never granted.
 */
function ownOrigins(req: FastifyRequest, host: string): string[] {
  const first = (name: string) => String(req.headers[name] ?? '').split(',')[0]!.trim().toLowerCase();
  const proto = first('x-forwarded-proto');
  const schemes = new Set([req.protocol, ...(proto === 'http' || proto === 'https' ? [proto] : [])]);
  const hosts = new Set([host, ...(first('x-forwarded-host') ? [first('x-forwarded-host')] : [])]);
  return [...schemes].flatMap((s) => [...hosts].map((h) => normalOrigin(`${s}://${h}`))).filter((o): o is string => o !== null);
}

/** `scheme://host[:port]` with the default port dropped, or null when it is not an http(s) origin. */
function normalOrigin(text: string): string | null {
  try {
    const u = new URL(text);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function registerOriginGuard(app: FastifyInstance, config: AppConfig): void {
  const names = allowedHostNames(config);
  app.addHook('onRequest', async (req) => {
    const lang = languageOf(req);
    const host = req.headers.host ?? '';
    if (names && (!host || !names.has(hostNameOf(host)))) {
      throw new AppError(403, ERROR_CODES.FORBIDDEN_HOST, msg(lang, 'FORBIDDEN_HOST', { host: host || '(none)' }));
    }
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin === undefined || (SAFE_METHODS.has(req.method) && !preflight)) return;
    const own = normalOrigin(origin);
    if (preflight || !own || !ownOrigins(req, host).includes(own)) {
      throw new AppError(403, ERROR_CODES.FORBIDDEN_ORIGIN, msg(lang, 'FORBIDDEN_ORIGIN', { origin }));
    }
  });
  // No route or plugin may open the API to other sites.
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const name of Object.keys(reply.getHeaders())) {
      if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
    }
    return payload;
  });
}
