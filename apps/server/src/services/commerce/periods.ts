/** Subscription periods: a calendar month or year from the start; FOREVER is 100 years (over the 90 that reads as forever). */
import type { SubscriptionType } from '@askdb/contracts';

export function periodEnd(startIso: string, type: SubscriptionType): string {
  const d = new Date(startIso);
  if (type === 'MONTH') d.setUTCMonth(d.getUTCMonth() + 1);
  else if (type === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 100);
  return d.toISOString();
}
