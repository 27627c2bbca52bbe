/** The one way the web app calls the server: JSON envelope in, data or an ApiError out. */
import type { Envelope } from '@askdb/contracts';
import { loginHref, standalonePage } from '../features/auth/redirect';

/** What a failed call was (issue 29 item 17): the error notification's "copy error report" and solution link. */
export interface ApiCallInfo {
  method: string;
  path: string;
  time: string;
  solutionLink?: string;
}

export class ApiError extends Error {
  constructor(message: string, readonly errorCode?: string, readonly status?: number, readonly detail?: string, readonly data?: unknown, readonly call?: ApiCallInfo) {
    super(message);
    this.name = 'ApiError';
  }
}

let language = 'en-US';
export function setApiLanguage(l: string): void {
  language = l;
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; query?: Record<string, unknown>; signal?: AbortSignal; /** Background lookups: a permission refusal is only thrown, no dialog. */ quietRefusal?: boolean } = {}): Promise<T> {
  const qs = init.query
    ? '?' + new URLSearchParams(Object.entries(init.query).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])).toString()
    : '';
  let res: Response;
  const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
  const call = (solutionLink?: string): ApiCallInfo => ({ method, path, time: new Date().toISOString(), ...(solutionLink ? { solutionLink } : {}) });
  try {
    res = await fetch(path + qs, {
      method,
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), 'accept-language': language, ...timeZoneHeader() },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    // Spec 02 §8 NetworkError: app/api-errors.ts shows the "requires an internet connection" toast.
    if (!init.quietRefusal) window.dispatchEvent(new CustomEvent('askdb:network-error'));
    throw new ApiError((e as Error).message || 'Network error', 'NETWORK_ERROR');
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    // Spec 02 §8 "Other HTTP failures: show status and status text" (a proxy's 502 page is not our envelope).
    throw new ApiError(httpStatusLine(res), 'BAD_RESPONSE', res.status, undefined, undefined, call());
  }
  if (!env.success && env.errorCode === 'NeedLoggedIn') redirectToLogin();
  // FREE_TRIAL_USAGE_LIMIT (spec 02 §8): the pricing modal (features/commerce) listens for this event; background lookups (quietRefusal) only throw.
  if (!env.success && env.errorCode === 'FREE_TRIAL_USAGE_LIMIT' && !init.quietRefusal) window.dispatchEvent(new CustomEvent('askdb:ai-usage-limit', { detail: env }));
  // OFFLINE_* (a local install whose trial or licence is over, spec 02 §8): the guide host (features/guide) opens the matching dialog.
  if (!env.success && env.errorCode?.startsWith('OFFLINE_') && !init.quietRefusal) window.dispatchEvent(new CustomEvent('askdb:licence-error', { detail: { errorCode: env.errorCode, errorMessage: env.errorMessage } }));
  if (!env.success) {
    const err = new ApiError(env.errorMessage ?? httpStatusLine(res), env.errorCode, res.status, env.errorDetail, env.data, call(env.solutionLink));
    if (!init.quietRefusal && err.errorCode && REFUSAL_CODES.has(err.errorCode)) for (const l of refusalListeners) l(err);
    throw err;
  }
  return env.data as T;
}

/** 403 NO_DATA_ACCESS_PERMISSION / NO_SCRIPT_PERMISSION anywhere (spec 02 §8): the "permissions restricted" dialog listens here. */
const REFUSAL_CODES = new Set(['NO_DATA_ACCESS_PERMISSION', 'NO_SCRIPT_PERMISSION']);
const refusalListeners = new Set<(e: ApiError) => void>();
export function onPermissionRefused(listener: (e: ApiError) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** NeedLoggedIn anywhere (spec 02 §8): to the login page, which comes back here after sign-in. Never from the login page itself. */
function redirectToLogin(): void {
  const loc = window.location;
  if (standalonePage(loc.pathname) === 'login') return;
  loc.assign(loginHref(loc.pathname + loc.search + loc.hash, new URLSearchParams(loc.search).get('language')));
}

/** "HTTP 502 Bad Gateway": the status and its text (HTTP/2 sends no reason phrase; the standard one stands in). */
export function httpStatusLine(res: { status: number; statusText?: string }): string {
  const text = res.statusText || STATUS_TEXT[res.status] || '';
  return `HTTP ${res.status}${text ? ` ${text}` : ''}`;
}
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 413: 'Payload Too Large', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

/** The spec's Time-Zone request header (01 §7): the browser's IANA zone, so the server can show times as the user reads them. */
function timeZoneHeader(): Record<string, string> {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? { 'time-zone': zone } : {};
  } catch {
    return {};
  }
}
