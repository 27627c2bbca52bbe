/**
 * A SQLite connection (better-sqlite3, synchronous). better-sqlite3 exposes no sqlite3_interrupt,
 * so a statement is read with iterate() in time slices of ~25 ms, yielding to the event loop
 * between slices; cancel stops at the next slice boundary. A single step that computes for long
 * (an aggregate over a huge table, a DDL, a write) cannot be interrupted and blocks until done.
 */
import type Database from 'better-sqlite3';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions, FileAccess, Metadata } from '../driver.js';
import { DriverError } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import { positionOfFragment } from '../shared/position.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { doubleText, headerOf, hexOf, type Cell } from '../values.js';
import { SqliteMetadata } from './metadata.js';
import { RunnerConnection } from '../shared/runner-connection.js';
import { checkStatementFiles, detachForeignFiles } from './file-guard.js';

const SLICE_MS = 25;
const CANCELLED = 'SQLITE_INTERRUPT';

export class SqliteConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private running = false;
  private cancelRequested = false;
  protected readonly runner: StatementRunner;

  constructor(private readonly db: Database.Database, private readonly dialect: Dialect, private readonly fileAccess?: FileAccess) {
    super();
    this.metadata = new SqliteMetadata(db, dialect);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: async () => { if (this.running) this.cancelRequested = true; },
      describeError: (err, sql) => describeSqliteError(err, sql),
    });
  }

  get broken(): boolean {
    return !this.db.open;
  }

  /** Whether BEGIN left a transaction open (Connection.inTransaction). */
  async inTransaction(): Promise<boolean> {
    return this.db.open && this.db.inTransaction;
  }

  explainSql(sql: string): string {
    return `EXPLAIN QUERY PLAN ${sql}`;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    this.running = true;
    this.cancelRequested = false;
    try {
      if (this.fileAccess) checkStatementFiles(sql, this.fileAccess);
      const stmt = this.db.prepare(sql);
      if (!stmt.reader) {
        const info = stmt.run();
        if (this.fileAccess) detachForeignFiles(this.db, this.fileAccess);
        return { updateCount: info.changes, message: '' };
      }
      stmt.raw(true);
      stmt.safeIntegers(true);
      const declared = stmt.columns();
      const iterator = stmt.iterate() as IterableIterator<unknown[]>;
      const batchSize = Math.max(options.pageSize ?? 200, 1000);
      let finished = false;
      try {
        let first = true;
        while (!finished) {
          const rows: Cell[][] = [];
          const sliceStart = performance.now();
          while (rows.length < batchSize) {
            const step = iterator.next();
            if (step.done) { finished = true; break; }
            rows.push(step.value.map(sqliteCell));
            if ((rows.length & 63) === 0 && performance.now() - sliceStart > SLICE_MS) break;
          }
          if (first) {
            first = false;
            yield { type: 'header', columns: declared.map((c, i) => headerOf(this.dialect, c.name, c.type ?? inferType(rows, i))) };
          }
          if (rows.length) yield { type: 'rows', rows };
          if (finished) break;
          await new Promise((resolve) => setImmediate(resolve));
          if (this.cancelRequested) throw Object.assign(new Error('interrupted'), { code: CANCELLED });
        }
      } finally {
        if (!finished) iterator.return?.();
      }
      return { updateCount: null };
    } finally {
      this.running = false;
    }
  }
}

/** SQLite's own text for each storage class; integers exact (safeIntegers), blobs as 0x hex. */
function sqliteCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return doubleText(value);
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return hexOf(value);
  return String(value);
}

/** An expression column has no declared type: name its storage class from the first value. */
function inferType(rows: Cell[][], column: number): string {
  for (const row of rows) {
    const v = row[column];
    if (v === null || v === undefined) continue;
    if (/^0x[0-9a-f]*$/.test(v)) return 'BLOB';
    if (/^-?\d+$/.test(v)) return 'INTEGER';
    if (/^-?\d+\.\d+(e[+-]?\d+)?$/i.test(v)) return 'REAL';
    return 'TEXT';
  }
  return '';
}

function describeSqliteError(err: unknown, sql: string): StatementFailure {
  const e = err as { code?: string };
  if (err instanceof DriverError) return { message: err.message };
  if (e.code === CANCELLED) return { message: 'The statement was cancelled.', cancelled: true };
  const text = messageOf(err);
  const near = /near "([^"]*)": syntax error/.exec(text)?.[1] ?? /no such (?:table|column|function): (\S+)/.exec(text)?.[1];
  return { message: e.code ? `${e.code}: ${text}` : text, errorPosition: near ? positionOfFragment(sql, near) : null };
}
