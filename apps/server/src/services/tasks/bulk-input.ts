/**
 * A batch of rows as the input of the database's own bulk loader (see TableImporter.bulkBatch):
 * PostgreSQL `COPY … FROM STDIN` and MySQL `LOAD DATA LOCAL INFILE`, both in their default text
 * format (the same one: tab-separated, backslash escapes, `\N` for NULL; PostgreSQL parses it
 * faster than CSV). Values travel as data in the loader's format, never as SQL text.
 */
import type { Dialect } from '@askdb/sql';
import type { Cell } from './readers.js';

export interface BulkRows {
  rows: { cells: Cell[] }[];
  /** For each target column, the index of its cell in a record. */
  picks: number[];
  converters: ((v: Cell) => Cell)[];
}

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/** The loaders' default text format: tab-separated lines, backslash escapes, `\N` for NULL ('' stays ''). */
export function loaderText({ rows, picks, converters }: BulkRows): Buffer {
  let out = '';
  const last = picks.length - 1;
  for (const r of rows) {
    const cells = r.cells;
    for (let i = 0; i <= last; i++) {
      const v = converters[i]!(cells[picks[i]!] ?? null);
      out += v === null ? '\\N' : SPECIAL.test(v) ? v.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : v;
      out += i === last ? '\n' : '\t';
    }
  }
  return Buffer.from(out, 'utf8');
}

/** The loader statement for a table and its columns (quoted by the dialect). */
export function bulkSql(d: Dialect, qualified: string, columns: string[]): string {
  const cols = columns.map((c) => d.quoteIdentifier(c, true)).join(', ');
  return d.name === 'postgresql'
    ? `COPY ${qualified} (${cols}) FROM STDIN`
    : `LOAD DATA LOCAL INFILE 'askdb-import.tsv' INTO TABLE ${qualified} CHARACTER SET utf8mb4 (${cols})`;
}
