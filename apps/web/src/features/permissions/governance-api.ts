/**
 * The web app's one client for team governance (API.md "Permissions, approvals and audit"):
 * authorizations, applications and approval flows. The SQL audit page keeps its own (team/audit).
 */
import type { ApprovalFlowDetail, ApprovalFlowSummary, ApprovalScopeItem, ApprovalStatus, DataSourceSummary, Page } from '@askdb/contracts';
import { api } from '../../lib/api';

export type { ApprovalFlowDetail, ApprovalFlowSummary, ApprovalStatus };

export type GrantAction = 'READ' | 'WRITE' | 'DDL';
export const GRANT_ACTIONS: GrantAction[] = ['READ', 'WRITE', 'DDL'];
export type GrantLevel = 'DATA_SOURCE' | 'DATABASE' | 'SCHEMA' | 'TABLE' | 'COLUMN';

/** A row of GET /api/permission/authorization/list (spec 02 §2: name, description, type, validity, detail). */
export interface AuthorizationRow {
  id: number;
  /** The grantee's name. */
  name: string;
  /** What is granted, in the caller's language. */
  description: string;
  type: GrantLevel;
  validity: { permanent: boolean; expireAt: string | null; expired: boolean; text: string };
  detail: {
    userId: number;
    userName: string;
    dataSourceId: number;
    dataSourceName: string;
    databaseName: string | null;
    schemaName: string | null;
    tableName: string | null;
    columns: string[] | null;
    actions: GrantAction[];
    grantedBy: number;
    grantedByName: string;
    approvalId: number | null;
    gmtCreate: string;
  };
}

export interface GrantInput {
  userId: number;
  dataSourceId: number;
  databaseName?: string;
  schemaName?: string;
  tableName?: string;
  columns?: string[];
  actions: GrantAction[];
  /** ISO 8601, or null for a permanent grant. */
  expireAt: string | null;
}

/** The apply form (spec 02 §3 "Permission request payload"); also what a 403 refusal's `data` prefills. */
export interface ApplyInput {
  applyType: 'data' | 'script';
  script?: string;
  dataSourceId: number;
  databaseName?: string;
  schemaName?: string;
  dataSourceName?: string;
  reason: string;
  /** data: the refused tables and columns (issue 25 point 6). */
  tables?: ApprovalScopeItem[];
  /** data: the validity asked for (null: no expiry). */
  expireAt?: string | null;
}
export type ApplyPrefill = Partial<Omit<ApplyInput, 'reason'>>;

/** The approval list filter: `all` or a flow status. */
export type StatusFilter = 'all' | ApprovalStatus;

const listQuery = (status: StatusFilter, pageNo: number, pageSize: number) => ({ status: status === 'all' ? undefined : status, pageNo, pageSize });

export const governanceApi = {
  authorizations: (pageNo: number, pageSize: number) => api<Page<AuthorizationRow>>('/api/permission/authorization/list', { query: { pageNo, pageSize } }),
  grant: (g: GrantInput) => api<number>('/api/permission/authorization/create', { body: g }),
  deleteAuthorization: (id: number) => api<boolean>(`/api/permission/authorization/${id}`, { method: 'DELETE' }),

  apply: (a: ApplyInput) => api<{ approvalId: number }>('/api/permission/apply', { body: a }),
  myApplications: (status: StatusFilter, pageNo: number, pageSize: number) => api<Page<ApprovalFlowSummary>>('/api/permission/apply/list', { query: listQuery(status, pageNo, pageSize) }),

  approvals: (status: StatusFilter, pageNo: number, pageSize: number) => api<Page<ApprovalFlowSummary>>('/api/approval/list', { query: listQuery(status, pageNo, pageSize) }),
  approval: (id: number) => api<ApprovalFlowDetail>(`/api/approval/${id}`),
  pendingCount: () => api<{ count: number }>('/api/approval/pending_count', { quietRefusal: true }),
  /** `narrowing`: a data flow's tables and expiry as the approver grants them. */
  approve: (id: number, comment?: string, narrowing: { tables?: ApprovalScopeItem[]; expireAt?: string | null } = {}) => api<boolean>('/api/approval/approve', { body: { id, comment, ...narrowing } }),
  reject: (id: number, comment?: string) => api<boolean>('/api/approval/reject', { body: { id, comment } }),
  revoke: (id: number, comment?: string) => api<boolean>('/api/approval/revoke', { body: { id, comment } }),
  transfer: (id: number, userId: number, comment?: string) => api<boolean>('/api/approval/transfer', { body: { id, userId, comment } }),
  addSignature: (id: number, userIds: number[], comment?: string) => api<boolean>('/api/approval/add_signature', { body: { id, userIds, comment } }),

  /** Data sources of the current team for the pickers (the grant form keeps the SHARED ones). */
  dataSources: () => api<Page<DataSourceSummary>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 1000 } }),
  databases: (dataSourceId: number) => api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId } }),
  schemas: (dataSourceId: number, databaseName?: string) => api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId, databaseName } }),
  tables: (dataSourceId: number, databaseName?: string, schemaName?: string) =>
    api<Page<{ name: string }>>('/api/rdb/table/list', { query: { dataSourceId, databaseName, schemaName, pageNo: 1, pageSize: 1000 } }),
  columns: (dataSourceId: number, tableName: string, databaseName?: string, schemaName?: string) =>
    api<{ name: string }[]>('/api/rdb/table/column_list', { query: { dataSourceId, databaseName, schemaName, tableName } }),
};
