/**
 * Dashboards and charts in the store (migration 0011). Every read and write of a user's dashboard is
 * scoped by organisation and owner; the scheduler's reads (`due`, `claim`) are not, and claim a
 * refresh slot with a conditional update so two replicas refresh a dashboard once.
 */
import type { Generated, Kysely, Selectable } from 'kysely';
import { ChartSettings, type Chart, type ChartFields, type ChartResult, type ChartType, type DashboardDataset, type GridItem, type RefreshRule } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { OwnerScope } from './scope.js';

export interface DashboardsTable {
  id: Generated<number>;
  organization_id: number;
  owner_id: number;
  name: string;
  description: string;
  collection_id: number | null;
  data_source_id: number | null;
  database_name: string | null;
  schema_name: string | null;
  layout_json: string;
  refresh_json: string;
  next_refresh_at: string | null;
  last_refresh_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface DashboardChartsTable {
  id: Generated<number>;
  dashboard_id: number;
  name: string;
  type: string;
  sql_text: string;
  settings_json: string;
  data_source_id: number | null;
  database_name: string | null;
  schema_name: string | null;
  last_result_json: string | null;
  last_run_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
type Tables = { dashboards: DashboardsTable; dashboard_charts: DashboardChartsTable };

export interface DashboardRecord {
  id: number;
  organizationId: number;
  ownerId: number;
  name: string;
  description: string;
  dataset: DashboardDataset;
  layout: GridItem[];
  refresh: RefreshRule;
  nextRefreshAt: string | null;
  lastRefreshAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface DashboardWrite {
  name: string;
  description: string;
  dataset: DashboardDataset;
  refresh: RefreshRule;
  layout: GridItem[];
  nextRefreshAt: string | null;
}
export type ChartWrite = ChartFields;

const parse = <T>(s: string | null, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

function toDashboard(r: Selectable<DashboardsTable>): DashboardRecord {
  const dataset: DashboardDataset = r.collection_id != null
    ? { collectionId: r.collection_id }
    : { ...(r.data_source_id != null ? { dataSourceId: r.data_source_id } : {}), ...(r.database_name ? { databaseName: r.database_name } : {}), ...(r.schema_name ? { schemaName: r.schema_name } : {}) };
  return {
    id: r.id, organizationId: r.organization_id, ownerId: r.owner_id, name: r.name, description: r.description, dataset,
    layout: parse<GridItem[]>(r.layout_json, []), refresh: parse<RefreshRule>(r.refresh_json, { kind: 'NEVER' }),
    nextRefreshAt: r.next_refresh_at, lastRefreshAt: r.last_refresh_at, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export function toChart(r: Selectable<DashboardChartsTable>): Chart {
  return {
    id: r.id, dashboardId: r.dashboard_id, name: r.name, type: r.type as ChartType, sql: r.sql_text,
    settings: ChartSettings.parse(parse<object>(r.settings_json, {})),
    dataSourceId: r.data_source_id, databaseName: r.database_name, schemaName: r.schema_name,
    lastResult: parse<ChartResult | null>(r.last_result_json, null), lastRunAt: r.last_run_at, lastError: r.last_error, gmtModified: r.updated_at,
  };
}

function datasetColumns(d: DashboardDataset) {
  return d.collectionId != null
    ? { collection_id: d.collectionId, data_source_id: null, database_name: null, schema_name: null }
    : { collection_id: null, data_source_id: d.dataSourceId ?? null, database_name: d.databaseName || null, schema_name: d.schemaName || null };
}

export class DashboardRepo {
  private readonly db: Kysely<Tables>;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = (db as Kysely<any>).withTables<Tables>() as unknown as Kysely<Tables>;
  }

  async list(scope: OwnerScope): Promise<(DashboardRecord & { chartCount: number })[]> {
    const rows = await this.db.selectFrom('dashboards').selectAll().where('organization_id', '=', scope.organizationId).where('owner_id', '=', scope.userId).orderBy('id').execute();
    if (!rows.length) return [];
    const counts = await this.db.selectFrom('dashboard_charts').select(['dashboard_id', (eb) => eb.fn.countAll<number>().as('n')]).where('dashboard_id', 'in', rows.map((r) => r.id)).groupBy('dashboard_id').execute();
    const byId = new Map(counts.map((c) => [c.dashboard_id, Number(c.n)]));
    return rows.map((r) => ({ ...toDashboard(r), chartCount: byId.get(r.id) ?? 0 }));
  }

  /** The dashboard when it belongs to the scope (its owner in that organisation), else undefined. */
  async get(id: number, scope: OwnerScope | null): Promise<DashboardRecord | undefined> {
    let q = this.db.selectFrom('dashboards').selectAll().where('id', '=', id);
    if (scope) q = q.where('organization_id', '=', scope.organizationId).where('owner_id', '=', scope.userId);
    const r = await q.executeTakeFirst();
    return r ? toDashboard(r) : undefined;
  }

  async create(scope: OwnerScope, w: DashboardWrite): Promise<number> {
    const now = nowIso();
    const r = await this.db.insertInto('dashboards').values({
      organization_id: scope.organizationId, owner_id: scope.userId, name: w.name, description: w.description, ...datasetColumns(w.dataset),
      layout_json: JSON.stringify(w.layout), refresh_json: JSON.stringify(w.refresh), next_refresh_at: w.nextRefreshAt, last_refresh_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, w: DashboardWrite): Promise<void> {
    await this.db.updateTable('dashboards').set({
      name: w.name, description: w.description, ...datasetColumns(w.dataset), layout_json: JSON.stringify(w.layout),
      refresh_json: JSON.stringify(w.refresh), next_refresh_at: w.nextRefreshAt, updated_at: nowIso(),
    }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dashboard_charts').where('dashboard_id', '=', id).execute();
    await this.db.deleteFrom('dashboards').where('id', '=', id).execute();
  }

  /** Dashboards whose next refresh is at or before `now` (any organisation: the scheduler's view). */
  async due(now: string, limit = 100): Promise<DashboardRecord[]> {
    const rows = await this.db.selectFrom('dashboards').selectAll().where('next_refresh_at', 'is not', null).where('next_refresh_at', '<=', now).orderBy('next_refresh_at').limit(limit).execute();
    return rows.map(toDashboard);
  }

  /** Moves the dashboard's slot from `slot` to `next`; true for the one replica whose update matched. */
  async claim(id: number, slot: string, next: string | null, now: string): Promise<boolean> {
    const r = await this.db.updateTable('dashboards').set({ next_refresh_at: next, last_refresh_at: now }).where('id', '=', id).where('next_refresh_at', '=', slot).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async charts(dashboardId: number): Promise<Chart[]> {
    const rows = await this.db.selectFrom('dashboard_charts').selectAll().where('dashboard_id', '=', dashboardId).orderBy('id').execute();
    return rows.map(toChart);
  }

  async chart(id: number): Promise<Chart | undefined> {
    const r = await this.db.selectFrom('dashboard_charts').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toChart(r) : undefined;
  }

  async createChart(dashboardId: number, w: ChartWrite): Promise<number> {
    const now = nowIso();
    const r = await this.db.insertInto('dashboard_charts').values({
      dashboard_id: dashboardId, name: w.name, type: w.type, sql_text: w.sql, settings_json: JSON.stringify(w.settings),
      data_source_id: w.dataSourceId, database_name: w.databaseName, schema_name: w.schemaName,
      last_result_json: null, last_run_at: null, last_error: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async updateChart(id: number, w: ChartWrite): Promise<void> {
    await this.db.updateTable('dashboard_charts').set({
      name: w.name, type: w.type, sql_text: w.sql, settings_json: JSON.stringify(w.settings),
      data_source_id: w.dataSourceId, database_name: w.databaseName, schema_name: w.schemaName, updated_at: nowIso(),
    }).where('id', '=', id).execute();
  }

  async deleteChart(id: number): Promise<void> {
    await this.db.deleteFrom('dashboard_charts').where('id', '=', id).execute();
  }

  /** Stores a run's outcome: a result (error cleared) or an error (the last good result kept). */
  async storeRun(id: number, outcome: { result: ChartResult } | { error: string }, at = nowIso()): Promise<void> {
    const set = 'result' in outcome ? { last_result_json: JSON.stringify(outcome.result), last_error: null, last_run_at: at } : { last_error: outcome.error, last_run_at: at };
    await this.db.updateTable('dashboard_charts').set(set).where('id', '=', id).execute();
  }
}
