/**
 * Runs the second check of explain-check.ts: for each SELECT-like statement of a script that passed
 * the statement check, the engine's plan (EXPLAIN VERBOSE, FORMAT JSON — planned, never run) and the
 * scanned tables' columns, through the execution service on a read-only session, in the statement's
 * database and schema. Anything it cannot have or read refuses (fail closed).
 */
import type { StatementAccess } from '@askdb/sql';
import type { DataSourceRecord } from '../../store/data-sources.js';
import type { ExecutionService } from '../execution.js';
import { columnsQuery, explainable, planRefusal, planUnreadable, relationsOf, scansOf } from './explain-check.js';
import type { CheckInput, Refusal } from './statement-check.js';

type Rows = (string | null)[][];

export async function planCheck(execution: ExecutionService | undefined, userId: number, record: DataSourceRecord, check: CheckInput, accesses: StatementAccess[]): Promise<Refusal | null> {
  const views = new Set((check.catalog?.views ?? []).map((v) => v.name));
  const query = async (sql: string): Promise<Rows | null> => {
    const input = { sql, dataSourceId: record.id, databaseName: check.place.databaseName, schemaName: check.place.schemaName, single: true, errorContinue: false, pageSize: 10_000 };
    const [r] = await execution!.execute(record, userId, input, null, 'en-US', { readOnly: true });
    return r?.success && !r.hasMore ? r.dataList : null;
  };
  for (let i = 0; i < check.statements.length; i++) {
    const access = accesses[i];
    const sql = access ? explainable(check.statements[i]!.trim().replace(/;\s*$/, ''), access) : null;
    if (!sql) continue;
    if (!execution) return planUnreadable(check.place);
    try {
      const planText = (await query(sql))?.[0]?.[0];
      if (typeof planText !== 'string') return planUnreadable(check.place);
      const plan: unknown = JSON.parse(planText);
      const relations = relationsOf(plan);
      const columns = new Map<string, string[]>();
      if (relations.length) {
        const rows = await query(columnsQuery(relations));
        if (!rows) return planUnreadable(check.place);
        for (const [schema, table, list] of rows) if (list) columns.set(`${schema}\u0000${table}`, JSON.parse(list) as string[]);
        if (relations.some((r) => !columns.has(`${r.schema ?? 'public'}\u0000${r.relation}`))) return planUnreadable(check.place);
      }
      const scans = scansOf(plan, (schema, relation) => columns.get(`${schema ?? 'public'}\u0000${relation}`) ?? null);
      const refusal = planRefusal(scans, access!, check.grants, check.place, access!.reads.some((t) => views.has(t.table.name)));
      if (refusal) return refusal;
    } catch {
      return planUnreadable(check.place);
    }
  }
  return null;
}
