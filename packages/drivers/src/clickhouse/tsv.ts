/**
 * ClickHouse's TabSeparated text is its own text form of every value: a cell is taken as printed,
 * with only the format's escapes undone (\N is NULL).
 */
import type { Cell } from '../values.js';

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', "'": "'", '"': '"', a: '\x07', v: '\v', e: '\x1b' };

export function tsvCell(field: string): Cell {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}

export function tsvRow(line: string): Cell[] {
  return line.split('\t').map(tsvCell);
}

/** Statements that answer with rows (run with a FORMAT); everything else runs as a command. */
export function returnsRows(sql: string): boolean {
  const head = sql.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  return /^(SELECT|WITH|SHOW|DESCRIBE|DESC|EXPLAIN|EXISTS|\()/i.test(head);
}

/** A statement that names its own output FORMAT is passed through raw. */
export function hasOwnFormat(sql: string): boolean {
  return /\bFORMAT\s+[A-Za-z]+\s*;?\s*$/i.test(sql);
}
