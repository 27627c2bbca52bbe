/**
 * Turns the socket-level failures every network engine shares (refused, unknown host, timeout,
 * TLS) into DriverErrors with distinct codes, so "wrong port" and "wrong host" never read alike.
 */
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';

export interface Endpoint { host: string; port: number; user?: string; database?: string; timeoutMs: number }

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|HOSTNAME_MISMATCH|EPROTO)/;

/**
 * Every error code on the error and on the errors wrapped in it (`cause`, `originalError`,
 * AggregateError `errors`): client libraries wrap the socket's ECONNREFUSED in their own codes.
 */
export function errnosOf(err: unknown, depth = 0): string[] {
  const e = err as { code?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object' || depth > 4) return [];
  const codes = typeof e.code === 'string' && e.code ? [e.code] : [];
  for (const inner of [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])]) codes.push(...errnosOf(inner, depth + 1));
  return codes;
}

const SOCKET_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ESOCKETTIMEDOUT)$/;

/** The most telling code: a socket-level one when any is wrapped inside, else the outermost. */
export function errnoOf(err: unknown): string | undefined {
  const codes = errnosOf(err);
  return codes.find((c) => SOCKET_CODES.test(c)) ?? codes[0];
}

export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || String(err.name);
  if (typeof err === 'string') return err;
  try { return JSON.stringify(err); } catch { return String(err); }
}

/**
 * Classifies a connect failure caused by the network or TLS. Returns null when the error came
 * from the database itself (authentication, unknown database…), which each engine maps.
 */
export function networkError(err: unknown, ep: Endpoint): DriverError | null {
  if (err instanceof DriverError) return err;
  const code = errnoOf(err) ?? '';
  const text = messageOf(err);
  const at = { host: ep.host, port: ep.port };
  if (code === 'ECONNREFUSED') return driverError('CONNECTION_REFUSED', at, text);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return driverError('HOST_NOT_FOUND', at, text);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return driverError('CONNECTION_REFUSED', at, text);
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || /timeout expired|timed? ?out/i.test(text)) {
    return timeoutError(ep, text);
  }
  if (TLS_CODES.test(code) || /\b(ssl|tls|certificate)\b/i.test(text)) {
    return driverError('TLS_ERROR', { ...at, reason: text }, text);
  }
  return null;
}

export function timeoutError(ep: Endpoint, detail?: string): DriverError {
  return driverError('TIMEOUT', { host: ep.host, port: ep.port, seconds: Math.round(ep.timeoutMs / 100) / 10 }, detail);
}

/**
 * Guards a connect attempt with the data source's connect timeout, whatever the library does
 * with its own timeout. A late success is closed by `dispose` so it never leaks.
 */
export async function withConnectTimeout<T>(attempt: Promise<T>, ep: Endpoint, dispose: (late: T) => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { timedOut = true; reject(timeoutError(ep)); }, ep.timeoutMs);
  });
  attempt.then((value) => { if (timedOut) void Promise.resolve().then(() => dispose(value)).catch(() => undefined); }, () => undefined);
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
