/**
 * One audited statement as the execution service hands it over (cheap to build on the query path),
 * and its store row (built by the writer, off the query path): statement type from packages/sql,
 * text bounded and cleaned of what the store refuses.
 */
import { dialectFor, statementType } from '@askdb/sql';
import type { AuditActor } from '../../http/audit-actor.js';
import type { NewAuditRow } from '../../store/sql-audit.js';

export interface AuditEntry {
  actor: AuditActor;
  dataSourceId: number;
  /** The data source's engine (DatabaseType), for classifying the statement. */
  dbType: string;
  databaseName: string | null;
  schemaName: string | null;
  sql: string;
  /** Epoch milliseconds. */
  startTime: number;
  durationMs: number;
  rowCount: number | null;
  success: boolean;
  message: string | null;
}

/** Longest SQL text kept in a row; a longer script keeps its start and says how long it was. */
export const AUDIT_SQL_MAX = 100_000;
const MESSAGE_MAX = 4000;

/** PostgreSQL text refuses NUL; varchar columns refuse longer values. */
function clean(s: string | null, max: number): string | null {
  if (s === null) return null;
  const t = s.includes('\u0000') ? s.replace(/\u0000/g, '\uFFFD') : s;
  return t.length > max ? t.slice(0, max) : t;
}

export function auditSqlText(sql: string): string {
  if (sql.length <= AUDIT_SQL_MAX) return clean(sql, AUDIT_SQL_MAX)!;
  return `${clean(sql.slice(0, AUDIT_SQL_MAX), AUDIT_SQL_MAX)}\n-- [truncated by the audit: ${sql.length} characters in all]`;
}

export function toAuditRow(e: AuditEntry): NewAuditRow {
  const durationMs = Number.isFinite(e.durationMs) ? Math.max(0, Math.min(2_147_483_647, Math.round(e.durationMs))) : 0;
  return {
    organization_id: e.actor.organizationId,
    user_id: e.actor.userId,
    data_source_id: e.dataSourceId,
    database_name: clean(e.databaseName, 255),
    schema_name: clean(e.schemaName, 255),
    statement_type: statementType(e.sql, dialectFor(e.dbType).splitter),
    sql_text: auditSqlText(e.sql),
    start_time: new Date(e.startTime).toISOString(),
    duration_ms: durationMs,
    row_count: e.rowCount,
    success: e.success ? 1 : 0,
    message: clean(e.message, MESSAGE_MAX) || null,
    client_ip: clean(e.actor.clientIp, 64),
  };
}
