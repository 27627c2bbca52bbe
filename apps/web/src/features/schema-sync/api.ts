/** The calls schema sync makes: data source / database / schema lists, the diff, and execution on the target. */
import type { DataSourceSummary, ExecuteResult, Page } from '@askdb/contracts';
import { api } from '../../lib/api.js';

export interface CompleteSide {
  dataSourceId: number;
  databaseName: string | null;
  schemaName: string | null;
}

export interface DiffOptions {
  noDrops: boolean;
  includeViews: boolean;
  caseSensitive: boolean;
}

export const DEFAULT_DIFF_OPTIONS: DiffOptions = { noDrops: false, includeViews: true, caseSensitive: true };

/** Spec 01 §7: data sources are listed with page size 1000. Failed loads give empty lists (spec 01 §8). */
export async function listDataSources(): Promise<DataSourceSummary[]> {
  try {
    return (await api<Page<DataSourceSummary>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 1000 } })).data;
  } catch {
    return [];
  }
}

export async function listDatabases(dataSourceId: number): Promise<string[]> {
  try {
    return (await api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId } })).map((d) => d.name);
  } catch {
    return [];
  }
}

export async function listSchemas(dataSourceId: number, databaseName: string | null): Promise<string[]> {
  try {
    return (await api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId, databaseName } })).map((s) => s.name);
  } catch {
    return [];
  }
}

/** The statements that make the target's structure equal the source's; empty when they already match. */
export function diffSql(source: CompleteSide, target: CompleteSide, options: DiffOptions, signal?: AbortSignal): Promise<string> {
  return api<string>('/api/diff/sql', { body: { source, target, options }, signal });
}

/** One statement of the sync script: the kind of object it changes, and whether it drops one only the target has. */
export interface PlanStatement {
  sql: string;
  kind: string;
  destructive: boolean;
  /** Why the change is not made in place (also a comment above the statement in `text`). */
  note: string | null;
  /** The statement as script text (terminator, delimiter lines and note included). */
  text: string;
}

export interface SyncPlan {
  text: string;
  destructiveCount: number;
  statements: PlanStatement[];
}

/** The script as statements to group by kind and tick (POST /api/diff/plan, issue 26). */
export function diffPlan(source: CompleteSide, target: CompleteSide, options: DiffOptions, signal?: AbortSignal): Promise<SyncPlan> {
  return api<SyncPlan>('/api/diff/plan', { body: { source, target, options }, signal });
}

/** The script of the ticked statements, in the plan's order. */
export function scriptOfTicked(plan: SyncPlan, ticked: ReadonlySet<number>): string {
  const kept = plan.statements.filter((_, i) => ticked.has(i));
  return kept.length ? `${kept.map((s) => s.text).join('\n\n')}\n` : '';
}

/** Every statement ticked but the destructive ones (the dialog's starting point). */
export function defaultTicks(plan: SyncPlan): Set<number> {
  return new Set(plan.statements.flatMap((s, i) => (s.destructive ? [] : [i])));
}

/** Run the (possibly edited) script on the target; a failing statement does not stop the rest. */
export function executeOnTarget(target: CompleteSide, sql: string, signal?: AbortSignal): Promise<ExecuteResult[]> {
  return api<ExecuteResult[]>('/api/rdb/dml/execute', { body: { sql, ...target, errorContinue: true }, signal });
}
