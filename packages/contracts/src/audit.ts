/** SQL audit (API.md "Permissions, approvals and audit"; spec 02 §3 "SQL audit"). */
import { z } from 'zod';
import { SQL_STATEMENT_TYPES, type SqlStatementType } from './enums.js';

/** A point in time as ISO 8601 or epoch milliseconds. */
const Instant = z
  .union([z.string().trim().max(40), z.number()])
  .transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^\d{1,15}$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 date-time or epoch milliseconds' });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

export const SqlAuditQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  dataSourceId: z.coerce.number().int().positive().optional(),
  statementType: z.enum(SQL_STATEMENT_TYPES).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
  searchKey: z.string().max(1000).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type SqlAuditQuery = z.output<typeof SqlAuditQuery>;

export interface SqlAuditRecord {
  id: number;
  userId: number;
  userName: string | null;
  dataSourceId: number;
  databaseName: string | null;
  schemaName: string | null;
  statementType: SqlStatementType;
  sql: string;
  /** ISO 8601 UTC. */
  startTime: string;
  /** Milliseconds. */
  duration: number;
  /** Rows affected (DML) or returned (queries); null when the engine does not say. */
  rowCount: number | null;
  success: boolean;
  message: string | null;
  clientIp: string | null;
}

/** Deployment-wide retention of audit rows (operator setting). */
export const AuditRetentionInput = z.object({ days: z.coerce.number().int().min(1).max(36_500) });
