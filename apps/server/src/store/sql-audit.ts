/**
 * The sql_audit table: batched appends (one multi-row INSERT), the audit page's filtered pages and
 * streamed export, pruning by age. No update or single-row delete exists: rows are append-only.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { SqlAuditRecord, SqlStatementType } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import type { StoreSchema, SqlAuditTable } from './schema.js';

export type NewAuditRow = Omit<SqlAuditTable, 'id'>;

export interface AuditFilter {
  organizationId: number;
  userId?: number;
  dataSourceId?: number;
  statementType?: SqlStatementType;
  /** ISO 8601 UTC, inclusive. */
  from?: string;
  /** ISO 8601 UTC, inclusive. */
  to?: string;
  searchKey?: string;
}

/** Rows per INSERT: 14 values each, well under SQLite's and PostgreSQL's bound-parameter limits. */
export const AUDIT_INSERT_CHUNK = 500;
const PRUNE_CHUNK = 5000;

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SqlAuditRepo {
  constructor(private readonly db: StoreDb) {}

  async insertMany(rows: NewAuditRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += AUDIT_INSERT_CHUNK) {
      await this.db.insertInto('sql_audit').values(rows.slice(i, i + AUDIT_INSERT_CHUNK)).execute();
    }
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('sql_audit as a').where('a.organization_id', '=', f.organizationId);
    if (f.userId != null) q = q.where('a.user_id', '=', f.userId);
    if (f.dataSourceId != null) q = q.where('a.data_source_id', '=', f.dataSourceId);
    if (f.statementType) q = q.where('a.statement_type', '=', f.statementType);
    if (f.from) q = q.where('a.start_time', '>=', f.from);
    if (f.to) q = q.where('a.start_time', '<=', f.to);
    const key = f.searchKey?.trim();
    if (key) q = q.where(sql<boolean>`lower(a.sql_text) like ${likePattern(key)} escape '\\'`);
    return q;
  }

  private withUser(q: ReturnType<SqlAuditRepo['filtered']>) {
    return q
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.user_id', 'u.name as user_name', 'a.data_source_id', 'a.database_name', 'a.schema_name', 'a.statement_type', 'a.sql_text', 'a.start_time', 'a.duration_ms', 'a.row_count', 'a.success', 'a.message', 'a.client_ip']);
  }

  /** One page, newest first, and how many rows match in all. */
  async page(f: AuditFilter, pageNo: number, pageSize: number): Promise<{ rows: SqlAuditRecord[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.withUser(this.filtered(f)).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows.map(toRecord), total: Number(count?.n ?? 0) };
  }

  /** Every matching row, newest first, read in chunks by key (an export of millions of rows never sits in memory). */
  async *each(f: AuditFilter, chunk = 1000): AsyncGenerator<SqlAuditRecord[]> {
    let before: number | null = null;
    for (;;) {
      let q = this.filtered(f);
      if (before !== null) q = q.where('a.id', '<', before);
      const rows = await this.withUser(q).orderBy('a.id', 'desc').limit(chunk).execute();
      if (rows.length === 0) return;
      yield rows.map(toRecord);
      if (rows.length < chunk) return;
      before = Number(rows[rows.length - 1]!.id);
    }
  }

  /**
   * Deletes rows that started before `cutoff` (ISO), in chunks so no single statement holds the store
   * for long. Idempotent: two replicas pruning at once only share the work. Returns the rows deleted.
   */
  async pruneBefore(cutoff: string): Promise<number> {
    let total = 0;
    for (;;) {
      const ids = this.db.selectFrom('sql_audit').select('id').where('start_time', '<', cutoff).limit(PRUNE_CHUNK);
      const r = await this.db.deleteFrom('sql_audit').where('id', 'in', ids).executeTakeFirst();
      const n = Number(r.numDeletedRows ?? 0);
      total += n;
      if (n < PRUNE_CHUNK) return total;
    }
  }

  /** Whether the store answers at all (tells an outage from a row it refuses). */
  async ping(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }

  async count(organizationId?: number): Promise<number> {
    let q: SelectQueryBuilder<StoreSchema, 'sql_audit', object> = this.db.selectFrom('sql_audit');
    if (organizationId != null) q = q.where('organization_id', '=', organizationId);
    const r = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}

function toRecord(r: {
  id: number | string; user_id: number; user_name: string | null; data_source_id: number; database_name: string | null; schema_name: string | null;
  statement_type: string; sql_text: string; start_time: string; duration_ms: number; row_count: number | string | null; success: number; message: string | null; client_ip: string | null;
}): SqlAuditRecord {
  return {
    id: Number(r.id),
    userId: r.user_id,
    userName: r.user_name,
    dataSourceId: r.data_source_id,
    databaseName: r.database_name,
    schemaName: r.schema_name,
    statementType: r.statement_type as SqlStatementType,
    sql: r.sql_text,
    startTime: r.start_time,
    duration: r.duration_ms,
    rowCount: r.row_count === null ? null : Number(r.row_count),
    success: !!r.success,
    message: r.message,
    clientIp: r.client_ip,
  };
}
