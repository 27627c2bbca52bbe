/** Dashboards and charts (API.md "Dashboards"): every path of this feature lives here. */
import type { Chart, ChartAiProposal, ChartResult, ChartSettings, ChartType, Dashboard, DashboardDataset, DataSourceSummary, GridItem, Page, RefreshRule } from '@askdb/contracts';
import { api } from '../../lib/api.js';
import { LIMITS } from '@askdb/contracts';

export interface DashboardInput {
  name: string;
  description: string;
  dataset: DashboardDataset;
  refresh: RefreshRule;
}
export interface ChartInput {
  name: string;
  type: ChartType;
  sql: string;
  settings: ChartSettings;
  dataSourceId?: number | null;
  databaseName?: string | null;
  schemaName?: string | null;
}
const clean = (c: Partial<ChartInput>) => ({ ...c, dataSourceId: c.dataSourceId ?? null, databaseName: c.databaseName || null, schemaName: c.schemaName || null });

export const dashboardApi = {
  list: () => api<Page<Dashboard>>('/api/dashboard/list', { query: { pageNo: 1, pageSize: 100 } }).then((p) => p.data),
  get: (id: number) => api<Dashboard>('/api/dashboard/get', { query: { id } }),
  create: (d: DashboardInput) => api<number>('/api/dashboard/create', { body: d }),
  update: (id: number, d: Partial<DashboardInput> & { layout?: GridItem[] }) => api<boolean>('/api/dashboard/update', { body: { id, ...d } }),
  remove: (id: number) => api<boolean>('/api/dashboard/delete', { body: { id } }),
  previewRule: (r: RefreshRule) => api<string[]>('/api/dashboard/refresh_preview', { body: r }),
  charts: (dashboardId: number) => api<Chart[]>('/api/chart/list', { query: { dashboardId } }),
  createChart: (dashboardId: number, c: ChartInput) => api<number>('/api/chart/create', { body: { dashboardId, ...clean(c) } }),
  updateChart: (id: number, c: Partial<ChartInput>) => api<boolean>('/api/chart/update', { body: { id, ...clean(c) } }),
  removeChart: (id: number) => api<boolean>('/api/chart/delete', { body: { id } }),
  /** Runs a saved chart (its result becomes the chart's last). */
  run: (id: number) => api<ChartResult>('/api/chart/execute', { body: { id } }),
  /** Runs unsaved SQL (the editor's preview). */
  preview: (q: { dashboardId: number; sql: string; dataSourceId?: number | null; databaseName?: string | null; schemaName?: string | null }) =>
    api<ChartResult>('/api/chart/execute', { body: { dashboardId: q.dashboardId, sql: q.sql, dataSourceId: q.dataSourceId ?? undefined, databaseName: q.databaseName || undefined, schemaName: q.schemaName || undefined } }),
  ai: (dashboardId: number, question: string) => api<ChartAiProposal>('/api/chart/ai', { body: { dashboardId, question } }),
  dataSources: () => api<Page<DataSourceSummary>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 1000 } }).then((p) => p.data),
  databases: (dataSourceId: number) => api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId }, quietRefusal: true }),
  schemas: (dataSourceId: number, databaseName?: string) => api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId, databaseName }, quietRefusal: true }),
  collections: () => api<Page<{ id: number; title: string }> | { id: number; title: string }[]>('/api/ai/data_collection/list', { query: { pageNo: 1, pageSize: LIMITS.pageSizeDataCollections } }).then((r) => (Array.isArray(r) ? r : r.data)),
};
