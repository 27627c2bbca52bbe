/** The login page's `redirect` parameter: where NeedLoggedIn sends the browser and where sign-in returns it. */

export const LOGIN_PATH = '/login';
export const INVITE_PATH = '/invite';
export const DEFAULT_AFTER_LOGIN = '/workspace';

/** A return path from an untrusted query parameter: same-site paths only (no scheme, host or `//`), else the workspace. */
export function safeRedirect(raw: string | null | undefined, origin = 'http://askdb.invalid'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  let u: URL;
  try {
    u = new URL(raw, origin);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (u.origin !== origin || u.pathname === LOGIN_PATH) return DEFAULT_AFTER_LOGIN;
  return u.pathname + u.search + u.hash;
}

/** The login page address that comes back to `returnTo` (path + query + hash of the page that needed a login). */
export function loginHref(returnTo: string, language?: string | null): string {
  const q = new URLSearchParams();
  if (returnTo && returnTo !== '/' && !returnTo.startsWith(LOGIN_PATH)) q.set('redirect', returnTo);
  if (language) q.set('language', language);
  const s = q.toString();
  return s ? `${LOGIN_PATH}?${s}` : LOGIN_PATH;
}

/** The page outside the main shell this path shows, if any. */
export function standalonePage(pathname: string): 'login' | 'invite' | null {
  const p = pathname.replace(/\/+$/, '');
  if (p === LOGIN_PATH) return 'login';
  if (p === INVITE_PATH) return 'invite';
  return null;
}
