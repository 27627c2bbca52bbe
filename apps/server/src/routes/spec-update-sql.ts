/**
 * `get_update_sql` (02 §7 "Database objects"): the statements that save edited grid rows. Change
 * types are the spec's ADD / MODIFY / DELETE; a MODIFY or DELETE finds its row by the key columns'
 * old values (NULL compared with IS NULL). Names and values are quoted by the engine's dialect.
 */
import { z } from 'zod';
import { ERROR_CODES, type Language } from '@askdb/contracts';
import { dialectFor } from '@askdb/sql';
import { AppError } from '../http/errors.js';
import { specMsg } from './spec-messages.js';

const Value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const Row = z.record(z.string(), Value);
export const UpdateSqlInput = z.object({
  databaseType: z.string().max(32).default('MYSQL'),
  databaseName: z.string().max(255).nullish(),
  schemaName: z.string().max(255).nullish(),
  tableName: z.string().min(1).max(1024),
  keyColumns: z.array(z.string().min(1).max(255)).max(64).default([]),
  changes: z.array(z.object({ type: z.enum(['ADD', 'MODIFY', 'DELETE']), oldRow: Row.optional(), newRow: Row.optional() })).max(10_000),
});
type Input = z.output<typeof UpdateSqlInput>;

export function updateSql(input: Input, lang: Language): { sql: string; statements: string[] } {
  const d = dialectFor(input.databaseType);
  const id = (n: string) => d.quoteIdentifier(n, true);
  const lit = (v: z.output<typeof Value>) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : d.quoteString(v));
  const table = [input.schemaName ?? input.databaseName ?? null, input.tableName].filter((p): p is string => !!p).map(id).join('.');
  const where = (old: Record<string, z.output<typeof Value>> | undefined) => {
    if (input.keyColumns.length === 0 || !old) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'NO_KEY_COLUMNS'));
    return input.keyColumns.map((k) => (old[k] === null || old[k] === undefined ? `${id(k)} IS NULL` : `${id(k)} = ${lit(old[k]!)}`)).join(' AND ');
  };
  const statements = input.changes.map((c) => {
    if (c.type === 'ADD') {
      const cols = Object.keys(c.newRow ?? {});
      return `INSERT INTO ${table} (${cols.map(id).join(', ')}) VALUES (${cols.map((k) => lit(c.newRow![k]!)).join(', ')})`;
    }
    if (c.type === 'DELETE') return `DELETE FROM ${table} WHERE ${where(c.oldRow)}`;
    const changed = Object.entries(c.newRow ?? {}).filter(([k, v]) => !c.oldRow || c.oldRow[k] !== v);
    if (changed.length === 0) return null;
    return `UPDATE ${table} SET ${changed.map(([k, v]) => `${id(k)} = ${lit(v)}`).join(', ')} WHERE ${where(c.oldRow)}`;
  }).filter((s): s is string => s !== null);
  return { sql: statements.map((s) => `${s};`).join('\n'), statements };
}
