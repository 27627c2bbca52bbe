/** Opening the non-console tab types (spec 01 §2) for a table/schema location; ids make each tab unique. */
import type { DatabaseType, TabType } from '@askdb/contracts';
import { useTabs, type TabBinding } from './tabs-store';

export interface TabTarget extends TabBinding {
  dataSourceId: number;
  databaseType: DatabaseType;
  tableName?: string | null;
}

export function tabId(type: TabType, t: TabTarget): string {
  const parts = [t.dataSourceId, t.databaseName ?? '', t.schemaName ?? '', t.tableName ?? ''].map((p) => encodeURIComponent(String(p)));
  return `${type.toLowerCase().replaceAll('_', '-')}-${parts.join('-')}`;
}

function open(type: TabType, t: TabTarget, title: string, params?: Record<string, unknown>, idSuffix = ''): void {
  useTabs.getState().open({
    id: tabId(type, t) + idSuffix,
    type,
    title,
    dataSourceId: t.dataSourceId,
    dataSourceName: t.dataSourceName ?? null,
    databaseType: t.databaseType,
    databaseName: t.databaseName ?? null,
    schemaName: t.schemaName ?? null,
    tableName: t.tableName ?? null,
    params,
  });
}

export const openTab = {
  tableData: (t: TabTarget, opts: { readOnly?: boolean } = {}) => open('EDIT_TABLE_DATA', t, t.tableName!, opts.readOnly ? { readOnly: true } : undefined),
  editTable: (t: TabTarget) => open('EDIT_TABLE', t, t.tableName!),
  createTable: (t: TabTarget) => open('CREATE_TABLE', { ...t, tableName: null }, '', undefined, `-${Date.now().toString(36)}`),
  ddl: (t: TabTarget) => open('VIEW_DDL', t, t.tableName!),
  allTables: (t: TabTarget) => open('VIEW_ALL_TABLES', { ...t, tableName: null }, t.schemaName ?? t.databaseName ?? t.dataSourceName ?? ''),
  allViews: (t: TabTarget) => open('VIEW_ALL_VIEWS', { ...t, tableName: null }, t.schemaName ?? t.databaseName ?? t.dataSourceName ?? ''),
  erModel: (t: TabTarget) => open('ER_MODEL', { ...t, tableName: null }, t.schemaName ?? t.databaseName ?? t.dataSourceName ?? ''),
  /** Every key of a Redis database (the redis feature renders this type). */
  redisAllData: (t: TabTarget) => open('REDIS_ALL_DATA', { ...t, schemaName: null, tableName: null }, t.databaseName ?? '0'),
  /** A view's or trigger's definition in the SQL editor (the console feature renders these types). */
  definition: (type: 'VIEW_VIEW' | 'TRIGGER', t: TabTarget & { tableName: string }, ddl: string) => open(type, t, t.tableName, { ddl }),
  /** A function's or procedure's CREATE text in the SQL editor; each overload gets its own tab. */
  routine: (type: 'FUNCTION' | 'PROCEDURE', t: TabTarget, name: string, specificName: string | null | undefined, ddl: string) =>
    open(type, { ...t, tableName: null }, name, { ddl }, `-${encodeURIComponent(specificName ?? name)}`),
};
