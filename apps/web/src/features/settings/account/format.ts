/** Dates of the account and team tables in the user's language. */
export function formatTime(iso: string | null | undefined, locale = document.documentElement.lang || undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
