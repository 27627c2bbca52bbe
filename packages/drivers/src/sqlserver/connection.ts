/**
 * A SQL Server connection: an mssql pool of one (so the session and its USE stay put), requests in
 * stream mode with array rows and backpressure (request.pause/resume), cancel through tedious'
 * ATTENTION (request.cancel), errors with SQL Server's number and line.
 */
import type { ConnectionPool, Request } from 'mssql';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions, Metadata } from '../driver.js';
import { PushQueue } from '../shared/push-queue.js';
import { messageOf } from '../shared/network-errors.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { headerOf, type Cell } from '../values.js';
import { SqlServerMetadata } from './metadata.js';
import { nativeTypeOf, sqlServerCell, type SqlServerColumn } from './values.js';
import { RunnerConnection } from '../shared/runner-connection.js';

const CHUNK = 500;
type Item = { kind: 'columns'; columns: SqlServerColumn[] } | { kind: 'rows'; rows: Cell[][] } | { kind: 'count'; n: number };

export class SqlServerConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private current: Request | null = null;
  private closed = false;
  private appliedDatabase: string | null;
  protected readonly runner: StatementRunner;

  constructor(private readonly pool: ConnectionPool, private readonly dialect: Dialect, private readonly tunnel: Tunnel | null, database: string | null) {
    super();
    this.appliedDatabase = database;
    this.metadata = new SqlServerMetadata(async <T>(sql: string, params: Record<string, unknown> = {}) => {
      const request = pool.request();
      request.stream = false;
      request.arrayRowMode = false;
      for (const [k, v] of Object.entries(params)) request.input(k, v);
      return (await request.query(sql)).recordset as unknown as T[];
    }, dialect, () => this.appliedDatabase);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: async () => { this.current?.cancel(); },
      describeError: (err) => describeSqlServerError(err),
    });
  }

  get broken(): boolean {
    return this.closed || !this.pool.connected || (this.tunnel?.closed ?? false);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.close().catch(() => undefined);
    await this.tunnel?.close();
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    if (options.databaseName && options.databaseName !== this.appliedDatabase) {
      await this.pool.request().batch(`USE ${this.dialect.quoteIdentifier(options.databaseName, true)}`);
      this.appliedDatabase = options.databaseName;
    }
    // The base class's `EXPLAIN <statement>`: SQL Server has no EXPLAIN, so it becomes SHOWPLAN_TEXT
    // (which must be alone in its batch: ON, the statement, OFF, as three batches).
    const explained = /^\s*EXPLAIN\s+([\s\S]+)$/i.exec(sql);
    if (explained) {
      await this.pool.request().batch('SET SHOWPLAN_TEXT ON');
      try {
        return yield* this.body(explained[1]!, options);
      } finally {
        await this.pool.request().batch('SET SHOWPLAN_TEXT OFF').catch(() => undefined);
      }
    }
    const request = this.pool.request();
    request.stream = true;
    request.arrayRowMode = true;
    this.current = request;
    const q = new PushQueue<Item>(4, () => request.pause(), () => request.resume());
    let columns: SqlServerColumn[] | null = null;
    let chunk: Cell[][] = [];
    const flush = () => { if (chunk.length) { q.push({ kind: 'rows', rows: chunk }); chunk = []; } };
    request.on('recordset', (cols: SqlServerColumn[]) => { flush(); columns = cols; q.push({ kind: 'columns', columns: cols }); });
    request.on('row', (row: unknown[]) => {
      try {
        chunk.push(row.map((v, i) => sqlServerCell(v, columns![i]!)));
        if (chunk.length >= CHUNK) flush();
      } catch (err) { q.fail(err); }
    });
    request.on('rowsaffected', (n: number) => q.push({ kind: 'count', n }));
    request.on('error', (err: unknown) => { flush(); q.fail(err); });
    request.on('done', () => { flush(); q.end(); });
    void request.batch(sql).catch(() => undefined);
    let sets = 0;
    let affected: number | null = null;
    try {
      for await (const item of q) {
        if (item.kind === 'columns') {
          sets++;
          if (sets === 1) yield { type: 'header', columns: item.columns.map((c) => headerOf(this.dialect, c.name, nativeTypeOf(c))) };
        } else if (item.kind === 'rows') {
          if (sets === 1) yield { type: 'rows', rows: item.rows };
        } else {
          affected = (affected ?? 0) + item.n;
        }
      }
      return { updateCount: sets ? null : affected };
    } finally {
      if (!q.isEnded) request.cancel();
      this.current = null;
    }
  }
}

function describeSqlServerError(err: unknown): StatementFailure {
  const e = err as { code?: string; number?: number; lineNumber?: number; state?: number; class?: number; originalError?: { info?: { number?: number; lineNumber?: number } } };
  const text = messageOf(err);
  if (e.code === 'ECANCEL') return { message: 'The statement was cancelled.', cancelled: true };
  const number = e.number ?? e.originalError?.info?.number;
  const line = e.lineNumber ?? e.originalError?.info?.lineNumber;
  return {
    message: number ? `Msg ${number}, Level ${e.class ?? 16}, State ${e.state ?? 1}, Line ${line ?? 1}\n${text}` : text,
    errorPosition: line ? { line, column: 1 } : null,
  };
}
