/**
 * The part of `Connection.execute` every engine shares: timing, cancel through the abort signal,
 * re-batching rows into `pageSize` events, and turning a failure into the final `done` event.
 * An engine supplies only its statement body (a generator of header and row chunks) and how to
 * read its errors.
 */
import { LIMITS } from '@askdb/contracts';
import type { ExecuteOptions, ResultEvent } from '../driver.js';
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
}

export interface StatementEngine {
  /** Runs the statement; yields the header (when it returns rows) and row chunks of any size. */
  body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary>;
  /** Cancels in the database (called on abort). */
  cancel(): Promise<void>;
  describeError(err: unknown, sql: string): StatementFailure;
}

export const CANCELLED_MESSAGE = 'The statement was cancelled.';

/** Runs one statement through `engine` and yields the contract's events, ending with exactly one `done`. */
export async function* runStatement(engine: StatementEngine, sql: string, options: ExecuteOptions = {}): AsyncGenerator<ResultEvent> {
  const started = performance.now();
  const pageSize = Math.max(1, options.pageSize ?? LIMITS.defaultExecutePageSize);
  const elapsed = () => Math.round(performance.now() - started);
  const signal = options.signal;
  if (signal?.aborted) {
    yield { type: 'done', success: false, updateCount: null, durationMs: 0, message: CANCELLED_MESSAGE, cancelled: true, errorPosition: null };
    return;
  }
  let cancelRequested = false;
  const onAbort = () => {
    cancelRequested = true;
    void engine.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
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
        if (cancelRequested) throw new CancelledError();
      }
    } finally {
      // A consumer that stops early (or an abort) must release the engine's cursor.
      await body.return?.(undefined as never).catch(() => undefined);
    }
    if (pending.length) { yield { type: 'rows', rows: pending }; pending = []; }
    // Some engines end an interrupted statement without an error (MySQL's SLEEP returns 1 when
    // killed): a statement that was cancelled while running still reports the cancel.
    if (cancelRequested) throw new CancelledError();
    yield { type: 'done', success: true, updateCount: summary.updateCount, durationMs: elapsed(), message: summary.message ?? '', errorPosition: null };
  } catch (err) {
    if (pending.length) { yield { type: 'rows', rows: pending }; pending = []; }
    const failure = err instanceof CancelledError ? { message: CANCELLED_MESSAGE, cancelled: true } : safeDescribe(engine, err, sql);
    const cancelled = cancelRequested || !!failure.cancelled;
    yield {
      type: 'done', success: false, updateCount: null, durationMs: elapsed(),
      message: cancelled && !failure.message ? CANCELLED_MESSAGE : failure.message,
      errorPosition: failure.errorPosition ?? null, cancelled: cancelled || undefined,
    };
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

class CancelledError extends Error {}

function safeDescribe(engine: StatementEngine, err: unknown, sql: string): StatementFailure {
  try {
    return engine.describeError(err, sql);
  } catch {
    return { message: messageOf(err) };
  }
}

/**
 * Appends `rows` to `pending` and returns every full page; what is left stays in `pending`.
 * A chunk that is exactly one page passes through without copying.
 */
function rebatch(pending: Cell[][], rows: Cell[][], pageSize: number): Cell[][][] {
  if (!pending.length && rows.length === pageSize) return [rows];
  const pages: Cell[][][] = [];
  for (const row of rows) {
    pending.push(row);
    if (pending.length === pageSize) pages.push(pending.splice(0, pageSize));
  }
  return pages;
}
