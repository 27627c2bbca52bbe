/**
 * The identity of an approved script (issue 13 point 3): SHA-256 of its text, normalised only for
 * trailing whitespace and semicolons — the statement that runs must be exactly the one approved.
 */
import { createHash } from 'node:crypto';

export function normaliseScript(sql: string): string {
  return sql.replace(/[\s;]+$/u, '');
}

export function scriptHash(sql: string): string {
  return createHash('sha256').update(normaliseScript(sql), 'utf8').digest('hex');
}
