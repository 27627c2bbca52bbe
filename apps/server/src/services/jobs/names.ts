import { createHash } from 'node:crypto';
/** Shared rules of the two JobQueue implementations. */
const NAME = /^[a-z0-9][a-z0-9.-]{0,99}$/;

export function checkJobName(name: string): void {
  if (!NAME.test(name)) throw new Error(`invalid job name ${JSON.stringify(name)}: lower-case letters, digits, '-' and '.'`);
}

/** Milliseconds until `startAfter` (a Date, or seconds from now); 0 when absent or past. */
export function delayOf(startAfter: Date | number | undefined, now: number): number {
  if (startAfter === undefined) return 0;
  const ms = startAfter instanceof Date ? startAfter.getTime() - now : startAfter * 1000;
  return Math.max(0, Math.min(ms, 2_147_000_000));
}

/** How long a singleton key keeps a second send out (pg-boss archives completed jobs after 12 h). */
export const SINGLETON_MS = 12 * 3600 * 1000;

/** A stable UUID for (name, key): the job id, so the store's primary key refuses the second send. */
export function singletonId(name: string, key: string): string {
  const h = createHash('sha1').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
