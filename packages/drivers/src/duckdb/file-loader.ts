/**
 * Loads data into a DuckDB database file owned by the server (an AI chat over an uploaded Excel/CSV
 * file): statements with the engine's own progress (CSV through read_csv streams inside DuckDB),
 * and rows appended in batches through DuckDB's appender (Excel rows read as a stream). It uses the
 * same cached instance as the driver's connect, so a later sandboxed connection sees the data.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { INSTANCE_SETTINGS } from './sandbox.js';

export interface DuckdbLoader {
  run(sql: string): Promise<void>;
  /** Rows as objects (small results only). */
  query(sql: string): Promise<Record<string, unknown>[]>;
  /** Runs a long statement, reporting DuckDB's progress (0..100) about every `everyMs`. */
  runWithProgress(sql: string, onProgress: (percent: number) => void, everyMs?: number): Promise<void>;
  /** Appends rows of text (or null) to an all-VARCHAR table. */
  append(table: string, rows: (string | null)[][]): Promise<void>;
  close(): void;
}

export async function openDuckdbLoader(file: string): Promise<DuckdbLoader> {
  const instance = await DuckDBInstance.fromCache(file, INSTANCE_SETTINGS);
  const conn: DuckDBConnection = await instance.connect();
  await conn.run('SET enable_progress_bar = true; SET enable_progress_bar_print = false; SET progress_bar_time = 0');
  return {
    async run(sql) {
      await conn.run(sql);
    },
    async query(sql) {
      return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
    },
    async runWithProgress(sql, onProgress, everyMs = 250) {
      const timer = setInterval(() => {
        const p = conn.progress.percentage;
        if (p >= 0) onProgress(Math.min(100, p));
      }, everyMs);
      try {
        await conn.run(sql);
      } finally {
        clearInterval(timer);
      }
    },
    async append(table, rows) {
      const appender = await conn.createAppender(table);
      try {
        for (const row of rows) {
          for (const v of row) {
            if (v === null) appender.appendNull();
            else appender.appendVarchar(v);
          }
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    close() {
      conn.closeSync();
    },
  };
}
