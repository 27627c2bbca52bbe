/**
 * Turns the socket-level failures every network engine shares (refused, unknown host, timeout,
 * TLS) into DriverErrors with distinct codes, so "wrong port" and "wrong host" never read alike.
 */
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';

export interface Endpoint { host: string; port: number; user?: string; database?: string; timeoutMs: number }

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|HOSTNAME_MISMATCH|EPROTO)/;

/** Error code of a Node error or of the error wrapped in it (`cause`, AggregateError). */
export function errnoOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; errno?: unknown; cause?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return undefined;
  if (typeof e.code === 'string' && e.code) return e.code;
  if (Array.isArray(e.errors) && e.errors.length) return errnoOf(e.errors[0]);
  if (e.cause) return errnoOf(e.cause);
  return undefined;
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
