/**
 * Dashboards for one viewer: validation with messages in the user's language (name and dataset
 * required, refresh rule checked), the dataset resolved (a collection of theirs, a data source they
 * may use), and each chart's data source found — a deleted one gives a clear error, not a crash.
 */
import type { FastifyRequest } from 'fastify';
import { DASHBOARD_ERROR_CODES, ERROR_CODES, GRID, type Chart, type Dashboard, type DashboardDataset, type GridItem, type Language, type RefreshRule } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { DashboardRepo, type DashboardRecord } from '../../store/dashboards.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import type { OwnerScope } from '../../store/scope.js';
import { canSee, requireDataSource, scopeOf } from '../access.js';
import { AiCollectionRepo } from '../ai/ai-collections.js';
import { dashMsg, type DashboardMessageKey } from './messages.js';
import { checkRule, nextRun, nextRuns } from './refresh-rule.js';

export function requireName(name: string | undefined, lang: Language): string {
  const n = (name ?? '').trim();
  if (!n) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, dashMsg(lang, 'NAME_REQUIRED'));
  return n;
}

/** The rule as stored, or a 400 naming what is wrong with it. */
export function requireRule(rule: RefreshRule, lang: Language): RefreshRule {
  const c = checkRule(rule);
  if (!c.ok) throw new AppError(400, DASHBOARD_ERROR_CODES.REFRESH_RULE_INVALID, dashMsg(lang, `RULE_${c.problem}` as DashboardMessageKey, { detail: c.detail ?? '' }));
  return c.rule;
}

export function firstSlot(rule: RefreshRule, now: Date): string | null {
  return nextRun(rule, now)?.toISOString() ?? null;
}

/** The dataset, checked: a collection the viewer owns, or a data source they may use. */
export async function requireDataset(deps: AppDeps, req: FastifyRequest, d: DashboardDataset): Promise<DashboardDataset> {
  const lang = req.ctx.lang;
  if (d.collectionId != null) {
    const c = await new AiCollectionRepo(deps.store.db, deps.kv).get(d.collectionId);
    const scope = scopeOf(req);
    if (!c || c.ownerId !== scope.userId || (c.organizationId ?? scope.organizationId) !== scope.organizationId) {
      throw new AppError(404, ERROR_CODES.NOT_FOUND, dashMsg(lang, 'DATASET_REQUIRED'));
    }
    return { collectionId: c.id };
  }
  if (d.dataSourceId == null) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, dashMsg(lang, 'DATASET_REQUIRED'));
  await requireDataSource(deps, req, d.dataSourceId);
  return { dataSourceId: d.dataSourceId, ...(d.databaseName ? { databaseName: d.databaseName } : {}), ...(d.schemaName ? { schemaName: d.schemaName } : {}) };
}

export async function requireDashboard(repo: DashboardRepo, req: FastifyRequest, id: number): Promise<DashboardRecord> {
  const d = await repo.get(id, scopeOf(req));
  if (!d) throw new AppError(404, ERROR_CODES.NOT_FOUND, dashMsg(req.ctx.lang, 'DASHBOARD_NOT_FOUND', { id }));
  return d;
}

export async function requireChart(repo: DashboardRepo, req: FastifyRequest, id: number): Promise<{ chart: Chart; dashboard: DashboardRecord }> {
  const chart = await repo.chart(id);
  const dashboard = chart ? await repo.get(chart.dashboardId, scopeOf(req)) : undefined;
  if (!chart || !dashboard) throw new AppError(404, ERROR_CODES.NOT_FOUND, dashMsg(req.ctx.lang, 'CHART_NOT_FOUND', { id }));
  return { chart, dashboard };
}

/** Where a chart's SQL runs: its own data source, else the dashboard's. */
export function chartPlace(chart: Pick<Chart, 'dataSourceId' | 'databaseName' | 'schemaName'>, dashboard: DashboardRecord) {
  const own = chart.dataSourceId != null;
  return {
    dataSourceId: chart.dataSourceId ?? dashboard.dataset.dataSourceId ?? null,
    databaseName: (own ? chart.databaseName : dashboard.dataset.databaseName) ?? null,
    schemaName: (own ? chart.schemaName : dashboard.dataset.schemaName) ?? null,
  };
}

/**
 * The chart's data source for `ctx`'s user: 404 CHART_SOURCE_GONE when it was deleted (or moved out
 * of the organisation), 403 when the user may not use it.
 */
export async function chartSource(deps: Pick<AppDeps, 'dataSources'>, ctx: RequestContext, dataSourceId: number | null): Promise<DataSourceRecord> {
  if (dataSourceId == null) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, dashMsg(ctx.lang, 'SOURCE_REQUIRED'));
  const record = await deps.dataSources.get(dataSourceId);
  const viewer = { id: ctx.user!.id, isAdmin: ctx.user!.isAdmin, organizationId: ctx.organizationId! };
  if (!record || record.spaceId !== viewer.organizationId) throw new AppError(404, DASHBOARD_ERROR_CODES.CHART_SOURCE_GONE, dashMsg(ctx.lang, 'SOURCE_GONE', { id: dataSourceId }));
  if (!canSee(record, viewer)) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, dashMsg(ctx.lang, 'SOURCE_GONE', { id: dataSourceId }));
  return record;
}

/** The API shape of a dashboard (dataset name looked up; next five runs from now). */
export async function present(deps: AppDeps, d: DashboardRecord & { chartCount?: number }, scope: OwnerScope, now = new Date()): Promise<Dashboard> {
  let datasetName = '';
  if (d.dataset.collectionId != null) datasetName = (await new AiCollectionRepo(deps.store.db, deps.kv).get(d.dataset.collectionId))?.title ?? '';
  else if (d.dataset.dataSourceId != null) {
    const ds = await deps.dataSources.get(d.dataset.dataSourceId);
    if (ds && ds.spaceId === scope.organizationId) datasetName = [ds.input.alias, d.dataset.databaseName, d.dataset.schemaName].filter(Boolean).join(' / ');
  }
  const from = d.nextRefreshAt && d.refresh.kind === 'MINUTES' ? new Date(Date.parse(d.nextRefreshAt) - (d.refresh.minutes ?? 0) * 60_000) : now;
  return {
    id: d.id, name: d.name, description: d.description, dataset: d.dataset, datasetName, refresh: d.refresh, layout: d.layout,
    nextRuns: nextRuns(d.refresh, from).map((x) => x.toISOString()), chartCount: d.chartCount ?? 0, gmtCreate: d.createdAt, gmtModified: d.updatedAt,
  };
}

/** Layout items for the charts: saved positions kept, each new chart 6×4 in the first free place (top to bottom, left to right), sizes within the grid's bounds. */
export function normaliseLayout(layout: GridItem[], chartIds: number[]): GridItem[] {
  const ids = new Set(chartIds.map(String));
  const out = layout.filter((l) => ids.has(l.i)).map((l) => ({
    ...l, w: Math.min(GRID.cols, Math.max(GRID.minW, l.w)), h: Math.min(GRID.maxH, Math.max(GRID.minH, l.h)), x: Math.min(l.x, GRID.cols - GRID.minW),
  }));
  const free = (x: number, y: number) => !out.some((l) => x < l.x + l.w && l.x < x + GRID.defaultW && y < l.y + l.h && l.y < y + GRID.defaultH);
  for (const id of chartIds.map(String)) {
    if (out.some((l) => l.i === id)) continue;
    place: for (let y = 0; ; y++) {
      for (let x = 0; x + GRID.defaultW <= GRID.cols; x++) {
        if (free(x, y)) {
          out.push({ i: id, x, y, w: GRID.defaultW, h: GRID.defaultH });
          break place;
        }
      }
    }
  }
  return out;
}
