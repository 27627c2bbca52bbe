/**
 * Export tasks: a table, a query or a whole database streamed into a file as CSV, XLSX, JSON, SQL
 * INSERTs or a SQL dump (structure, then data; tables ordered so referenced ones come first). The
 * file is written through the export writers with backpressure, so memory stays bounded.
 */
import fs from 'node:fs';
import type { Connection, ResultEvent } from '@askdb/drivers';
import type { Dialect } from '@askdb/sql';
import type { ResultHeader, TaskExportFormat } from '@askdb/contracts';
import { csvWriter, jsonWriter, sqlInsertWriter, textSink, xlsxWriter, type ExportWriter } from '../export-writers.js';

export interface ExportCounters {
  processedRows: number;
  committedRows: number;
  failedRows: number;
  processedBytes: number;
}
export interface ExportHooks {
  shouldStop(): Promise<boolean>;
  report(c: ExportCounters): Promise<void>;
}
export interface ExportJob {
  conn: Connection;
  dialect: Dialect;
  databaseName: string | null;
  schemaName: string | null;
  target: 'table' | 'query' | 'database';
  tableName: string | null;
  sql: string | null;
  format: TaskExportFormat;
  file: string;
  /** CSV/XLSX: keep formula-like text as it is (default: guarded for spreadsheets, see export-writers.ts). */
  rawFormulas?: boolean;
}
export type ExportOutcome = { state: 'DONE' | 'STOPPED' | 'FAILED'; error: string | null; counters: ExportCounters };

class Stopped extends Error {}

const NUMERIC = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
function literal(d: Dialect, type: string, v: string | null): string {
  if (v === null) return 'NULL';
  if (type === 'NUMERIC' && NUMERIC.test(v)) return v;
  if (type === 'BINARY' && /^0x[0-9a-f]*$/i.test(v)) return d.name === 'postgresql' ? `'\\x${v.slice(2)}'` : d.name === 'sqlite' ? `X'${v.slice(2)}'` : v;
  return d.quoteString(v);
}

/** Multi-row INSERTs (100 rows a statement) for dumps: fewer statements to replay. */
function dumpInsertWriter(out: fs.WriteStream, d: Dialect, qualified: string): ExportWriter {
  const w = textSink(out);
  let prefix = '';
  let types: string[] = [];
  return {
    header: (cols: ResultHeader[]) => {
      types = cols.map((c) => c.dataType);
      prefix = `INSERT INTO ${qualified} (${cols.map((c) => d.quoteIdentifier(c.name, true)).join(', ')}) VALUES\n`;
    },
    rows: (rows) => {
      const parts: string[] = [];
      for (let i = 0; i < rows.length; i += 100) {
        parts.push(prefix + rows.slice(i, i + 100).map((r) => `(${r.map((v, j) => literal(d, types[j]!, v)).join(', ')})`).join(',\n') + ';\n');
      }
      return w(parts.join(''));
    },
    end: () => undefined,
  };
}

export class ExportRunner {
  private readonly c: ExportCounters = { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0 };
  private out!: fs.WriteStream;
  private sinceReport = 0;

  constructor(private readonly j: ExportJob, private readonly hooks: ExportHooks) {}

  private q(n: string): string {
    return this.j.dialect.quoteIdentifier(n, true);
  }
  /** The table's name as a statement writes it in the exported database. */
  private qualified(table: string): string {
    const d = this.j.dialect;
    const ns = d.name === 'postgresql' ? this.j.schemaName ?? 'public' : d.name === 'mysql' ? this.j.databaseName : d.supportsSchema ? this.j.schemaName : null;
    return (ns ? `${this.q(ns)}.` : '') + this.q(table);
  }

  async run(): Promise<ExportOutcome> {
    this.out = fs.createWriteStream(this.j.file);
    const closed = new Promise<void>((resolve, reject) => {
      this.out.on('close', () => resolve());
      this.out.on('error', reject);
    });
    let outcome: ExportOutcome;
    try {
      if (this.j.target === 'database') await this.database();
      else {
        const sql = this.j.target === 'query' ? this.j.sql ?? '' : `SELECT * FROM ${this.qualified(this.j.tableName ?? '')}`;
        const table = this.j.tableName ?? 'result';
        if (this.j.target === 'table' && this.j.format === 'dump') {
          // One table's dump: its DDL, then its rows as multi-row INSERTs.
          const ddl = (await this.j.conn.metadata.tableDdl({ databaseName: this.j.databaseName, schemaName: this.j.schemaName, tableName: table })).trim();
          await textSink(this.out)(`${ddl.replace(/;?\s*$/, ';')}\n\n`);
          await this.one(sql, (out) => dumpInsertWriter(out, this.j.dialect, this.qualified(table)));
        } else await this.one(sql, this.j.format === 'dump' || this.j.format === 'sql' ? (out) => sqlInsertWriter(out, this.j.dialect, table) : null);
      }
      outcome = this.done();
    } catch (e) {
      outcome = e instanceof Stopped ? { state: 'STOPPED', error: null, counters: { ...this.c } } : { state: 'FAILED', error: e instanceof Error ? e.message : String(e), counters: { ...this.c } };
    }
    this.out.end();
    await closed.catch(() => undefined);
    this.c.processedBytes = fs.existsSync(this.j.file) ? fs.statSync(this.j.file).size : 0;
    outcome.counters = { ...this.c };
    return outcome;
  }

  private done(): ExportOutcome {
    return { state: 'DONE', error: null, counters: { ...this.c } };
  }

  private async writerFor(): Promise<ExportWriter> {
    switch (this.j.format) {
      case 'csv': return csvWriter(this.out, { rawFormulas: this.j.rawFormulas });
      case 'json': return jsonWriter(this.out);
      case 'xlsx': return xlsxWriter(this.out, { rawFormulas: this.j.rawFormulas });
      default: return sqlInsertWriter(this.out, this.j.dialect, this.j.tableName ?? 'result');
    }
  }

  /** Streams one statement's rows into a writer (the format's, or the given one). */
  private async one(sql: string, make: ((out: fs.WriteStream) => ExportWriter) | null, writeEnd = true): Promise<void> {
    let writer: ExportWriter | null = null;
    const events = this.j.conn.execute(sql, { pageSize: 1000, databaseName: this.j.databaseName, schemaName: this.j.schemaName })[Symbol.asyncIterator]();
    try {
      for (;;) {
        const n = await events.next();
        if (n.done) break;
        const ev: ResultEvent = n.value;
        if (ev.type === 'header') {
          writer = make ? make(this.out) : await this.writerFor();
          await writer.header(ev.columns);
        } else if (ev.type === 'rows' && writer) {
          await writer.rows(ev.rows);
          this.c.processedRows += ev.rows.length;
          this.c.committedRows += ev.rows.length;
          this.sinceReport += ev.rows.length;
          if (this.sinceReport >= 5000) {
            this.sinceReport = 0;
            if (await this.hooks.shouldStop()) {
              await this.j.conn.cancel().catch(() => undefined);
              throw new Stopped();
            }
            this.c.processedBytes = this.out.bytesWritten;
            await this.hooks.report({ ...this.c });
          }
        } else if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
      }
    } finally {
      await events.return?.();
    }
    if (!writer) throw new Error('the statement returned no rows to export');
    if (writeEnd) await writer.end();
  }

  /** Every table of the database / schema: a dump (DDL + data) or INSERTs. Other formats export tables one after another into one file. */
  private async database(): Promise<void> {
    const loc = { databaseName: this.j.databaseName, schemaName: this.j.schemaName };
    const catalog = await this.j.conn.metadata.catalog(loc);
    const ordered = orderByReferences(catalog.tables.map((t) => ({ name: t.name, refs: t.keys.filter((k) => k.type === 'FOREIGN' && k.referencedTable).map((k) => k.referencedTable!) })));
    const w = textSink(this.out);
    const dump = this.j.format === 'dump';
    if (!['dump', 'sql'].includes(this.j.format)) throw new Error('a whole database exports as SQL INSERTs or a SQL dump');
    await w(`-- AskDB ${dump ? 'dump' : 'data'} of ${[this.j.databaseName, this.j.schemaName].filter(Boolean).join('.') || 'database'}, ${new Date().toISOString()}\n\n`);
    if (dump) {
      for (const t of ordered) {
        const ddl = (await this.j.conn.metadata.tableDdl({ ...loc, tableName: t })).trim();
        await w(`${ddl.replace(/;?\s*$/, ';')}\n\n`);
      }
    }
    for (const t of ordered) {
      if (await this.hooks.shouldStop()) throw new Stopped();
      await this.one(`SELECT * FROM ${this.qualified(t)}`, (out) => dumpInsertWriter(out, this.j.dialect, this.qualified(t)));
      await w('\n');
    }
    if (dump) {
      for (const v of catalog.views) {
        if (!v.definition) continue;
        const body = v.definition.trim().replace(/;?\s*$/, ';');
        await w(`${/^CREATE\s/i.test(body) ? body : `CREATE VIEW ${this.qualified(v.name)} AS\n${body}`}\n\n`);
      }
    }
  }
}

/** Tables with the ones they reference first (cycles keep their original order). */
export function orderByReferences(tables: { name: string; refs: string[] }[]): string[] {
  const names = new Set(tables.map((t) => t.name));
  const out: string[] = [];
  const state = new Map<string, 1 | 2>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const visit = (n: string) => {
    if (state.get(n)) return;
    state.set(n, 1);
    for (const r of byName.get(n)?.refs ?? []) if (names.has(r) && r !== n && !state.get(r)) visit(r);
    state.set(n, 2);
    out.push(n);
  };
  for (const t of tables) visit(t.name);
  return out;
}
