/**
 * Statements run in ONE read-only transaction, sent in ONE round trip: an extended-protocol pipeline
 * (Parse/Bind/Describe/Execute per statement) closed by a single Sync —
 * `BEGIN READ ONLY`, the transaction's settings, the statements, `ROLLBACK`.
 *
 * Why it is as safe as a read-only session: every statement is parsed on its own (the server refuses
 * a Parse holding two commands, so a statement cannot end the transaction and go on outside it);
 * after an error the server skips everything up to the Sync (nothing runs outside the block); and
 * the block is rolled back, so nothing persists. Used by the server's plan check (EXPLAIN, then the
 * scanned tables' columns), where planning may run a user function.
 */
import type pg from 'pg';

/** The text rows of one statement. */
export type TextRows = (string | null)[][];

interface Wire {
  parse(q: { text: string; name?: string; types?: number[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: (v: unknown) => unknown }): void;
  describe(m: { type: 'P' | 'S'; name?: string }): void;
  execute(c: { portal?: string; rows?: number }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
  stream: { cork?: () => void; uncork?: () => void };
}

interface Step { text: string; values?: unknown[]; keep: boolean }

/** A pg Submittable: the steps, one Sync; resolves with the kept steps' rows, rejects on the first error. */
class ReadOnlyRound {
  private readonly rows: TextRows[] = [];
  private current: TextRows = [];
  private step = 0;
  private failed: Error | null = null;
  readonly done: Promise<TextRows[]>;
  private settle!: { resolve: (r: TextRows[]) => void; reject: (e: Error) => void };

  constructor(private readonly steps: Step[]) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: Wire): Error | null {
    connection.stream.cork?.();
    try {
      for (const s of this.steps) {
        connection.parse({ text: s.text });
        connection.bind({ values: s.values ?? [], valueMapper: (v) => (v === null || v === undefined ? null : String(v)) });
        connection.describe({ type: 'P' });
        connection.execute({ rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(): void {}
  handleDataRow(msg: { fields: (string | null)[] }): void {
    this.current.push(msg.fields.map((f) => (f === null ? null : String(f))));
  }
  handleCommandComplete(): void {
    if (this.steps[this.step]?.keep) this.rows.push(this.current);
    this.current = [];
    this.step++;
  }
  handleEmptyQuery(): void {
    this.fail(new Error('empty statement'));
  }
  handlePortalSuspended(): void {
    this.fail(new Error('unexpected portal suspension'));
  }
  handleCopyInResponse(connection: Wire): void {
    connection.sendCopyFail('COPY is not run here');
  }
  handleCopyData(): void {}
  handleError(err: Error): void {
    // pg drops us as its active query on an error: the answer is settled now (ReadyForQuery follows).
    this.fail(err);
  }
  handleReadyForQuery(): void {
    if (this.failed) return;
    if (this.step !== this.steps.length) return this.fail(new Error('the round ended early'));
    this.settle.resolve(this.rows);
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.settle.reject(err);
  }
}

export interface ReadOnlyRoundOptions {
  /** search_path for the transaction (SET LOCAL), or null to keep the session's. */
  searchPath: string | null;
  /** statement_timeout for the transaction, ms (null: the session's). */
  timeoutMs: number | null;
}

/**
 * Runs `statements` (each ONE statement of text, no parameters) in one read-only transaction in one
 * round trip; their text rows, in order. Throws on the first failure, after making sure the session
 * is back outside any transaction (a ROLLBACK; if even that fails, the caller must drop the client).
 */
export async function readOnlyRound(client: pg.Client, statements: string[], options: ReadOnlyRoundOptions): Promise<TextRows[]> {
  const steps: Step[] = [{ text: 'BEGIN READ ONLY', keep: false }];
  if (options.searchPath !== null) steps.push({ text: "SELECT pg_catalog.set_config('search_path', $1, true)", values: [options.searchPath], keep: false });
  if (options.timeoutMs !== null) steps.push({ text: "SELECT pg_catalog.set_config('statement_timeout', $1, true)", values: [`${Math.max(1, Math.round(options.timeoutMs))}ms`], keep: false });
  for (const text of statements) steps.push({ text, keep: true });
  steps.push({ text: 'ROLLBACK', keep: false });
  const round = new ReadOnlyRound(steps);
  void client.query(round as unknown as pg.QueryConfig);
  try {
    return await round.done;
  } catch (e) {
    // Sent after the server's ReadyForQuery (pg queues it): ends the failed block; harmless when none is open.
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
