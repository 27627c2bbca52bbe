/** Metadata lists the chat needs (API.md): data sources, databases, schemas, tables and views. */
import { LIMITS, type DatabaseType } from '@askdb/contracts';
import { api } from '../../lib/api.js';

export interface DataSourceItem {
  id: number;
  alias: string;
  type: DatabaseType;
  hasPermission?: boolean;
  /** The database / schema the connection was configured with, if any. */
  databaseName?: string | null;
  schemaName?: string | null;
}

export interface Location {
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
}

interface Page<T> {
  data: T[];
}

export async function listDataSources(): Promise<DataSourceItem[]> {
  const page = await api<Page<DataSourceItem>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: LIMITS.pageSizeDataSources } });
  return page?.data ?? [];
}

/** Failed loads give empty lists (spec 01 §8). */
export const listDatabases = (dataSourceId: number) =>
  api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId } }).then((r) => r.map((d) => d.name), () => [] as string[]);

export const listSchemas = (dataSourceId: number, databaseName?: string | null) =>
  api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId, databaseName }, quietRefusal: true }).then((r) => r.map((s) => s.name), () => [] as string[]);

const SYSTEM_SCHEMAS = new Set(['information_schema', 'pg_catalog', 'pg_toast', 'sys', 'mysql', 'performance_schema', 'crdb_internal', 'pg_extension']);

/**
 * The database or schema to start from when only the data source is chosen: the one the
 * connection names, else the usual default (public, dbo, main), else the first that is not a
 * system catalog, else the first.
 */
export function preferredName(names: string[], configured?: string | null): string | undefined {
  if (configured && names.includes(configured)) return configured;
  for (const usual of ['public', 'dbo', 'main']) if (names.includes(usual)) return usual;
  return names.find((n) => !SYSTEM_SCHEMAS.has(n.toLowerCase()) && !/^pg_temp|^pg_toast/.test(n)) ?? names[0];
}

/** Tables for the mention popup: page 1000, searchable (spec 01 §7). */
export async function searchTables(loc: Location, searchKey: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api<Page<{ name: string }>>('/api/rdb/table/list', {
    query: { ...loc, pageNo: 1, pageSize: LIMITS.pageSizePopup, searchKey },
    signal,
    quietRefusal: true,
  });
  return (page?.data ?? []).map((t) => t.name);
}

export async function listViews(loc: Location): Promise<string[]> {
  const r = await api<{ name?: string; viewName?: string }[] | Page<{ name?: string; viewName?: string }>>('/api/rdb/view/list', { query: { ...loc }, quietRefusal: true }).catch(() => []);
  const list = Array.isArray(r) ? r : (r?.data ?? []);
  return list.map((v) => v.name ?? v.viewName ?? '').filter(Boolean);
}
