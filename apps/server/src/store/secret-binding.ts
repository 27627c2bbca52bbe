/**
 * A stored secret is only ever sent where it was saved for (issue 24 point 2), as a browser's
 * password manager is bound to an origin: the database password (and every other secret the
 * driver hands the database server: passwords and tokens in the options or the URL, the TLS
 * client key) to the engine, host, port, user and tunnel it was saved with; the SSH secrets to the
 * SSH host, port and user. Changing any of them needs the secret typed again.
 */
import type { DataSourceInput } from '@askdb/contracts';

/** Option (and URL parameter) names whose values are secrets: sealed, never returned, bound like the password. */
export const SECRET_OPTION = /pass(word)?|pwd|secret|token|credential|api[-_]?key|access[-_]?key|private[-_]?key/i;

/** Option names that change where the driver connects (libpq/JDBC style): part of the destination. */
const DESTINATION_OPTION = /^(host|hostaddr|port|user|username|server|service|servicename|socket|socketpath|sslhost|target_session_attrs|address|addr|endpoint|proxy.*|tunnel.*)$/i;

interface UrlParts { host?: string; port?: string; user?: string; password?: string; params: [string, string][] }

function urlParts(url: string | undefined): UrlParts | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return {
      host: u.hostname ? u.hostname.replace(/^\[|\]$/g, '').toLowerCase() : undefined,
      port: u.port || undefined,
      user: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      params: [...u.searchParams.entries()],
    };
  } catch {
    return { params: [] };
  }
}

/** Where the database password goes: engine, effective host/port/user (fields win over the URL), tunnel. */
export function destinationOf(i: DataSourceInput): string {
  const u = urlParts(i.url) ?? { params: [] };
  const opts = Object.entries(i.options ?? {}).filter(([k]) => DESTINATION_OPTION.test(k)).sort(([a], [b]) => a.localeCompare(b));
  const urlOpts = u.params.filter(([k]) => DESTINATION_OPTION.test(k)).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    i.type,
    (i.host || u.host || '').trim().toLowerCase(),
    String(i.port ?? u.port ?? ''),
    i.user ?? u.user ?? '',
    opts,
    urlOpts,
    i.ssh?.enabled ? sshDestinationOf(i) : null,
  ]);
}

/** Where the SSH secrets go. */
export function sshDestinationOf(i: DataSourceInput): string {
  const s = i.ssh;
  return JSON.stringify(s ? [(s.host ?? '').trim().toLowerCase(), s.port ?? 22, s.user ?? ''] : null);
}

/** The URL without its secrets (password and secret-looking parameters): what is stored in plain text and shown. */
export function redactUrl(url: string): string {
  let out = url.replace(/(\/\/[^:/@]+:)([^@]*)@/, '$1***@');
  out = out.replace(/([?&])([^=&#]+)=([^&#]*)/g, (all, sep: string, key: string) => (SECRET_OPTION.test(decodeURIComponentSafe(key)) ? `${sep}${key}=***` : all));
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Whether a URL carries a secret (so the full text must be sealed). */
export function urlHasSecret(url: string | undefined): boolean {
  return !!url && redactUrl(url) !== url;
}

/** Options split into plain and secret ones. */
export function splitOptions(options: Record<string, string> | undefined): { plain?: Record<string, string>; secret?: Record<string, string> } {
  if (!options) return {};
  const plain: Record<string, string> = {};
  const secret: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) (SECRET_OPTION.test(k) ? secret : plain)[k] = v;
  return { plain, secret: Object.keys(secret).length ? secret : undefined };
}

/**
 * A URL the user edited from its redacted form: the `***` placeholders filled with the saved URL's
 * secrets. Null when the typed URL holds no placeholder (its secrets, if any, were typed).
 */
export function restoreRedacted(typed: string, saved: string | undefined): string | null {
  if (!saved || !typed.includes('***')) return null;
  let t: URL;
  let s: URL;
  try {
    t = new URL(typed);
    s = new URL(saved);
  } catch {
    return null;
  }
  let filled = false;
  if (t.password === '***' || t.password === '%2A%2A%2A') {
    t.password = s.password;
    filled = true;
  }
  for (const [k, v] of [...t.searchParams.entries()]) {
    if (v === '***' && s.searchParams.has(k)) {
      t.searchParams.set(k, s.searchParams.get(k)!);
      filled = true;
    }
  }
  return filled ? t.toString() : null;
}
