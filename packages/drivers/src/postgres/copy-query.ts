/**
 * COPY the way psql runs it, on pg's own connection (simple query protocol): `COPY … FROM STDIN`
 * sends the data lines the script carried and reports the row count; `COPY … TO STDOUT` streams
 * what the server sends as a result of one text column, `line` — one row per line the server
 * wrote, exactly as written (text or CSV, with the statement's own options: delimiter, quoting,
 * NULL marker, header line); binary format shows each data message as `\x…` hex. Memory stays
 * bounded: the socket is paused while the consumer is behind.
 */
import type pg from 'pg';
import type { Dialect } from '@askdb/sql';
import type { BodyEvent, BodySummary } from '../shared/statement-run.js';
import { PushQueue } from '../shared/push-queue.js';
import { inputChunks } from '../shared/input-chunks.js';
import { headerOf } from '../values.js';
import type { CopyStatement } from './copy-statement.js';

/** The parts of pg's Connection a COPY talks to. */
interface Wire {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  stream: { pause(): void; resume(): void };
  on(event: 'copyOutResponse', listener: (msg: { binary: boolean }) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
}

const HIGH_WATER = 2000;

/** A pg "submittable" (what client.query accepts besides text) for one COPY. */
class CopyQuery {
  readonly queue: PushQueue<Buffer>;
  command: string | null = null;
  binary = false;
  copyOut = false;
  /** The server asked for the data (CopyInResponse), so the data block was sent. */
  dataSent = false;
  private wire: Wire | null = null;
  private discarding = false;
  private readonly onCopyOut = (msg: { binary: boolean }) => { this.copyOut = true; this.binary = msg.binary; };

  constructor(readonly text: string, private readonly data: string | null) {
    this.queue = new PushQueue<Buffer>(HIGH_WATER, () => this.wire?.stream.pause(), () => this.wire?.stream.resume());
  }

  submit(connection: Wire): void {
    this.wire = connection;
    connection.on('copyOutResponse', this.onCopyOut);
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Wire): void {
    this.dataSent = true;
    if (this.data) for (const chunk of inputChunks(Buffer.from(this.data, 'utf8'))) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCopyData(msg: { chunk: Buffer }): void {
    if (!this.discarding) this.queue.push(msg.chunk);
  }

  handleCommandComplete(msg: { text: string }): void {
    this.command = msg.text;
  }

  // A COPY answers with none of these; they are accepted so no server answer can break the protocol.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  handleError(err: unknown): void {
    this.detach();
    this.queue.fail(err);
  }

  handleReadyForQuery(): void {
    this.detach();
    this.queue.end();
  }

  /** The consumer is gone: drop the rest of the output and let the socket flow to the end. */
  discard(): void {
    this.discarding = true;
    this.wire?.stream.resume();
  }

  /** Resolves once the server has ended the COPY (success or error). */
  async settled(): Promise<void> {
    try {
      for await (const _ of this.queue) { /* drained */ }
    } catch { /* the failure was the statement's */ }
  }

  private detach(): void {
    this.wire?.removeListener('copyOutResponse', this.onCopyOut as never);
  }
}

/** Runs one COPY on `client`; `cancel` stops the backend when the consumer leaves early. */
export async function* copyBody(client: pg.Client, stmt: CopyStatement, dialect: Dialect, cancel: () => Promise<void>): AsyncGenerator<BodyEvent, BodySummary> {
  const q = new CopyQuery(stmt.command, stmt.data);
  client.query(q as never);
  let finished = false;
  let header = false;
  const headerEvent = (): BodyEvent => ({ type: 'header', columns: [headerOf(dialect, 'line', 'text')] });
  try {
    for await (const chunk of q.queue) {
      if (!header) { header = true; yield headerEvent(); }
      yield { type: 'rows', rows: [[q.binary ? '\\x' + chunk.toString('hex') : lineOf(chunk)]] };
    }
    finished = true;
  } catch (err) {
    // Refused before it read its data (no such table, bad options): the data block was skipped.
    // psql would read those lines as SQL; they are data here, and the user is told so.
    if (stmt.data && !q.dataSent && err && typeof err === 'object') {
      const lines = stmt.data.split('\n').length - 1;
      (err as { copyNote?: string }).copyNote = `The ${lines} data line(s) after this COPY, up to \\., were not loaded.`;
    }
    throw err;
  } finally {
    if (!finished && !q.queue.isEnded) {
      q.discard();
      await cancel().catch(() => undefined);
      await q.settled();
    }
  }
  if (q.copyOut && !header) yield headerEvent();
  const count = /^COPY (\d+)$/.exec(q.command ?? '');
  const rows = count ? Number(count[1]) : null;
  return { updateCount: q.copyOut ? null : rows, message: q.command ?? '' };
}

/** A line the server wrote, without its line end. */
function lineOf(chunk: Buffer): string {
  let end = chunk.length;
  if (end && chunk[end - 1] === 10) end--;
  if (end && chunk[end - 1] === 13) end--;
  return chunk.toString('utf8', 0, end);
}
