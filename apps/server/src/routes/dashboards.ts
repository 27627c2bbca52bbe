/**
 * Dashboards and charts (API.md "Dashboards"): /api/dashboard/{list,create,update,delete,get} and
 * /api/chart/{list,create,update,delete,get,execute}, plus the refresh-rule preview and the AI chart.
 * Everything is the viewer's own (organisation + owner); chart queries run with the viewer's grants.
 */
import {
  ChartAiRequest, ChartCreate, ChartExecute, ChartListQuery, ChartSettings, ChartUpdate, DashboardCreate, DashboardListQuery, DashboardUpdate,
  IdQuery, RefreshPreview, type Chart,
} from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { auditActor } from '../http/audit-actor.js';
import { scopeOf } from '../services/access.js';
import { DashboardRepo } from '../store/dashboards.js';
import {
  chartPlace, chartSource, firstSlot, normaliseLayout, present, requireChart, requireDashboard, requireDataset, requireName, requireRule,
} from '../services/dashboards/dashboards.js';
import { runChartQuery } from '../services/dashboards/chart-query.js';
import { nextRuns } from '../services/dashboards/refresh-rule.js';
import { startDashboardRefresh } from '../services/dashboards/refresh-job.js';
import { proposeAiChart } from '../services/dashboards/ai-chart.js';
import { ensureDemoDashboard } from '../services/dashboards/demo.js';
import { AppError } from '../http/errors.js';

const dashboards: RouteModule = async (app, deps) => {
  const repo = new DashboardRepo(deps.store.db);
  // The minute tick that refreshes due dashboards (services/dashboards/refresh-job.ts).
  await startDashboardRefresh(deps);
  // Local mode's first run: the demo dashboard over the demo shop (once).
  await ensureDemoDashboard(deps);

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/dashboard/list', summary: 'Dashboards of the user', tag: 'dashboard', query: DashboardListQuery }, async ({ query }, req) => {
    const scope = scopeOf(req);
    const key = query.searchKey?.trim().toLowerCase();
    const all = (await repo.list(scope)).filter((d) => !key || d.name.toLowerCase().includes(key));
    const start = (query.pageNo - 1) * query.pageSize;
    const page = await Promise.all(all.slice(start, start + query.pageSize).map((d) => present(deps, d, scope)));
    return { data: page, pageNo: query.pageNo, pageSize: query.pageSize, total: all.length, hasNextPage: start + query.pageSize < all.length };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/dashboard/get', summary: 'A dashboard with its layout and next refreshes', tag: 'dashboard', query: IdQuery }, async ({ query }, req) => {
    const d = await requireDashboard(repo, req, query.id);
    const charts = await repo.charts(d.id);
    return present(deps, { ...d, layout: normaliseLayout(d.layout, charts.map((c) => c.id)), chartCount: charts.length }, scopeOf(req));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/dashboard/create', summary: 'Create a dashboard', tag: 'dashboard', body: DashboardCreate }, async ({ body }, req) => {
    const lang = req.ctx.lang;
    const name = requireName(body.name, lang);
    const dataset = await requireDataset(deps, req, body.dataset);
    const refresh = requireRule(body.refresh, lang);
    return repo.create(scopeOf(req), { name, description: body.description.trim(), dataset, refresh, layout: [], nextRefreshAt: firstSlot(refresh, new Date()) });
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/dashboard/update', summary: 'Change a dashboard (name, dataset, refresh rule, layout)', tag: 'dashboard', body: DashboardUpdate }, async ({ body }, req) => {
    const lang = req.ctx.lang;
    const d = await requireDashboard(repo, req, body.id);
    const name = body.name !== undefined ? requireName(body.name, lang) : d.name;
    const dataset = body.dataset !== undefined ? await requireDataset(deps, req, body.dataset) : d.dataset;
    const refresh = body.refresh !== undefined ? requireRule(body.refresh, lang) : d.refresh;
    const ruleChanged = JSON.stringify(refresh) !== JSON.stringify(d.refresh);
    const layout = body.layout !== undefined ? normaliseLayout(body.layout, (await repo.charts(d.id)).map((c) => c.id)) : d.layout;
    await repo.update(d.id, { name, description: body.description?.trim() ?? d.description, dataset, refresh, layout, nextRefreshAt: ruleChanged ? firstSlot(refresh, new Date()) : d.nextRefreshAt });
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/dashboard/delete', summary: 'Delete a dashboard and its charts', tag: 'dashboard', body: IdQuery }, async ({ body }, req) => {
    const d = await requireDashboard(repo, req, body.id);
    await repo.delete(d.id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/dashboard/refresh_preview', summary: 'Check a refresh rule and list its next five runs', tag: 'dashboard', body: RefreshPreview }, async ({ body }, req) => {
    const rule = requireRule(body, req.ctx.lang);
    return nextRuns(rule, new Date()).map((x) => x.toISOString());
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/chart/list', summary: 'Charts of a dashboard, with their last results', tag: 'dashboard', query: ChartListQuery }, async ({ query }, req) => {
    const d = await requireDashboard(repo, req, query.dashboardId);
    return repo.charts(d.id);
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/chart/get', summary: 'A chart with its last result', tag: 'dashboard', query: IdQuery }, async ({ query }, req) => (await requireChart(repo, req, query.id)).chart);

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/chart/create', summary: 'Pin a chart to a dashboard', tag: 'dashboard', body: ChartCreate }, async ({ body }, req) => {
    const d = await requireDashboard(repo, req, body.dashboardId);
    const place = chartPlace({ dataSourceId: body.dataSourceId ?? null, databaseName: body.databaseName ?? null, schemaName: body.schemaName ?? null }, d);
    if (body.dataSourceId != null) await chartSource(deps, req.ctx, body.dataSourceId);
    const id = await repo.createChart(d.id, { name: body.name.trim(), type: body.type, sql: body.sql, settings: body.settings, dataSourceId: body.dataSourceId ?? null, databaseName: body.dataSourceId != null ? place.databaseName : null, schemaName: body.dataSourceId != null ? place.schemaName : null });
    const charts = await repo.charts(d.id);
    await repo.update(d.id, { ...d, layout: normaliseLayout(d.layout, charts.map((c) => c.id)) });
    return id;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/chart/update', summary: 'Change a chart', tag: 'dashboard', body: ChartUpdate }, async ({ body }, req) => {
    const { chart } = await requireChart(repo, req, body.id);
    if (body.dataSourceId != null && body.dataSourceId !== chart.dataSourceId) await chartSource(deps, req.ctx, body.dataSourceId);
    const next: Chart = { ...chart, ...stripUndefined(body), settings: body.settings ? ChartSettings.parse(body.settings) : chart.settings };
    await repo.updateChart(chart.id, { name: next.name.trim(), type: next.type, sql: next.sql, settings: next.settings, dataSourceId: next.dataSourceId, databaseName: next.databaseName, schemaName: next.schemaName });
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/chart/delete', summary: 'Remove a chart from its dashboard', tag: 'dashboard', body: IdQuery }, async ({ body }, req) => {
    const { chart } = await requireChart(repo, req, body.id);
    await repo.deleteChart(chart.id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/chart/execute', summary: "Run a chart's query (read-only, bounded) with the viewer's grants", tag: 'dashboard', body: ChartExecute }, async ({ body }, req) => {
    if (body.id != null) {
      const { chart, dashboard } = await requireChart(repo, req, body.id);
      const place = chartPlace(chart, dashboard);
      try {
        const record = await chartSource(deps, req.ctx, place.dataSourceId);
        const result = await runChartQuery(deps, req.ctx, record, body.sql ?? chart.sql, place, auditActor(req));
        if (body.sql === undefined) await repo.storeRun(chart.id, { result });
        return result;
      } catch (e) {
        if (body.sql === undefined && e instanceof AppError && e.statusCode !== 403) await repo.storeRun(chart.id, { error: e.message });
        throw e;
      }
    }
    const dashboard = body.dashboardId != null ? await requireDashboard(repo, req, body.dashboardId) : null;
    const place = dashboard
      ? chartPlace({ dataSourceId: body.dataSourceId ?? null, databaseName: body.databaseName ?? null, schemaName: body.schemaName ?? null }, dashboard)
      : { dataSourceId: body.dataSourceId ?? null, databaseName: body.databaseName ?? null, schemaName: body.schemaName ?? null };
    const record = await chartSource(deps, req.ctx, place.dataSourceId);
    return runChartQuery(deps, req.ctx, record, body.sql ?? '', place, auditActor(req));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/chart/ai', summary: "A chart proposed by the AI for a question over the dashboard's dataset", tag: 'dashboard', body: ChartAiRequest }, async ({ body }, req) => {
    const d = await requireDashboard(repo, req, body.dashboardId);
    return proposeAiChart(deps, req, d, body.question);
  });
};

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export default dashboards;
