/**
 * One PostgreSQL session (one backend, one database): statements stream through pg-cursor in
 * batches, values stay in the server's text form, cancel runs pg_cancel_backend from a second
 * connection, and a dropped socket marks the session lost.
 */
import type pg from 'pg';
import type Cursor from 'pg-cursor';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions } from '../driver.js';
import type { BodyEvent, BodySummary, StatementFailure } from '../shared/statement-run.js';
import { messageOf } from '../shared/network-errors.js';
import { inputChunks } from '../shared/input-chunks.js';
import { positionFromCodePointOffset } from '../shared/position.js';
import { headerOf, type Cell } from '../values.js';
import { PgMetadata } from './metadata.js';
import { TypeNames, textTypes } from './types.js';
import { copyStatement } from './copy-statement.js';
import { copyBody } from './copy-query.js';
import { SafeCursor, pgFaultOf } from './fault-guard.js';
import { driverError } from '../messages.js';
import { readOnlyRound, type TextRows } from './read-only-round.js';

/** Codes after which the session is gone (admin shutdown, crash shutdown, cannot connect now). */
const FATAL_CODES = new Set(['57P01', '57P02', '57P03']);
const QUERY_CANCELED = '57014';
const MAX_FETCH = 5000;

export interface PgSessionDeps {
  client: pg.Client;
  dialect: Dialect;
  defaultSchema: string;
  /** Opens a short-lived second connection to the same server (for pg_cancel_backend). */
  openSide: () => Promise<pg.Client>;
}

export class PgSession {
  readonly metadata: PgMetadata;
  private lost = false;
  private closed = false;
  private readonly typeNames = new TypeNames();
  private appliedSchema: string | null = null;
  private cancelPending = false;
  private running = false;

  constructor(private readonly deps: PgSessionDeps) {
    const { client } = deps;
    const markLost = () => { this.lost = true; };
    client.on('error', markLost);
    client.on('end', markLost);
    this.metadata = new PgMetadata(
      async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      deps.dialect,
      () => this.appliedSchema ?? deps.defaultSchema,
    );
  }

  get broken(): boolean {
    return this.lost || this.closed || pgFaultOf(this.deps.client) !== undefined;
  }

  /** One statement with bound parameters (bulk import); the affected row count. */
  async runBound(sql: string, params: unknown[]): Promise<number> {
    return (await this.deps.client.query(sql, params)).rowCount ?? 0;
  }

  /** `COPY … FROM STDIN` fed with `input` (bulk import); the rows copied. */
  async runWithInput(sql: string, input: Buffer): Promise<{ rows: number; warnings: number }> {
    const copy = this.deps.client.query(copyStreams.from(sql));
    await pipeline(Readable.from(inputChunks(input)), copy);
    return { rows: copy.rowCount ?? 0, warnings: 0 };
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** The backend process id (pg_backend_pid). */
  get processId(): number {
    return (this.deps.client as pg.Client & { processID?: number }).processID ?? 0;
  }

  async cancel(): Promise<void> {
    if (!this.running) return;
    this.cancelPending = true;
    const side = await this.deps.openSide();
    try {
      await side.query('SELECT pg_cancel_backend($1)', [this.processId]);
    } finally {
      await side.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.deps.client.end().catch(() => undefined);
  }

  async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    const { client } = this.deps;
    this.running = true;
    this.cancelPending = false;
    const notices: string[] = [];
    const onNotice = (n: { severity?: string; message?: string }) => notices.push(`${n.severity ?? 'NOTICE'}: ${n.message ?? ''}`);
    client.on('notice', onNotice);
    let cursor: Cursor | null = null;
    let settled = false;
    // A read never waits on a connection that is gone (a guarded fault can leave a query object
    // that will not call back): the end of the connection fails the statement.
    let onEnd = () => undefined as void;
    const ended = new Promise<never>((_, reject) => { onEnd = () => reject(new Error('Connection terminated unexpectedly')); });
    ended.catch(() => undefined);
    client.once('end', onEnd);
    try {
      await this.typeNames.ensure(client);
      await this.applySchema(options.schemaName);
      if (this.cancelPending) throw Object.assign(new Error('canceling statement due to user request'), { code: QUERY_CANCELED });
      const copy = copyStatement(sql, this.deps.dialect);
      if (copy) {
        const summary = yield* copyBody(client, copy, this.deps.dialect, () => this.cancel());
        settled = true;
        return { ...summary, message: [...notices, summary.message].filter(Boolean).join('\n') };
      }
      cursor = client.query(new SafeCursor(sql, undefined, { rowMode: 'array', types: textTypes }));
      let fetch = Math.max(1, options.pageSize ?? 200);
      let first = true;
      let result: CursorResult | null = null;
      for (;;) {
        const batch = await Promise.race([readBatch(cursor, fetch), ended]);
        result = batch.result;
        if (first) {
          first = false;
          if (result.fields.length) {
            yield { type: 'header', columns: result.fields.map((f) => headerOf(this.deps.dialect, f.name, this.typeNames.nameOf(f.dataTypeID, f.dataTypeModifier))) };
          }
        }
        if (batch.rows.length) yield { type: 'rows', rows: batch.rows };
        if (batch.rows.length < fetch) break;
        // Start small so the first page arrives fast, then fetch more per round trip.
        fetch = Math.min(MAX_FETCH, fetch * 2);
      }
      settled = true;
      const hasRows = (result?.fields.length ?? 0) > 0;
      const tag = result?.command ? `${result.command}${result.rowCount !== null ? ' ' + result.rowCount : ''}` : '';
      return { updateCount: hasRows ? null : result?.rowCount ?? null, message: [...notices, tag].filter(Boolean).join('\n') };
    } catch (err) {
      settled = true;
      throw err;
    } finally {
      client.removeListener('notice', onNotice);
      client.removeListener('end', onEnd);
      this.running = false;
      // Closing the portal of an abandoned cursor frees the connection for the next statement.
      if (cursor && !settled && !this.broken) await cursor.close().catch(() => undefined);
    }
  }

  /** Runs the statement in the picked schema: search_path is set when the pick changes. */
  private async applySchema(schemaName: string | null | undefined): Promise<void> {
    if (!schemaName || schemaName === this.appliedSchema) return;
    await this.deps.client.query('SELECT set_config($1, $2, false)', ['search_path', this.searchPath(schemaName)]);
    this.appliedSchema = schemaName;
  }

  private searchPath(schemaName: string): string {
    return [this.deps.dialect.quoteIdentifier(schemaName, true), ...(schemaName === 'public' ? [] : ['public'])].join(', ');
  }

  /** See read-only-round.ts: the statements in one read-only transaction, one round trip, in `schemaName` (the session's own when unsaid). */
  async readOnlyRound(statements: string[], options: { schemaName?: string | null; timeoutMs?: number | null }): Promise<TextRows[]> {
    const schema = options.schemaName || this.appliedSchema;
    try {
      return await readOnlyRound(this.deps.client, statements, { searchPath: schema ? this.searchPath(schema) : null, timeoutMs: options.timeoutMs ?? null });
    } catch (e) {
      // Still in a transaction after the ROLLBACK (or a fatal code): the session must not be reused.
      if (this.deps.client.getTransactionStatus() !== 'I' || FATAL_CODES.has(String((e as { code?: string }).code))) this.lost = true;
      throw e;
    }
  }

  describeError(err: unknown, sql: string): StatementFailure {
    const fault = pgFaultOf(this.deps.client);
    if (fault) {
      this.lost = true;
      const reason = `the driver could not handle the server's answer (${fault.message}); the connection was closed.`;
      return { message: driverError('CONNECTION_LOST', { reason }).message, code: 'CONNECTION_LOST', params: { reason } };
    }
    const e = err as { code?: string; severity?: string; position?: string; detail?: string; hint?: string; copyNote?: string };
    if (e.code && FATAL_CODES.has(e.code)) this.lost = true;
    const text = messageOf(err);
    if (/Connection terminated|ECONNRESET|EPIPE|socket/i.test(text) && !e.code) this.lost = true;
    const lines = [e.severity ? `${e.severity}: ${text}` : text];
    if (e.detail) lines.push(`DETAIL: ${e.detail}`);
    if (e.hint) lines.push(`HINT: ${e.hint}`);
    if (e.copyNote) lines.push(e.copyNote);
    const offset = e.position ? Number(e.position) - 1 : -1;
    return {
      message: lines.join('\n'),
      errorPosition: offset >= 0 ? positionFromCodePointOffset(sql, offset) : null,
      cancelled: e.code === QUERY_CANCELED,
    };
  }
}

interface CursorResult { fields: { name: string; dataTypeID: number; dataTypeModifier: number }[]; command: string | null; rowCount: number | null }

function readBatch(cursor: Cursor, n: number): Promise<{ rows: Cell[][]; result: CursorResult }> {
  return new Promise((resolve, reject) => {
    cursor.read(n, (err: Error | undefined, rows: unknown[], result: unknown) => {
      if (err) reject(err);
      else resolve({ rows: rows as Cell[][], result: result as CursorResult });
    });
  });
}
