/** SQL audit calls of the web app (API.md "Permissions, approvals and audit"). */
import type { DataSourceSummary, Page, SqlAuditRecord, SqlStatementType } from '@askdb/contracts';
import { api } from '../../../lib/api';

export type { SqlAuditRecord };

/** GET /api/admin/audit (operator): retention and this server's writer counts. */
export interface AuditStatus {
  retentionDays: number;
  queued: number;
  written: number;
  lost: number;
  failedWrites: number;
  lastError: string | null;
}

export interface AuditFilters {
  userId?: number;
  dataSourceId?: number;
  statementType?: SqlStatementType;
  /** ISO 8601. */
  from?: string;
  to?: string;
  searchKey?: string;
}

const clean = (f: AuditFilters) => ({ ...f, searchKey: f.searchKey?.trim() || undefined });

export const auditApi = {
  list: (f: AuditFilters, pageNo: number, pageSize: number) => api<Page<SqlAuditRecord>>('/api/audit/sql/list', { query: { ...clean(f), pageNo, pageSize } }),
  /** The export is a plain download (the browser streams it to disk); `language` names the CSV's columns. */
  exportUrl: (f: AuditFilters, language: string) => {
    const q = Object.entries({ ...clean(f), language }).filter(([, v]) => v !== undefined && v !== '');
    return `/api/audit/sql/export?${new URLSearchParams(q.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  },
  status: () => api<AuditStatus>('/api/admin/audit'),
  setRetention: (days: number) => api<{ retentionDays: number }>('/api/admin/audit/retention', { body: { days } }),
  dataSources: () => api<Page<DataSourceSummary>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 1000 } }),
};
