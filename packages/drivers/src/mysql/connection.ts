/**
 * A MySQL-wire connection: rows stream from mysql2's row events with backpressure (the socket is
 * paused while the consumer is behind), cells arrive as raw text bytes (typeCast off), cancel is
 * KILL QUERY from a second connection, and a fatal error marks the connection broken.
 */
import { Readable } from 'node:stream';
import type { Dialect } from '@askdb/sql';
import type { Connection, ExecuteOptions, Metadata } from '../driver.js';
import { PushQueue } from '../shared/push-queue.js';
import { messageOf } from '../shared/network-errors.js';
import { inputChunks } from '../shared/input-chunks.js';
import { positionFromOffset, positionOfFragment } from '../shared/position.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import type { Cell } from '../values.js';
import type { RawMysql } from './connect.js';
import { MysqlMetadata } from './metadata.js';
import { headersOf, makeRowDecoder, type MysqlField } from './types.js';
import { RunnerConnection } from '../shared/runner-connection.js';
import { driverError } from '../messages.js';

const CHUNK = 500;
const HIGH_WATER_CHUNKS = 4;
const INTERRUPTED = new Set([1317, 3024, 1969]);

type Item = { kind: 'fields'; fields: MysqlField[] } | { kind: 'rows'; rows: Cell[][] } | { kind: 'ok'; header: OkPacket };
interface OkPacket { affectedRows?: number; info?: string; warningStatus?: number }

export interface MysqlConnectionDeps {
  conn: RawMysql;
  dialect: Dialect;
  tunnel: Tunnel | null;
  defaultDatabase: string | null;
  openSide: () => Promise<RawMysql>;
}

export class MysqlConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private lost = false;
  private lostError: unknown = null;
  private closed = false;
  private running = false;
  private cancelPending = false;
  private appliedDatabase: string | null;
  protected readonly runner: StatementRunner;

  constructor(private readonly deps: MysqlConnectionDeps) {
    super();
    this.appliedDatabase = deps.defaultDatabase;
    const markLost = () => { this.lost = true; };
    deps.conn.on('error', (err: { fatal?: boolean }) => {
      if (err?.fatal === false) return;
      this.lostError ??= err;
      markLost();
    });
    deps.conn.on('end', markLost);
    const handshake = (deps.conn as unknown as { _handshakePacket?: { serverVersion?: string } })._handshakePacket;
    const isMariaDb = /mariadb/i.test(handshake?.serverVersion ?? '');
    this.metadata = new MysqlMetadata(
      (sql, params) => new Promise((resolve, reject) => {
        deps.conn.query({ sql, values: params }, (err, rows) => (err ? reject(err) : resolve(rows as never)));
      }),
      deps.dialect,
      () => this.appliedDatabase,
      isMariaDb,
    );
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: () => this.cancelInDatabase(),
      describeError: (err, sql) => this.describeError(err, sql),
    });
  }

  get broken(): boolean {
    return this.lost || this.closed || (this.deps.tunnel?.closed ?? false);
  }

  /** One statement with bound parameters (bulk import; names are qualified, so no USE); the affected row count. */
  runBound(sql: string, params: unknown[]): Promise<number> {
    return new Promise((resolve, reject) => {
      this.deps.conn.query({ sql, values: params }, (err, res) => (err ? reject(err) : resolve(Number((res as OkPacket)?.affectedRows ?? 0))));
    });
  }

  /** `LOAD DATA LOCAL INFILE` fed with `input` whatever file the server names (bulk import); rows loaded and warnings. */
  runWithInput(sql: string, input: Buffer): Promise<{ rows: number; warnings: number }> {
    return new Promise((resolve, reject) => {
      const infileStreamFactory = () => Readable.from(inputChunks(input));
      this.deps.conn.query({ sql, infileStreamFactory } as Parameters<RawMysql['query']>[0], (err: unknown, res: unknown) => {
        if (err) return reject(err);
        const ok = res as OkPacket;
        resolve({ rows: Number(ok?.affectedRows ?? 0), warnings: Number(ok?.warningStatus ?? 0) });
      });
    });
  }

  private async cancelInDatabase(): Promise<void> {
    if (!this.running) return;
    this.cancelPending = true;
    await this.killQuery();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => this.deps.conn.end(() => resolve()));
    this.deps.conn.destroy();
    await this.deps.tunnel?.close();
  }

  private async killQuery(): Promise<void> {
    const side = await this.deps.openSide();
    try {
      await new Promise<void>((resolve, reject) => side.query('KILL QUERY ?', [this.deps.conn.threadId], (err) => (err ? reject(err) : resolve())));
    } finally {
      side.destroy();
    }
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    const { conn, dialect } = this.deps;
    this.running = true;
    this.cancelPending = false;
    let abandoned = false;
    let queue: PushQueue<Item> | null = null;
    let ended: Promise<void> = Promise.resolve();
    let onLost: ((err?: unknown) => void) | null = null;
    try {
      await this.applyDatabase(options.databaseName);
      if (this.cancelPending) throw Object.assign(new Error('Query execution was interrupted'), { errno: 1317 });
      const q = queue = new PushQueue<Item>(HIGH_WATER_CHUNKS, () => conn.pause(), () => conn.resume());
      let decode: ((row: (Buffer | null)[]) => Cell[]) | null = null;
      let chunk: Cell[][] = [];
      // Once abandoned nothing is queued: a push could pause the socket again, and a paused
      // mysql2 connection holds the next statement's answer forever.
      const flush = () => { if (chunk.length && !abandoned) q.push({ kind: 'rows', rows: chunk }); chunk = []; };
      // A query without a callback is not told when the connection dies (KILL, network): the
      // connection is, so the statement ends with that error instead of waiting forever. Listened
      // to before the query starts: mysql2 can fail the connection inside conn.query() itself
      // (a statement it cannot encode after `SET NAMES dec8`), before the query has listeners.
      onLost = (err?: unknown) => q.fail(err ?? Object.assign(new Error('Connection lost: the server closed the connection.'), { fatal: true }));
      conn.on('error', onLost);
      conn.on('end', onLost);
      const query = conn.query({ sql, rowsAsArray: true, typeCast: false });
      if (this.lost) q.fail(this.lostError ?? Object.assign(new Error('Connection lost: the server closed the connection.'), { fatal: true }));
      ended = new Promise<void>((resolve) => { query.once('end', resolve); query.once('error', () => resolve()); });
      query.on('fields', (fields: MysqlField[] | undefined) => {
        // mysql2 also emits 'fields' (undefined) for statements without a result set.
        if (abandoned || !fields) return;
        flush();
        decode = makeRowDecoder(fields);
        q.push({ kind: 'fields', fields });
      });
      query.on('result', (row: unknown) => {
        if (abandoned) return;
        try {
          if (Array.isArray(row)) {
            chunk.push(decode!(row as (Buffer | null)[]));
            if (chunk.length >= CHUNK) flush();
          } else {
            flush();
            q.push({ kind: 'ok', header: row as OkPacket });
          }
        } catch (err) {
          // A throw inside mysql2's event would be lost and the statement would never end.
          q.fail(err);
        }
      });
      query.on('error', (err: Error) => { flush(); q.fail(err); });
      query.on('end', () => { flush(); q.end(); });

      let resultSets = 0;
      let ok: OkPacket | null = null;
      for await (const item of q) {
        if (item.kind === 'fields') {
          resultSets++;
          if (resultSets === 1) yield { type: 'header', columns: headersOf(dialect, item.fields) };
        } else if (item.kind === 'rows') {
          // Only the first result set is shown (CALL may return several).
          if (resultSets === 1) yield { type: 'rows', rows: item.rows };
        } else {
          ok = item.header;
        }
      }
      const warnings = ok?.warningStatus ? `${ok.warningStatus} warning(s)` : '';
      return { updateCount: resultSets > 0 ? null : ok?.affectedRows ?? 0, message: [ok?.info, warnings].filter(Boolean).join('\n') };
    } finally {
      this.running = false;
      if (onLost) { conn.removeListener('error', onLost); conn.removeListener('end', onLost); }
      if (queue && !queue.isEnded && !this.broken) {
        // The consumer stopped early: stop the server work, drop what still arrives.
        abandoned = true;
        conn.resume();
        await this.killQuery().catch(() => undefined);
        // Wait for the killed statement to end, so the KILL cannot reach the next one.
        await ended;
        conn.resume();
      }
    }
  }

  private async applyDatabase(database: string | null | undefined): Promise<void> {
    if (!database || database === this.appliedDatabase) return;
    const sql = `USE ${this.deps.dialect.quoteIdentifier(database, true)}`;
    await new Promise<void>((resolve, reject) => this.deps.conn.query(sql, (err) => (err ? reject(err) : resolve())));
    this.appliedDatabase = database;
  }

  private describeError(err: unknown, sql: string): StatementFailure {
    const e = err as { errno?: number; sqlState?: string; sqlMessage?: string; fatal?: boolean; code?: string };
    if (e.fatal || e.code === 'PROTOCOL_CONNECTION_LOST' || e.errno === 1927) this.lost = true;
    const charset = /Encoding not recognized: '([^']+)'/.exec(messageOf(err));
    if (charset) {
      this.lost = true;
      const reason = `the session's character set (${charset[1]}, set by SET NAMES or SET CHARACTER SET) is one AskDB cannot send statements in; the connection was closed and the next statement opens a new one.`;
      return { message: driverError('CONNECTION_LOST', { reason }).message, code: 'CONNECTION_LOST', params: { reason } };
    }
    const text = e.sqlMessage ?? messageOf(err);
    const message = e.errno && e.sqlState ? `ERROR ${e.errno} (${e.sqlState}): ${text}` : text;
    return { message, errorPosition: syntaxErrorPosition(text, sql), cancelled: !!e.errno && INTERRUPTED.has(e.errno) };
  }
}

/** MySQL reports `… near 'FRM orders' at line 2`: the fragment is found on that line. */
export function syntaxErrorPosition(message: string, sql: string): { line: number; column: number } | null {
  const m = /near '([\s\S]*)' at line (\d+)\s*$/.exec(message);
  if (!m) return null;
  const line = Number(m[2]);
  if (m[1] === '') return positionFromOffset(sql, sql.trimEnd().length);
  return positionOfFragment(sql, m[1]!.slice(0, 40), line);
}
