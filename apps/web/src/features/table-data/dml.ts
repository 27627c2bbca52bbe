/**
 * The UPDATE / INSERT / DELETE statements for the grid's pending changes. Rows are matched by their
 * primary key; a table without one is matched on every comparable column, limited to one row where
 * the dialect allows. Identifiers are quoted by the dialect; values are literals (dialect.quoteString),
 * SQL NULL stays NULL, numbers stay bare.
 */
import type { Dialect } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';

export type Cell = string | null;
export interface GridColumn {
  name: string;
  dataType: string;
  columnType: string;
  primaryKey: boolean;
  nullable?: boolean;
  autoIncrement?: boolean;
}
export type RowChange =
  | { kind: 'update'; original: Cell[]; values: Cell[] }
  /** `undefined` leaves the column to its default. */
  | { kind: 'insert'; values: (Cell | undefined)[] }
  | { kind: 'delete'; original: Cell[] };

export interface DmlStatement {
  sql: string;
  kind: RowChange['kind'];
  /** Index of the change it comes from. */
  change: number;
}

export interface DmlTarget {
  dialect: Dialect;
  databaseType: DatabaseType;
  /** Already quoted/qualified table name. */
  table: string;
  columns: GridColumn[];
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** Types an equality test cannot use (or may not match by text): skipped when matching a row without a key. */
const NOT_COMPARABLE = /\b(json|xml|blob|bytea|binary|varbinary|geometry|geography|point|polygon|float|real|double|money|tsvector|array)\b|\[\]$/i;
/** Large-object types some engines refuse in `=` (SQL Server text/ntext/image, Oracle LOBs). */
const LOB_BY_FAMILY: Record<string, RegExp> = { sqlserver: /\b(text|ntext|image)\b/i, oracle: /\b(clob|nclob|long)\b/i };
const CTID_TYPES: readonly DatabaseType[] = ['POSTGRESQL', 'KINGBASE', 'OPENGAUSS', 'GAUSSDB'];

export function literal(d: Dialect, value: Cell, col: GridColumn): string {
  if (value === null) return 'NULL';
  if (col.dataType === 'NUMERIC' && NUMBER.test(value.trim())) return value.trim();
  return d.quoteString(value);
}

/** Columns that identify a row: the primary key, else every comparable column (or every column). */
export function matchColumns(columns: GridColumn[], family = ''): { indexes: number[]; byKey: boolean } {
  const pk = columns.flatMap((c, i) => (c.primaryKey ? [i] : []));
  if (pk.length) return { indexes: pk, byKey: true };
  const lob = LOB_BY_FAMILY[family];
  const comparable = columns.flatMap((c, i) => (c.dataType !== 'BINARY' && !NOT_COMPARABLE.test(c.columnType) && !lob?.test(c.columnType) ? [i] : []));
  return { indexes: comparable.length ? comparable : columns.map((_, i) => i), byKey: false };
}

function condition(t: DmlTarget, row: Cell[], indexes: number[]): string {
  return indexes
    .map((i) => {
      const c = t.columns[i]!;
      const v = row[i] ?? null;
      return v === null ? `${t.dialect.quoteIdentifier(c.name)} IS NULL` : `${t.dialect.quoteIdentifier(c.name)} = ${literal(t.dialect, v, c)}`;
    })
    .join(' AND ');
}

/** `UPDATE … SET … WHERE …` / `DELETE FROM … WHERE …` for one row, limited to one row when not keyed. */
function targeted(t: DmlTarget, verb: 'UPDATE' | 'DELETE', set: string, row: Cell[]): string {
  const { indexes, byKey } = matchColumns(t.columns, t.dialect.name);
  const where = condition(t, row, indexes);
  const head = verb === 'UPDATE' ? `UPDATE ${t.table} SET ${set}` : `DELETE FROM ${t.table}`;
  if (byKey) return `${head} WHERE ${where}`;
  const family = t.dialect.name;
  if (family === 'mysql' && t.databaseType !== 'CLICKHOUSE') return `${head} WHERE ${where} LIMIT 1`;
  if (family === 'sqlite') return `${head} WHERE rowid IN (SELECT rowid FROM ${t.table} WHERE ${where} LIMIT 1)`;
  if (family === 'postgresql' && CTID_TYPES.includes(t.databaseType)) return `${head} WHERE ctid IN (SELECT ctid FROM ${t.table} WHERE ${where} LIMIT 1)`;
  if (family === 'sqlserver') return verb === 'UPDATE' ? `UPDATE TOP (1) ${t.table} SET ${set} WHERE ${where}` : `DELETE TOP (1) FROM ${t.table} WHERE ${where}`;
  return `${head} WHERE ${where}`;
}

export function generateDml(t: DmlTarget, changes: RowChange[]): DmlStatement[] {
  const q = (i: number) => t.dialect.quoteIdentifier(t.columns[i]!.name);
  const out: DmlStatement[] = [];
  changes.forEach((ch, change) => {
    if (ch.kind === 'update') {
      const set = ch.values.flatMap((v, i) => (v !== ch.original[i] ? [`${q(i)} = ${literal(t.dialect, v, t.columns[i]!)}`] : []));
      if (set.length) out.push({ kind: 'update', change, sql: targeted(t, 'UPDATE', set.join(', '), ch.original) });
    } else if (ch.kind === 'delete') {
      out.push({ kind: 'delete', change, sql: targeted(t, 'DELETE', '', ch.original) });
    } else {
      const idx = ch.values.flatMap((v, i) => (v !== undefined ? [i] : []));
      if (idx.length === 0) {
        out.push({ kind: 'insert', change, sql: t.dialect.name === 'mysql' ? `INSERT INTO ${t.table} () VALUES ()` : `INSERT INTO ${t.table} DEFAULT VALUES` });
      } else {
        out.push({ kind: 'insert', change, sql: `INSERT INTO ${t.table} (${idx.map(q).join(', ')}) VALUES (${idx.map((i) => literal(t.dialect, ch.values[i] as Cell, t.columns[i]!)).join(', ')})` });
      }
    }
  });
  return out;
}

/** How a transaction starts in the engine (Oracle starts one implicitly). */
export function beginStatement(d: Dialect): string | null {
  if (d.name === 'oracle') return null;
  if (d.name === 'sqlserver') return 'BEGIN TRANSACTION';
  return 'BEGIN';
}
