/**
 * Runs a chart's query: read-only (one SELECT or WITH … SELECT, checked by packages/sql's read-only
 * check before the database sees it: no side-effecting function, row lock or SELECT … INTO), with the caller's grants (the same permission check as the
 * console), through the execution service (so it reaches the SQL audit), and bounded: rows stream from
 * the driver's cursor and the run stops after CHART_MAX_POINTS, with a note saying the rest was cut.
 */
import { CHART_MAX_POINTS, DASHBOARD_ERROR_CODES, ERROR_CODES, type ChartResult, type ExecuteInput, type Language, type ResultHeader } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { AuditActor } from '../../http/audit-actor.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { driverFailure } from '../driver-errors.js';
import { permissions } from '../permissions/index.js';
import { readOnlyCheck } from '../read-only-reason.js';
import { dashMsg } from './messages.js';

export interface QueryPlace {
  databaseName?: string | null;
  schemaName?: string | null;
}

/** Why a chart query is not a plain read (the shared read-only check, see services/read-only-reason.ts), or null when it is. */
export function readOnlyProblem(sql: string, type: string, lang: Language = 'en-US'): string | null {
  return readOnlyCheck(sql, type, lang)?.reasonText ?? null;
}

export function requireReadOnly(sql: string, type: string, lang: Language): string {
  const trimmed = sql.trim().replace(/;\s*$/, '');
  if (!trimmed) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, dashMsg(lang, 'SQL_REQUIRED'));
  const problem = readOnlyProblem(trimmed, type, lang);
  if (problem) throw new AppError(400, DASHBOARD_ERROR_CODES.CHART_NOT_READ_ONLY, dashMsg(lang, 'NOT_READ_ONLY', { reason: problem }));
  return trimmed;
}

/**
 * Runs `sql` on the source as `ctx`'s user. Throws CHART_NOT_READ_ONLY, the permission refusals, or
 * CHART_QUERY_FAILED (status 200, success false: a failing statement is not an HTTP error).
 */
export async function runChartQuery(
  deps: Pick<AppDeps, 'execution' | 'store' | 'kv' | 'catalogs'>,
  ctx: RequestContext,
  record: DataSourceRecord,
  rawSql: string,
  place: QueryPlace,
  actor: AuditActor | null,
  maxPoints = CHART_MAX_POINTS,
): Promise<ChartResult> {
  const sql = requireReadOnly(rawSql, record.input.type, ctx.lang);
  await permissions(deps).checkScript(ctx, record, { sql, statements: () => [sql], databaseName: place.databaseName, schemaName: place.schemaName });
  const input: ExecuteInput = { sql, dataSourceId: record.id, databaseName: place.databaseName ?? undefined, schemaName: place.schemaName ?? undefined, single: true, errorContinue: false, pageSize: 1000 };
  let headerList: ResultHeader[] = [];
  const dataList: (string | null)[][] = [];
  let truncated = false;
  let failure: string | null = null;
  let duration = 0;
  try {
    await deps.execution.run(record, ctx.user!.id, input, async (s) => {
      for (;;) {
        const n = await s.events.next();
        if (n.done) break;
        const ev = n.value;
        if (ev.type === 'header') headerList = ev.columns;
        else if (ev.type === 'rows') {
          const room = maxPoints - dataList.length;
          if (ev.rows.length > room) {
            dataList.push(...ev.rows.slice(0, room));
            truncated = true;
            await s.events.return?.();
            return { success: true };
          }
          dataList.push(...ev.rows);
        } else {
          duration = ev.durationMs;
          if (!ev.success) failure = ev.message || 'Unknown Error';
        }
      }
      return { success: failure === null };
    }, actor, { readOnly: true });
  } catch (e) {
    const err = driverFailure(e, ctx.lang);
    throw new AppError(200, DASHBOARD_ERROR_CODES.CHART_QUERY_FAILED, err.message, err.errorDetail);
  }
  if (failure !== null) throw new AppError(200, DASHBOARD_ERROR_CODES.CHART_QUERY_FAILED, failure);
  return { headerList, dataList, truncated, duration, ...(truncated ? { note: dashMsg(ctx.lang, 'TRUNCATED', { max: maxPoints }) } : {}) };
}
