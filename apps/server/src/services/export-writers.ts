/** Streaming writers for result export: CSV, JSON, SQL INSERT statements, XLSX. */
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

const csvCell = (v: string | null) => (v === null ? '' : /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csvWriter(out: Writable): ExportWriter {
  const w = textSink(out);
  return {
    header: (cols) => w('\uFEFF' + cols.map((c) => csvCell(c.name)).join(',') + '\r\n'),
    rows: (rows) => w(rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'),
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

export async function xlsxWriter(out: Writable): Promise<ExportWriter> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Result');
  return {
    header: (cols) => {
      ws.addRow(cols.map((c) => c.name)).commit();
    },
    rows: (rows) => {
      for (const r of rows) ws.addRow(r.map((v) => (v === null ? null : v))).commit();
    },
    end: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}
