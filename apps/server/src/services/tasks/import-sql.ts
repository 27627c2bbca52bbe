/**
 * SQL script import (a dump made by an export task, or any script): the file is read as a stream
 * and split as it arrives (@askdb/sql streamSplitter), and statements run in groups as they are
 * split, so neither the script nor its statement list is ever held whole and the event loop only
 * sees one chunk's splitting at a time. Each group runs in one transaction where the engine has
 * them (DDL on MySQL commits by itself). The first failing statement ends the task: its group is
 * rolled back and the task says which statement failed; groups before it stay committed and counted.
 * `check` (the permission check for users under grants) sees each group before it runs.
 *
 * A plain-format pg_dump restores as psql would run it: SET lines, COPY … FROM stdin blocks (the
 * splitter keeps each block with its COPY; the driver sends it), dollar-quoted bodies, comments.
 * psql meta-commands are not SQL: `\restrict`/`\unrestrict` (pg_dump's guard against meta-commands
 * in the data, which we never run anyway) are skipped; any other (`\connect`, `\set`, …) ends the
 * task before its statement runs, named with its line.
 */
import fs from 'node:fs';
import type { Connection } from '@askdb/drivers';
import { Scanner, TK, streamSplitter, type Dialect, type SqlStatement } from '@askdb/sql';
import { TASK_LIMITS } from '@askdb/contracts';
import type { ImportCounters, ImportHooks, ImportOutcome } from './import-table.js';

const GROUP = 200;
const CHUNK = 256 * 1024;
const COMMENTS_ONLY = /^\s*(--[^\n]*\n?\s*)*$/;

export interface SqlScriptJob {
  conn: Connection;
  dialect: Dialect;
  file: string;
  databaseName: string | null;
  schemaName: string | null;
  /** Throws (with the refusal's message) when the owner may not run these statements. */
  check?: (statements: string[]) => Promise<void>;
}

export async function runSqlScript(j: SqlScriptJob, hooks: ImportHooks): Promise<ImportOutcome> {
  const c: ImportCounters = { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0, rowErrors: [] };
  const size = (await fs.promises.stat(j.file)).size;
  if (size > TASK_LIMITS.sqlScriptBytes) return { state: 'FAILED', error: `a SQL script over ${TASK_LIMITS.sqlScriptBytes} bytes cannot be imported`, counters: c };
  const transactional = ['postgresql', 'sqlite', 'mysql', 'duckdb'].includes(j.dialect.name);
  const run = async (sql: string) => {
    for await (const ev of j.conn.execute(sql, { databaseName: j.databaseName, schemaName: j.schemaName, pageSize: 1 })) {
      if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
    }
  };
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  /** Runs one group; returns the outcome that ends the task, or null to go on. */
  const runGroup = async (group: SqlStatement[]): Promise<ImportOutcome | null> => {
    if (await hooks.shouldStop()) return { state: 'STOPPED', error: null, counters: c };
    const first = c.processedRows + 1;
    if (j.check) {
      try {
        await j.check(group.map((s) => s.sql));
      } catch (e) {
        return { state: 'FAILED', error: `statements ${first}–${first + group.length - 1} (from line ${group[0]!.startLine}): ${message(e)}`, counters: c };
      }
    }
    if (transactional) await run('BEGIN');
    let k = 0;
    try {
      for (; k < group.length; k++) await run(group[k]!.sql);
      if (transactional) await run('COMMIT');
    } catch (e) {
      if (transactional) await run('ROLLBACK').catch(() => undefined);
      const s = group[k];
      c.failedRows = 1;
      c.rowErrors.push({ row: first + k, message: message(e).slice(0, 500) });
      return { state: 'FAILED', error: `statement ${first + k} (line ${s?.startLine ?? '?'}): ${message(e)}`, counters: c };
    }
    c.processedRows += group.length;
    c.committedRows += group.length;
    c.processedBytes = group[group.length - 1]!.end;
    await hooks.report({ ...c });
    return null;
  };

  const splitter = streamSplitter(j.dialect);
  const stream = fs.createReadStream(j.file, { encoding: 'utf8', highWaterMark: CHUNK });
  let group: SqlStatement[] = [];
  const take = async (statements: SqlStatement[]): Promise<ImportOutcome | null> => {
    for (const raw of statements) {
      const meta = j.dialect.name === 'postgresql' ? psqlMetaCommands(raw, j.dialect) : { statement: raw, refused: null };
      if (meta.refused) {
        c.failedRows = 1;
        const hint = /^\\c(onnect)?$/.test(meta.refused.command) ? ' (choose the target database of the import instead)' : '';
        return { state: 'FAILED', error: `line ${meta.refused.line}: ${meta.refused.command} is a psql meta-command, not SQL; a SQL import runs SQL statements only${hint}`, counters: c };
      }
      const s = meta.statement;
      if (!s.sql.trim() || COMMENTS_ONLY.test(s.sql)) continue;
      group.push(s);
      if (group.length >= GROUP) {
        const end = await runGroup(group);
        group = [];
        if (end) return end;
      }
    }
    return null;
  };
  try {
    for await (const chunk of stream) {
      const end = await take(splitter.push(chunk as string));
      if (end) return end;
    }
    const end = (await take(splitter.end())) ?? (group.length ? await runGroup(group) : null);
    if (end) return end;
  } finally {
    stream.destroy();
  }
  c.processedBytes = size;
  return { state: 'DONE', error: null, counters: c };
}

/** psql meta-commands that need nothing from us: pg_dump's restricted mode (we run no meta-command). */
const SKIPPED_META = new Set(['\\restrict', '\\unrestrict']);

/**
 * The psql meta-commands of a statement (a backslash word at the start of a line, outside strings,
 * comments and COPY data): skipped ones are cut out with the rest of their line; the first other
 * one is returned as refused, with its line in the script.
 */
export function psqlMetaCommands(s: SqlStatement, dialect: Dialect): { statement: SqlStatement; refused: { command: string; line: number } | null } {
  const sql = s.sql;
  if (!sql.includes('\\')) return { statement: s, refused: null };
  const sc = new Scanner(dialect.splitter);
  const cuts: [number, number][] = [];
  for (let p = 0; p < sql.length;) {
    const kind = sc.scan(sql, p);
    if (kind === TK.Semicolon) break; // COPY data follows: it is data
    if (sql.charCodeAt(p) === 92 && /^[ \t]*$/.test(sql.slice(sql.lastIndexOf('\n', p - 1) + 1, p))) {
      const command = /^\\[A-Za-z?!.]*/.exec(sql.slice(p))![0];
      const eol = sql.indexOf('\n', p);
      const line = s.startLine + (sql.slice(0, p).match(/\n/g)?.length ?? 0);
      if (!SKIPPED_META.has(command)) return { statement: s, refused: { command, line } };
      cuts.push([p, eol < 0 ? sql.length : eol]);
      p = eol < 0 ? sql.length : eol;
      continue;
    }
    p = sc.end > p ? sc.end : p + 1;
  }
  if (!cuts.length) return { statement: s, refused: null };
  let text = '';
  let at = 0;
  for (const [a, b] of cuts) { text += sql.slice(at, a); at = b; }
  text += sql.slice(at);
  return { statement: { ...s, sql: text }, refused: null };
}
