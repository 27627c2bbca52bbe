/**
 * Runs the editor's DDL on a session of the tab's own, stopping at the first error. PostgreSQL-family
 * DDL is transactional and runs inside BEGIN … COMMIT; a failure rolls back (and, for SQLite table
 * rebuilds, turns foreign key enforcement back on).
 */
import type { Dialect } from '@askdb/sql';
import { metaApi, type Location } from '../workspace/meta-api';

export type DdlResult = { ok: true } | { ok: false; statement: string; message: string };

export async function runDdl(loc: Location, d: Dialect, statements: string[], sessionId: number): Promise<DdlResult> {
  const wrap = d.name === 'postgresql' && !statements.some((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s));
  const all = wrap ? ['BEGIN', ...statements, 'COMMIT'] : statements;
  const run = (sql: string) => metaApi.execute(loc, sql, { consoleId: sessionId, errorContinue: false, pageSize: 1 });
  const results = await run(all.map((s) => `${s};`).join('\n'));
  const failed = results.find((r) => !r.success);
  if (!failed && results.length >= all.length) return { ok: true };
  await run('ROLLBACK').catch(() => []);
  if (statements.some((s) => /^PRAGMA foreign_keys\s*=\s*OFF/i.test(s))) await run('PRAGMA foreign_keys = ON').catch(() => []);
  return { ok: false, statement: failed?.originalSql ?? '', message: failed?.message ?? 'The script stopped early.' };
}
