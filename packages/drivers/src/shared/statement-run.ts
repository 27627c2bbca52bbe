/**
 * The part of `Connection.execute` every engine shares: timing, cancel through the abort signal,
 * re-batching rows into `pageSize` events, and turning a failure into the final `done` event.
 * An engine supplies only its statement body (a generator of header and row chunks) and how to
 * read its errors.
 */
import { LIMITS } from '@askdb/contracts';
import { DriverError, type DriverErrorCode, type ExecuteOptions, type ResultEvent } from '../driver.js';
import type { Cell } from '../values.js';
import { messageOf } from './network-errors.js';

export type BodyEvent = { type: 'header'; columns: Extract<ResultEvent, { type: 'header' }>['columns'] } | { type: 'rows'; rows: Cell[][] };
export interface BodySummary { updateCount: number | null; message?: string }

/** What an engine says about an error thrown by its body. */
export interface StatementFailure {
  message: string;
  errorPosition?: { line: number; column: number } | null;
  /** The engine reports the statement as cancelled (e.g. 57014, ER_QUERY_INTERRUPTED). */
  cancelled?: boolean;
  /** Our own wording of the failure (driverMessages), shown in the user's language by the server. */
  code?: DriverErrorCode;
  params?: Record<string, string | number>;
}

export interface StatementEngine {
  /** Runs the statement; yields the header (when it returns rows) and row chunks of any size. */
  body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary>;
  /** Cancels in the database (called on abort). */
  cancel(): Promise<void>;
  describeError(err: unknown, sql: string): StatementFailure;
}

export const CANCELLED_MESSAGE = 'The statement was cancelled.';

/**
 * Runs a connection's statements one at a time through its engine. `cancel()` (the server's
 * cancel) and the abort signal do the same thing: cancel in the database and report the
 * statement as cancelled, even when the engine ends it without an error.
 */
export class StatementRunner {
  private current: { cancelRequested: boolean } | null = null;

  constructor(private readonly engine: StatementEngine) {}

  run(sql: string, options: ExecuteOptions = {}): AsyncGenerator<ResultEvent> {
    const state = { cancelRequested: false };
    return runStatement(this.engine, sql, options, state, (active) => { this.current = active ? state : null; });
  }

  async cancel(): Promise<void> {
    if (!this.current) return;
    this.current.cancelRequested = true;
    await this.engine.cancel();
  }
}

/** Runs one statement through `engine` and yields the contract's events, ending with exactly one `done`. */
export async function* runStatement(
  engine: StatementEngine, sql: string, options: ExecuteOptions = {},
  state: { cancelRequested: boolean } = { cancelRequested: false }, onActive: (active: boolean) => void = () => undefined,
): AsyncGenerator<ResultEvent> {
  const started = performance.now();
  const pageSize = Math.max(1, options.pageSize ?? LIMITS.defaultExecutePageSize);
  const elapsed = () => Math.round(performance.now() - started);
  const signal = options.signal;
  if (signal?.aborted) {
    yield { type: 'done', success: false, updateCount: null, durationMs: 0, message: CANCELLED_MESSAGE, cancelled: true, errorPosition: null };
    return;
  }
  const onAbort = () => {
    state.cancelRequested = true;
    void engine.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  onActive(true);
  let pending: Cell[][] = [];
  try {
    let summary: BodySummary;
    const body = engine.body(sql, options);
    try {
      for (;;) {
        const step = await body.next();
        if (step.done) { summary = step.value; break; }
        const event = step.value;
        if (event.type === 'header') {
          yield { type: 'header', columns: event.columns };
          continue;
        }
        for (const batch of rebatch(pending, event.rows, pageSize)) yield { type: 'rows', rows: batch };
        if (state.cancelRequested) throw new CancelledError();
      }
    } finally {
      // A consumer that stops early (or an abort) must release the engine's cursor.
      await body.return?.(undefined as never).catch(() => undefined);
    }
    if (pending.length) { yield { type: 'rows', rows: pending }; pending = []; }
    // Some engines end an interrupted statement without an error (MySQL's SLEEP returns 1 when
    // killed): a statement that was cancelled while running still reports the cancel.
    if (state.cancelRequested) throw new CancelledError();
    yield { type: 'done', success: true, updateCount: summary.updateCount, durationMs: elapsed(), message: summary.message ?? '', errorPosition: null };
  } catch (err) {
    if (pending.length) { yield { type: 'rows', rows: pending }; pending = []; }
    const failure = err instanceof CancelledError ? { message: CANCELLED_MESSAGE, cancelled: true } : safeDescribe(engine, err, sql);
    const cancelled = state.cancelRequested || !!failure.cancelled;
    yield {
      type: 'done', success: false, updateCount: null, durationMs: elapsed(),
      // A cancel always says so first; the engine's own words (ERROR 1317 …) follow when they differ.
      message: !cancelled ? failure.message : failure.message && failure.message !== CANCELLED_MESSAGE ? `${CANCELLED_MESSAGE}\n${failure.message}` : CANCELLED_MESSAGE,
      errorPosition: failure.errorPosition ?? null, cancelled: cancelled || undefined,
      ...(!cancelled && failure.code ? { code: failure.code, params: failure.params } : {}),
    };
  } finally {
    onActive(false);
    signal?.removeEventListener('abort', onAbort);
  }
}

class CancelledError extends Error {}

function safeDescribe(engine: StatementEngine, err: unknown, sql: string): StatementFailure {
  // Our own refusals (a file outside the sandbox, …) keep their code, whatever the engine.
  if (err instanceof DriverError) return { message: err.message, code: err.code, params: err.params };
  try {
    return engine.describeError(err, sql);
  } catch {
    return { message: messageOf(err) };
  }
}

/**
 * Appends `rows` to `pending` and returns every full page; what is left stays in `pending`.
 * Pages are cut with slice (no per-row copying); a chunk that is exactly one page passes through.
 */
function rebatch(pending: Cell[][], rows: Cell[][], pageSize: number): Cell[][][] {
  if (!pending.length && rows.length === pageSize) return [rows];
  const pages: Cell[][][] = [];
  let at = 0;
  if (pending.length) {
    const take = Math.min(pageSize - pending.length, rows.length);
    for (let i = 0; i < take; i++) pending.push(rows[i]!);
    at = take;
    if (pending.length < pageSize) return pages;
    pages.push(pending.splice(0, pageSize));
  }
  for (; at + pageSize <= rows.length; at += pageSize) pages.push(rows.slice(at, at + pageSize));
  for (; at < rows.length; at++) pending.push(rows[at]!);
  return pages;
}
