/**
 * Applies the grid's statements in one transaction on a session of its own (a console session id
 * private to the tab), so a row that was changed or deleted by someone else (0 rows affected) rolls
 * back everything instead of being reported as success.
 */
import type { Dialect } from '@askdb/sql';
import { metaApi, type Location } from '../workspace/meta-api';
import { beginStatement, type DmlStatement } from './dml';

export type ApplyResult =
  | { ok: true; affected: number }
  | { ok: false; reason: 'conflict' | 'error'; statement?: DmlStatement; message: string; rolledBack: boolean };

/** A session id for a tab: negative, so it never collides with a saved console's id. */
export function sessionIdFor(tabId: string): number {
  let h = 0;
  for (let i = 0; i < tabId.length; i++) h = (h * 31 + tabId.charCodeAt(i)) | 0;
  return -1 - (Math.abs(h) % 1_000_000_000);
}

export async function applyInTransaction(loc: Location, d: Dialect, statements: DmlStatement[], sessionId: number): Promise<ApplyResult> {
  const begin = beginStatement(d);
  const script = [...(begin ? [begin] : []), ...statements.map((s) => s.sql)].map((s) => `${s};`).join('\n');
  const run = (sql: string) => metaApi.execute(loc, sql, { consoleId: sessionId, errorContinue: false, pageSize: 1 });
  const rollback = async () => {
    try {
      const [r] = await run('ROLLBACK');
      return !!r?.success;
    } catch {
      return false;
    }
  };

  let results;
  try {
    results = await run(script);
  } catch (e) {
    return { ok: false, reason: 'error', message: (e as Error).message, rolledBack: await rollback() };
  }
  const offset = begin ? 1 : 0;
  if (begin && results[0] && !results[0].success) return { ok: false, reason: 'error', message: results[0].message, rolledBack: false };
  let affected = 0;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i]!;
    const r = results[i + offset];
    if (!r) return { ok: false, reason: 'error', statement: st, message: 'The statement did not run.', rolledBack: await rollback() };
    if (!r.success) return { ok: false, reason: 'error', statement: st, message: r.message, rolledBack: await rollback() };
    if ((st.kind === 'update' || st.kind === 'delete') && r.updateCount === 0) {
      return { ok: false, reason: 'conflict', statement: st, message: '', rolledBack: await rollback() };
    }
    affected += r.updateCount ?? 0;
  }
  const [commit] = await run('COMMIT');
  if (!commit?.success) return { ok: false, reason: 'error', message: commit?.message ?? 'COMMIT failed', rolledBack: await rollback() };
  return { ok: true, affected };
}
