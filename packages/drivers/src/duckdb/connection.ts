/**
 * A DuckDB connection (@duckdb/node-api): results stream chunk by chunk (fetchChunk), each value
 * in DuckDB's own text form, and cancel is the engine's interrupt().
 */
import { DuckDBBlobValue, DuckDBTypeId, ResultReturnType, type DuckDBConnection } from '@duckdb/node-api';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions, Metadata } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { doubleText, floatText, headerOf, hexOf, type Cell } from '../values.js';
import { DuckdbMetadata } from './metadata.js';
import { permissionFailure } from './sandbox.js';
import { RunnerConnection } from '../shared/runner-connection.js';

export class DuckdbConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private running = false;
  private cancelRequested = false;
  private closed = false;
  private applied = '';
  protected readonly runner: StatementRunner;

  constructor(private readonly conn: DuckDBConnection, private readonly dialect: Dialect, private readonly onClose: () => void) {
    super();
    this.metadata = new DuckdbMetadata(async <T>(sql: string, params?: unknown[]) => {
      const reader = await conn.runAndReadAll(sql, params as never);
      return reader.getRowObjectsJS() as T[];
    }, dialect);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: async () => {
        if (!this.running) return;
        this.cancelRequested = true;
        conn.interrupt();
      },
      describeError: (err) => describeDuckdbError(err),
    });
  }

  get broken(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.conn.closeSync();
    this.onClose();
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    this.running = true;
    this.cancelRequested = false;
    try {
      await this.applyLocation(options);
      const result = await this.conn.stream(sql);
      if (result.returnType === ResultReturnType.CHANGED_ROWS) return { updateCount: Number(result.rowsChanged) };
      if (result.returnType !== ResultReturnType.QUERY_RESULT) return { updateCount: null };
      const names = result.columnNames();
      const types = result.columnTypes();
      const ids = types.map((t) => t.typeId);
      yield { type: 'header', columns: names.map((n, i) => headerOf(this.dialect, n, types[i]!.toString())) };
      for (;;) {
        if (this.cancelRequested) throw new Error('INTERRUPT Error: Interrupted!');
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        yield { type: 'rows', rows: chunk.getRows().map((row) => row.map((v, i) => duckdbCell(v, ids[i]!))) };
      }
      return { updateCount: null };
    } finally {
      this.running = false;
    }
  }

  /** `USE db.schema` when the picked database or schema changes. */
  private async applyLocation(options: ExecuteOptions): Promise<void> {
    const parts = [options.databaseName, options.schemaName].filter((p): p is string => !!p);
    const target = parts.map((p) => this.dialect.quoteIdentifier(p, true)).join('.');
    if (!target || target === this.applied) return;
    await this.conn.run(`USE ${target}`);
    this.applied = target;
  }
}

/** DuckDB's text for a value: its own toString, exact numbers, blobs as 0x hex. */
export function duckdbCell(value: unknown, typeId: DuckDBTypeId): Cell {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string': return value;
    case 'bigint': return value.toString();
    case 'boolean': return value ? 'true' : 'false';
    case 'number':
      if (typeId === DuckDBTypeId.FLOAT) return floatText(value);
      if (typeId === DuckDBTypeId.DOUBLE) return doubleText(value);
      return String(value);
    default:
      break;
  }
  if (value instanceof DuckDBBlobValue) return hexOf(value.bytes);
  return String(value);
}

function describeDuckdbError(err: unknown): StatementFailure {
  const text = messageOf(err);
  if (/^INTERRUPT Error|Interrupted!/.test(text)) return { message: 'The statement was cancelled.', cancelled: true };
  const refused = permissionFailure(text);
  if (refused) return { message: refused.message, code: refused.code, params: refused.params, errorPosition: caretPosition(text) };
  const [message] = text.split(/\n\nLINE \d+:/);
  return { message: message!.trim(), errorPosition: caretPosition(text) };
}

/** DuckDB marks the error with `LINE n: <text>` and a caret under the column. */
function caretPosition(text: string): { line: number; column: number } | null {
  const m = /LINE (\d+): (.*)\n( *)\^/.exec(text);
  if (!m) return null;
  const prefix = `LINE ${m[1]}: `.length;
  const column = m[3]!.length - prefix + 1;
  // A long line is shown as a window starting with "...": the caret column is then relative.
  return m[2]!.startsWith('...') ? null : { line: Number(m[1]), column };
}
