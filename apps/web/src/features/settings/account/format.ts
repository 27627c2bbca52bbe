/** Dates of the account and team tables in the user's language. */
export function formatTime(iso: string | null | undefined, locale = document.documentElement.lang || undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* Safari/, 'Safari'],
  [/curl\/(\d+)/, 'curl'],
  [/node(?:-fetch)?\/?(\d+)?/i, 'Node.js'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A session's device in a few words ("Chrome 140 · macOS") from its User-Agent; null when there is none. */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const b = BROWSERS.find(([re]) => re.test(ua));
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const browser = b ? `${b[1]}${ua.match(b[0])?.[1] ? ` ${ua.match(b[0])![1]}` : ''}` : null;
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : ua.slice(0, 60);
}
