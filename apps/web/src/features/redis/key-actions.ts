/** The commands behind the key viewer's actions; every argument quoted as redis-cli reads it. */
import { quoteRedisText } from '@askdb/sql';

/** A TTL in whole seconds (EXPIRE), or none at all (PERSIST). */
export function ttlCommand(key: string, seconds: number | null): string {
  const k = quoteRedisText(key);
  if (seconds === null) return `PERSIST ${k}`;
  if (!Number.isInteger(seconds) || seconds < 1) throw new RangeError('TTL must be a whole number of seconds, at least 1');
  return `EXPIRE ${k} ${seconds}`;
}

/** A string key's new value, keeping its TTL. */
export const setValueCommand = (key: string, value: string) => `SET ${quoteRedisText(key)} ${quoteRedisText(value)} KEEPTTL`;

export const deleteCommand = (key: string) => `DEL ${quoteRedisText(key)}`;
