/**
 * A batch of rows as the input of the database's own bulk loader (see TableImporter.bulkBatch):
 * PostgreSQL `COPY … FROM STDIN (FORMAT csv)` and MySQL `LOAD DATA LOCAL INFILE` in its default
 * text format. Values travel as data in the loader's format, never as SQL text.
 */
import type { Dialect } from '@askdb/sql';
import type { Cell } from './readers.js';

export interface BulkRows {
  rows: { cells: Cell[] }[];
  /** For each target column, the index of its cell in a record. */
  picks: number[];
  converters: ((v: Cell) => Cell)[];
}

const QUOTE = /"/g;

/** CSV for COPY: NULL is an unquoted empty field, every value is quoted (so '' stays ''). */
export function pgCsv({ rows, picks }: BulkRows): Buffer {
  let out = '';
  const last = picks.length - 1;
  for (const r of rows) {
    const cells = r.cells;
    for (let i = 0; i <= last; i++) {
      const v = cells[picks[i]!] ?? null;
      if (v !== null) out += v.includes('"') ? `"${v.replace(QUOTE, '""')}"` : `"${v}"`;
      out += i === last ? '\n' : ',';
    }
  }
  return Buffer.from(out, 'utf8');
}

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/** LOAD DATA's default format: tab-separated lines, backslash escapes, `\N` for NULL. */
export function mysqlTsv({ rows, picks, converters }: BulkRows): Buffer {
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
    ? `COPY ${qualified} (${cols}) FROM STDIN WITH (FORMAT csv)`
    : `LOAD DATA LOCAL INFILE 'askdb-import.tsv' INTO TABLE ${qualified} CHARACTER SET utf8mb4 (${cols})`;
}
