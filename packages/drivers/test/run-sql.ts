/** Test helpers: run statements through a Connection and collect what a user would see. */
import type { DatabaseType, ResultHeader } from '@askdb/contracts';
import { dialectFor, splitStatements } from '@askdb/sql';
import type { Connection, ExecuteOptions, ResultEvent } from '../src/driver.js';

export interface Collected {
  header: ResultHeader[] | null;
  rows: (string | null)[][];
  batches: number[];
  done: Extract<ResultEvent, { type: 'done' }>;
}

export async function collect(conn: Connection, sql: string, options?: ExecuteOptions): Promise<Collected> {
  let header: ResultHeader[] | null = null;
  const rows: (string | null)[][] = [];
  const batches: number[] = [];
  let done: Collected['done'] | null = null;
  for await (const e of conn.execute(sql, options)) {
    if (e.type === 'header') header = e.columns;
    else if (e.type === 'rows') { rows.push(...e.rows); batches.push(e.rows.length); }
    else done = e;
  }
  if (!done) throw new Error('no done event');
  return { header, rows, batches, done };
}

/** Runs a script statement by statement (split as the server splits it); throws on the first failure. */
export async function runScript(conn: Connection, type: DatabaseType, script: string, options?: ExecuteOptions): Promise<void> {
  for (const stmt of splitStatements(script, dialectFor(type))) {
    const text = stmt.sql;
    const r = await collect(conn, text, options);
    if (!r.done.success) throw new Error(`${text}\n→ ${r.done.message}`);
  }
}

export async function must(conn: Connection, sql: string, options?: ExecuteOptions): Promise<Collected> {
  const r = await collect(conn, sql, options);
  if (!r.done.success) throw new Error(`${sql}\n→ ${r.done.message}`);
  return r;
}
