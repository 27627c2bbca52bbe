/** The table editor's two server calls: the table as the editor model, and the DDL of an edited model. */
import type { TableEditModelResult, TableEditSqlInput, TableEditSqlResult } from '@askdb/contracts';
import { api } from '../../lib/api';
import type { Location } from '../workspace/meta-api';

const place = (l: Location) => ({ dataSourceId: l.dataSourceId, databaseName: l.databaseName ?? null, schemaName: l.schemaName ?? null });

export const tableEditApi = {
  /** Without a table name: what the editor offers to create a table there (`table` is null). */
  model: (l: Location, tableName?: string | null) =>
    api<TableEditModelResult>('/api/rdb/table/edit_model', { body: { ...place(l), ...(tableName ? { tableName } : {}) } }),
  sql: (l: Location, input: Omit<TableEditSqlInput, 'dataSourceId' | 'databaseName' | 'schemaName'>, signal?: AbortSignal) =>
    api<TableEditSqlResult>('/api/rdb/table/edit_sql', { body: { ...place(l), ...input }, signal }),
};
