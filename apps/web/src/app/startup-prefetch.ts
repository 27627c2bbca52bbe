/**
 * Start-up requests asked for before the app's code has run (issue 28 point 4). index.html loads this
 * tiny module (async) ahead of the app's entry chunk (its own file, no imports), so the GETs the first screen
 * needs — start data, the user, the explorer's data sources and groups — travel while the browser is
 * still downloading, parsing and rendering the app, instead of one round trip (or three, in server
 * mode: system → user → tree) after it.
 *
 * The app's own calls then take these answers: `fetch` answers the first GET of the same path with the
 * response already asked for. Only while starting: an answer is given once, only when it is a 200,
 * not after any other request that could change state (a POST, a sign-in), and not after 10 s; past
 * that, or when nothing is left to hand over, `fetch` is the browser's own again.
 */
const MAX_AGE_MS = 10_000;
const LOCALE_PREFIXES: [string, string][] = [['zh', 'zh-CN'], ['ja', 'ja-JP'], ['en', 'en-US']];

/** As i18n's initialLocale: ?language=, else the stored setting, else the browser's language. */
function locale(win: Window): string {
  let stored: string | undefined;
  try {
    stored = (JSON.parse(win.localStorage.getItem('askdb.settings') ?? '{}') as { language?: string }).language;
  } catch {
    stored = undefined;
  }
  for (const l of [new URLSearchParams(win.location.search).get('language'), stored, win.navigator?.language]) {
    const hit = l && LOCALE_PREFIXES.find(([p]) => l.toLowerCase().startsWith(p));
    if (hit) return hit[1];
  }
  return 'en-US';
}

/** The paths to ask for on this page: none on the sign-in and invite pages, which load no workspace. */
export function startupPaths(pathname: string): string[] {
  if (/^\/(?:login|invite|help)(?:\/|$)/.test(pathname)) return [];
  return ['/api/system', '/api/oauth/user_a', '/api/connection/datasource/list?pageNo=1&pageSize=1000', '/api/connection/group/list'];
}

/**
 * Set on the window by main.tsx when the app starts. This script is `async` (a deferred script would wait
 * for the stylesheet, ~1 MB with antd's), so it may, rarely, run after the app's entry: then the app has
 * asked for its data itself and this script asks for nothing. (A literal, not an import: this file stays
 * a chunk of its own with no imports.)
 */
export const APP_STARTED = '__askdbAppStarted';

/**
 * The page's language's strings, when not English (bundled): a module of their own that index.html names
 * (`<meta name="askdb-strings" data-locale=… content=…>`, vite.config.ts); preloaded now, beside the app's
 * entry, instead of one round trip after it has run.
 */
export function preloadStrings(win: Window, lang: string): string | undefined {
  if (lang === 'en-US' || !win.document?.querySelector) return undefined;
  const href = win.document.querySelector(`meta[name="askdb-strings"][data-locale="${lang}"]`)?.getAttribute('content');
  if (!href) return undefined;
  const link = win.document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  win.document.head.appendChild(link);
  return href;
}

export function installStartupPrefetch(win: Window & typeof globalThis = window): void {
  if (!(win as unknown as Record<string, unknown>)[APP_STARTED]) preloadStrings(win, locale(win));
  const paths = startupPaths(win.location.pathname);
  if (!paths.length || typeof win.fetch !== 'function' || (win as unknown as Record<string, unknown>)[APP_STARTED]) return;
  const original = win.fetch;
  const browserFetch = original.bind(win);
  // No time-zone header (api.ts sends one): the server reads none on these GETs, and the browser's first
  // Intl time-zone lookup costs 100 ms and more on a busy CPU, before any request could leave.
  const headers = { 'accept-language': locale(win) };
  const pending = new Map<string, Promise<Response>>();
  for (const p of paths) {
    const answer = browserFetch(p, { headers, credentials: 'same-origin' });
    answer.catch(() => pending.delete(p));
    pending.set(p, answer);
  }
  const started = Date.now();
  const restore = () => {
    pending.clear();
    if (win.fetch === prefetchingFetch) win.fetch = original;
  };
  const prefetchingFetch: typeof fetch = (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') restore();
    else if (Date.now() - started > MAX_AGE_MS) restore();
    else if (typeof input === 'string' && pending.has(input) && !init?.signal?.aborted) {
      const answer = pending.get(input)!;
      pending.delete(input);
      if (!pending.size) restore();
      // Not a 200 (signed out, a failure): the caller asks again and handles that answer itself.
      const handed = answer.then((res) => (res.ok ? res : browserFetch(input, init)), () => browserFetch(input, init));
      const signal = init?.signal;
      if (!signal) return handed;
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')), { once: true });
        handed.then(resolve, reject);
      });
    }
    return browserFetch(input, init);
  };
  win.fetch = prefetchingFetch;
}

if (typeof window !== 'undefined') installStartupPrefetch();
