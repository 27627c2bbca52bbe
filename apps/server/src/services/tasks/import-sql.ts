/**
 * SQL script import (a dump made by an export task, or any script): split by the dialect's
 * splitter and run in groups of statements, each group in one transaction where the engine has
 * them (DDL on MySQL commits by itself). The first failing statement ends the task: its group is
 * rolled back and the task says which statement failed; groups before it stay committed and counted.
 */
import fs from 'node:fs';
import type { Connection } from '@askdb/drivers';
import { splitStatements, type Dialect } from '@askdb/sql';
import { TASK_LIMITS } from '@askdb/contracts';
import type { ImportCounters, ImportHooks, ImportOutcome } from './import-table.js';

const GROUP = 200;

export async function runSqlScript(j: { conn: Connection; dialect: Dialect; file: string; databaseName: string | null; schemaName: string | null }, hooks: ImportHooks): Promise<ImportOutcome> {
  const c: ImportCounters = { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0, rowErrors: [] };
  const size = fs.statSync(j.file).size;
  if (size > TASK_LIMITS.sqlScriptBytes) return { state: 'FAILED', error: `a SQL script over ${TASK_LIMITS.sqlScriptBytes} bytes cannot be imported`, counters: c };
  const text = fs.readFileSync(j.file, 'utf8');
  const statements = splitStatements(text, j.dialect).filter((s) => s.sql.trim() && !/^\s*(--[^\n]*\n?\s*)*$/.test(s.sql));
  const transactional = ['postgresql', 'sqlite', 'mysql', 'duckdb'].includes(j.dialect.name);
  const run = async (sql: string) => {
    for await (const ev of j.conn.execute(sql, { databaseName: j.databaseName, schemaName: j.schemaName, pageSize: 1 })) {
      if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
    }
  };
  for (let i = 0; i < statements.length; i += GROUP) {
    if (await hooks.shouldStop()) return { state: 'STOPPED', error: null, counters: c };
    const group = statements.slice(i, i + GROUP);
    if (transactional) await run('BEGIN');
    let k = 0;
    try {
      for (; k < group.length; k++) await run(group[k]!.sql);
      if (transactional) await run('COMMIT');
    } catch (e) {
      if (transactional) await run('ROLLBACK').catch(() => undefined);
      const s = group[k];
      c.failedRows = 1;
      c.rowErrors.push({ row: i + k + 1, message: (e instanceof Error ? e.message : String(e)).slice(0, 500) });
      return { state: 'FAILED', error: `statement ${i + k + 1} (line ${s?.startLine ?? '?'}): ${e instanceof Error ? e.message : String(e)}`, counters: c };
    }
    c.processedRows += group.length;
    c.committedRows += group.length;
    c.processedBytes = group[group.length - 1]!.end;
    await hooks.report({ ...c });
  }
  c.processedBytes = size;
  return { state: 'DONE', error: null, counters: c };
}
