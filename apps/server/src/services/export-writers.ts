/**
 * Streaming writers for result export: CSV, JSON, SQL INSERT statements, XLSX.
 *
 * CSV follows PostgreSQL's `COPY … CSV`: NULL is an empty field without quotes, the empty string is
 * `""`, so a NULL and an empty text never come back as each other (the import reads it the same way).
 *
 * Files meant for a spreadsheet (CSV, XLSX) guard text a spreadsheet would run as a formula — a cell
 * starting with = + - @, a tab or a carriage return (`=HYPERLINK(…)`, `=cmd|' /C calc'!A0`) — with a
 * leading apostrophe, unless the export asks for raw text. Numbers (a NUMERIC column, or a value that
 * is a plain number such as -5) are left alone. A text already starting with apostrophes before such
 * a character gets one more, so the import's removal of exactly one apostrophe gives every text back.
 * SQL and JSON exports never change a value.
 */
import type { Writable } from 'node:stream';
import type { ResultHeader } from '@askdb/contracts';
import type { Dialect } from '@askdb/sql';

type Row = (string | null)[];

export interface ExportWriter {
  header(columns: ResultHeader[]): Promise<void> | void;
  rows(rows: Row[]): Promise<void> | void;
  end(): Promise<void> | void;
}

/** Write text, waiting for the socket to drain so memory stays bounded. */
export function textSink(out: Writable) {
  return (s: string): Promise<void> | void => {
    if (!out.write(s)) return new Promise<void>((r) => out.once('drain', () => r()));
  };
}

export interface SpreadsheetExportOptions {
  /** Keep text that starts like a formula as it is (default: guarded with an apostrophe). */
  rawFormulas?: boolean;
}

const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A text as a spreadsheet cell shows it, never runs it: `=1+2` → `'=1+2` (numbers untouched). */
export function spreadsheetText(v: string): string {
  return FORMULA_START.test(v) && !PLAIN_NUMBER.test(v) ? `'${v}` : v;
}

/** The text spreadsheetText guarded, given back (a text it would not have guarded is returned as is). */
export function unguardSpreadsheetText(v: string): string {
  return v.charCodeAt(0) === 39 && FORMULA_START.test(v.slice(1)) && !PLAIN_NUMBER.test(v.slice(1)) ? v.slice(1) : v;
}

/** Per column: whether its values are guarded (not in a raw export, never in a NUMERIC column). */
const guards = (cols: ResultHeader[], o: SpreadsheetExportOptions) => cols.map((c) => !o.rawFormulas && c.dataType !== 'NUMERIC');

const csvText = (v: string) => (v === '' ? '""' : /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** One CSV field: NULL as nothing, '' as "", guarded when asked. */
const csvCell = (v: string | null, guard: boolean) => (v === null ? '' : csvText(guard ? spreadsheetText(v) : v));

export function csvWriter(out: Writable, o: SpreadsheetExportOptions = {}): ExportWriter {
  const w = textSink(out);
  let guard: boolean[] = [];
  return {
    header: (cols) => {
      guard = guards(cols, o);
      return w('\uFEFF' + cols.map((c) => csvCell(c.name, !o.rawFormulas)).join(',') + '\r\n');
    },
    rows: (rows) => w(rows.map((r) => r.map((v, i) => csvCell(v, guard[i] ?? !o.rawFormulas)).join(',')).join('\r\n') + '\r\n'),
    end: () => undefined,
  };
}

export function jsonWriter(out: Writable): ExportWriter {
  const w = textSink(out);
  let cols: string[] = [];
  let first = true;
  return {
    header: (c) => {
      cols = c.map((x) => x.name);
      return w('[');
    },
    rows: (rows) => {
      const s = rows.map((r) => JSON.stringify(Object.fromEntries(cols.map((c, i) => [c, r[i] ?? null])))).join(',\n');
      const prefix = first ? '\n' : ',\n';
      first = false;
      return w(prefix + s);
    },
    end: () => w(first ? '[]' : '\n]\n'),
  };
}

const NUMERIC_LITERAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
export function sqlInsertWriter(out: Writable, dialect: Dialect, table: string): ExportWriter {
  const w = textSink(out);
  let prefix = '';
  let types: string[] = [];
  const literal = (v: string | null, i: number) => {
    if (v === null) return 'NULL';
    if (types[i] === 'NUMERIC' && NUMERIC_LITERAL.test(v)) return v;
    if (types[i] === 'BINARY' && /^0x[0-9a-f]*$/i.test(v)) return dialect.name === 'postgresql' ? `'\\x${v.slice(2)}'` : dialect.name === 'sqlite' ? `X'${v.slice(2)}'` : v;
    return dialect.quoteString(v);
  };
  return {
    header: (cols) => {
      types = cols.map((c) => c.dataType);
      prefix = `INSERT INTO ${dialect.quoteIdentifier(table)} (${cols.map((c) => dialect.quoteIdentifier(c.name)).join(', ')}) VALUES `;
    },
    rows: (rows) => w(rows.map((r) => `${prefix}(${r.map(literal).join(', ')});`).join('\n') + '\n'),
    end: () => undefined,
  };
}

export async function xlsxWriter(out: Writable, o: SpreadsheetExportOptions = {}): Promise<ExportWriter> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Result');
  let guard: boolean[] = [];
  return {
    header: (cols) => {
      guard = guards(cols, o);
      ws.addRow(cols.map((c) => (o.rawFormulas ? c.name : spreadsheetText(c.name)))).commit();
    },
    rows: (rows) => {
      for (const r of rows) ws.addRow(r.map((v, i) => (v === null ? null : guard[i] ? spreadsheetText(v) : v))).commit();
    },
    end: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}
