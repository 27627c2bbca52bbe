/**
 * Typed calls of the metadata, data source, group, console and execute endpoints (shared/API.md) used
 * by the workspace features. One place, so every feature asks the server the same way.
 */
import type { DataSourceSummary, ExecuteResult, Page, SavedConsole } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';
import { api } from '../../lib/api';

export interface Location {
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
}
export interface TableLocation extends Location {
  tableName: string;
}
export interface TableItem { name: string; comment: string | null; pinned: boolean; details?: Record<string, string | number | null>; /** false: a member's grants do not cover it. */ hasPermission?: boolean }
export interface ColumnItem {
  name: string;
  columnType: string;
  dataType: string;
  nullable: boolean;
  defaultValue: string | null;
  comment: string | null;
  primaryKey: boolean;
  autoIncrement: boolean;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
}
export interface KeyItem {
  name: string;
  type: 'PRIMARY' | 'UNIQUE' | 'FOREIGN' | 'CHECK';
  columns: string[];
  referencedTable?: string | null;
  referencedSchema?: string | null;
  referencedColumns?: string[];
}
export interface IndexItem {
  name: string;
  unique: boolean;
  primary?: boolean;
  method?: string | null;
  columns: { name: string; order?: 'ASC' | 'DESC'; expression?: string }[];
}
export interface RoutineParameter { parameterName: string; parameterType: string }
export interface RoutineItem {
  name: string; functionName?: string; procedureName?: string; specificName?: string; comment?: string | null; returnType?: string | null;
  parameters?: RoutineParameter[];
}
export interface RoutineDetail { name: string; specificName: string | null; definition: string | null }
export interface TriggerItem { name: string; tableName?: string | null; event?: string | null; timing?: string | null; definition?: string | null }
export interface ViewItem { name: string; comment: string | null; definition?: string | null; hasPermission?: boolean }
export interface GroupItem { id: number; name: string; parentId: number | null; sortOrder: number }

const q = (l: Location, extra: Record<string, unknown> = {}) => ({
  dataSourceId: l.dataSourceId,
  databaseName: l.databaseName ?? undefined,
  schemaName: l.schemaName ?? undefined,
  ...extra,
});

export const metaApi = {
  dataSources: () => api<Page<DataSourceSummary>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: LIMITS.pageSizeDataSources } }),
  dataSource: (id: number) => api<DataSourceSummary>(`/api/connection/datasource/${id}`),
  groups: () => api<GroupItem[]>('/api/connection/group/list'),
  consoles: () =>
    api<Page<SavedConsole>>('/api/operation/saved/list', { query: { pageNo: 1, pageSize: 1000, status: 'RELEASE', orderByDesc: true } }),
  databases: (l: Location, refresh?: boolean) => api<{ name: string }[]>('/api/rdb/database/list', { query: q(l, { refresh }) }),
  schemas: (l: Location, refresh?: boolean) => api<{ name: string; databaseName: string | null }[]>('/api/rdb/schema/list', { query: q(l, { refresh }) }),
  tables: (l: Location, opts: { refresh?: boolean; searchKey?: string; pageSize?: number } = {}) =>
    api<Page<TableItem>>('/api/rdb/table/list', {
      query: q(l, { refresh: opts.refresh, searchKey: opts.searchKey, pageNo: 1, pageSize: opts.pageSize ?? LIMITS.pageSizeTreeTables }),
    }),
  /** One page of tables (Redis: keys with their type, ttl and size), searched on the server. */
  tablePage: (l: Location, opts: { pageNo: number; pageSize: number; searchKey?: string; refresh?: boolean }) =>
    api<Page<TableItem>>('/api/rdb/table/list', { query: q(l, { ...opts, searchKey: opts.searchKey || undefined }) }),
  columns: (l: TableLocation, refresh?: boolean) => api<ColumnItem[]>('/api/rdb/table/column_list', { query: q(l, { tableName: l.tableName, refresh }) }),
  keys: (l: TableLocation, refresh?: boolean) => api<KeyItem[]>('/api/rdb/table/key_list', { query: q(l, { tableName: l.tableName, refresh }) }),
  indexes: (l: TableLocation, refresh?: boolean) => api<IndexItem[]>('/api/rdb/table/index_list', { query: q(l, { tableName: l.tableName, refresh }) }),
  views: (l: Location, refresh?: boolean) => api<ViewItem[]>('/api/rdb/view/list', { query: q(l, { refresh }) }),
  viewColumns: (l: TableLocation, refresh?: boolean) => api<ColumnItem[]>('/api/rdb/view/column_list', { query: q(l, { tableName: l.tableName, refresh }) }),
  functions: (l: Location, refresh?: boolean) => api<RoutineItem[]>('/api/rdb/function/list', { query: q(l, { refresh }) }),
  procedures: (l: Location, refresh?: boolean) => api<RoutineItem[]>('/api/rdb/procedure/list', { query: q(l, { refresh }) }),
  routine: (l: Location, kind: 'FUNCTION' | 'PROCEDURE', name: string, specificName?: string | null) =>
    api<RoutineDetail>(`/api/rdb/${kind.toLowerCase()}/detail`, {
      query: q(l, kind === 'FUNCTION' ? { functionName: name, specificName: specificName ?? undefined } : { procedureName: name }),
    }),
  triggers: (l: Location, refresh?: boolean) => api<TriggerItem[]>('/api/rdb/trigger/list', { query: q(l, { refresh }) }),
  tableDdl: (l: TableLocation) => api<string>('/api/rdb/table/ddl', { query: q(l, { tableName: l.tableName }) }),
  pin: (l: TableLocation, pinned: boolean) =>
    api<boolean>('/api/rdb/table/pin', { body: { dataSourceId: l.dataSourceId, databaseName: l.databaseName ?? null, schemaName: l.schemaName ?? null, tableName: l.tableName, pinned } }),
  execute: (l: Location, sql: string, opts: { pageSize?: number; errorContinue?: boolean; consoleId?: number; signal?: AbortSignal } = {}) =>
    api<ExecuteResult[]>('/api/rdb/dml/execute', {
      body: {
        sql,
        dataSourceId: l.dataSourceId,
        databaseName: l.databaseName ?? null,
        schemaName: l.schemaName ?? null,
        pageSize: opts.pageSize ?? LIMITS.defaultExecutePageSize,
        errorContinue: opts.errorContinue ?? true,
        ...(opts.consoleId != null ? { consoleId: opts.consoleId } : {}),
      },
      signal: opts.signal,
    }),
};
