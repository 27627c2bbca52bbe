/**
 * The CPU-heavy SQL-intelligence work as plain-data tasks, run the same way on the event loop (small
 * texts) and in a worker thread (big ones): everything in and out can be copied between threads.
 */
import type { FormatResult } from '@askdb/sql/format';
import type { HoverInfo, Language, ParserResult } from '@askdb/contracts';
import { cursorContext, dialectFor, hover, parseSql, type CursorContext, type ParseOptions, type SchemaCatalog, type Scope } from '@askdb/sql';
import type { FormatKeywordCase } from '@askdb/sql';
import secureJsonParse from 'secure-json-parse';
import { MAX_WORKER_CATALOG_COLUMNS } from './budgets.js';

interface Names {
  catalog?: SchemaCatalog | null;
  databaseName?: string | null;
  schemaName?: string | null;
  language?: Language;
}
export type IntelTask =
  | { op: 'warm'; format: boolean }
  | { op: 'json'; body: Uint8Array }
  | { op: 'context'; dbType: string; beforeSql: string; afterSql: string }
  | { op: 'parse'; dbType: string; sql: string; options: Omit<ParseOptions, 'otherRelation'> }
  | { op: 'hover'; dbType: string; currentStatement: string; hoverIdentifier: string; names: Names & { schemas?: string[]; databases?: string[]; dataSourceName?: string | null } }
  | { op: 'format'; dbType: string; sql: string; keywordCase: FormatKeywordCase };

export interface IntelResults {
  warm: null;
  json: { ok: true; value: unknown } | { ok: false };
  context: CursorContext;
  parse: ParserResult;
  hover: HoverInfo[];
  format: FormatResult;
}
export type ResultOf<T extends IntelTask> = IntelResults[T['op']];

/** Select-list items kept per scope in a context sent back from a worker (aliases and subquery columns). */
const MAX_ITEMS = 2_000;

/** A task as sent to a keystroke worker: with the time its answer is no longer wanted (epoch ms). */
export type TimedTask = IntelTask & { deadline?: number };

export async function runTask(task: TimedTask): Promise<IntelResults[IntelTask['op']] | null> {
  // Left the queue after its requester was answered: nothing to do.
  if (task.deadline !== undefined && Date.now() > task.deadline) return null;
  // A new thread loads what its tasks need before it counts as ready (sql-formatter is big).
  if (task.op === 'warm') {
    if (task.format) await import('@askdb/sql/format');
    return null;
  }
  // A request body, read as Fastify does (prototype-poisoning keys refused).
  if (task.op === 'json') {
    try {
      return { ok: true, value: secureJsonParse(Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength).toString('utf8')) };
    } catch {
      return { ok: false };
    }
  }
  const dialect = dialectFor(task.dbType);
  switch (task.op) {
    case 'context':
      return slimContext(cursorContext(task.beforeSql, task.afterSql, dialect));
    case 'parse':
      return parseSql(task.sql, dialect, task.options);
    case 'hover':
      return hover({ currentStatement: task.currentStatement, hoverIdentifier: task.hoverIdentifier, dialect, ...task.names });
    case 'format': {
      // Loaded on first use: sql-formatter is large and most sessions never format.
      const { formatSqlResult } = await import('@askdb/sql/format');
      return formatSqlResult(task.sql, task.dbType, task.keywordCase);
    }
  }
}

/**
 * What completion reads of a context: the scopes and their sources, select items and CTEs. The column
 * references, functions and syntax issues of the statement (the bulk of a big one) are left out, so
 * copying the context back costs little.
 */
export function slimContext(ctx: CursorContext): CursorContext {
  const a = ctx.analysis;
  if (!a) return ctx;
  const seen = new Set<Scope>();
  const trim = (s: Scope | undefined) => {
    for (; s && !seen.has(s); s = s.parent) {
      seen.add(s);
      if (s.items.length > MAX_ITEMS) s.items = s.items.slice(0, MAX_ITEMS);
    }
  };
  for (const s of a.scopes) trim(s);
  trim(a.root);
  ctx.analysis = { ...a, columns: [], functions: [], errors: [] };
  return ctx;
}

const columnCounts = new WeakMap<SchemaCatalog, number>();
function columnCount(c: SchemaCatalog): number {
  let n = columnCounts.get(c);
  if (n === undefined) {
    n = 0;
    for (const t of c.tables) n += 1 + (t.columns?.length ?? 0);
    for (const v of c.views ?? []) n += 1 + (v.columns?.length ?? 0);
    columnCounts.set(c, n);
  }
  return n;
}
/** A catalog small enough to copy into a worker with a task, else null (checks without the schema). */
const portable = (c: SchemaCatalog | null | undefined) => (c && columnCount(c) <= MAX_WORKER_CATALOG_COLUMNS ? c : null);

/** The task as sent to a worker thread: a big catalog stays behind. */
export function forWorker<T extends IntelTask>(task: T): T {
  if (task.op === 'parse') return { ...task, options: { ...task.options, catalog: portable(task.options.catalog) } };
  if (task.op === 'hover') return { ...task, names: { ...task.names, catalog: portable(task.names.catalog) } };
  return task;
}
