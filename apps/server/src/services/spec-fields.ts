/**
 * The spec's field names and enumerations at the API (issue 29 item 21). Ours stay as they are;
 * the spec's are added alongside (docs/spec-api.md):
 *   chat answer `progress` LOADING / FINISH / FAIL (from its parts' statuses),
 *   task `status` PENDING / SUCCESS / FAILURE (from its state),
 *   execute result `executeSqlParams`, parser `tableColumns` with `simpleColumns`.
 */
import type { AnswerPart, ExecuteInput, ExecuteResult, ParserResult, TaskState } from '@askdb/contracts';
import type { SchemaCatalog } from '@askdb/sql';

export type ChatProgress = 'LOADING' | 'FINISH' | 'FAIL';
export function chatProgressOf(parts: readonly Pick<AnswerPart, 'status'>[]): ChatProgress {
  if (parts.some((p) => p.status === 'WAITING' || p.status === 'LOADING')) return 'LOADING';
  if (parts.some((p) => p.status === 'FAIL')) return 'FAIL';
  return 'FINISH';
}

export type SpecTaskStatus = 'PENDING' | 'SUCCESS' | 'FAILURE';
export function taskStatusOf(state: TaskState): SpecTaskStatus {
  return state === 'DONE' ? 'SUCCESS' : state === 'FAILED' || state === 'STOPPED' ? 'FAILURE' : 'PENDING';
}

/** What each result ran with (spec 01 §3 "Execute result row: … executeSqlParams"). */
export function withExecuteSqlParams(results: ExecuteResult[], input: Pick<ExecuteInput, 'dataSourceId' | 'databaseName' | 'schemaName' | 'consoleId' | 'explain' | 'pageSize'>) {
  const executeSqlParams = {
    dataSourceId: input.dataSourceId, databaseName: input.databaseName ?? null, schemaName: input.schemaName ?? null,
    consoleId: input.consoleId ?? null, explain: input.explain ?? false, pageSize: input.pageSize,
  };
  return results.map((r) => ({ ...r, executeSqlParams }));
}

/** The parser answer's `tableColumns` (spec 01 §3): each table the script names that the catalog knows, with its columns. */
export function withTableColumns<T extends ParserResult>(result: T, catalog: Pick<SchemaCatalog, 'tables'> | null | undefined) {
  const byName = new Map((catalog?.tables ?? []).map((t) => [t.name.toLowerCase(), t]));
  const seen = new Set<string>();
  const tableColumns: Array<{ tableName: string; simpleColumns: Array<{ name: string; columnType: string | null; dataType: string | null }> }> = [];
  for (const s of result.sqlStatementList) for (const id of s.identifiers) {
    if (id.type !== 'table') continue;
    const t = byName.get(id.name.toLowerCase());
    if (!t || seen.has(t.name)) continue;
    seen.add(t.name);
    tableColumns.push({ tableName: t.name, simpleColumns: t.columns.map((c) => ({ name: c.name, columnType: c.columnType ?? null, dataType: c.dataType ?? null })) });
  }
  return { ...result, tableColumns };
}
