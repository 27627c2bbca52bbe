/**
 * An Oracle connection (oracledb thin): queries read through a result set in batches, NUMBER and
 * LOBs fetched as text, cancel through connection.break(), errors with their ORA code and offset.
 * Statements auto-commit unless the data source sets options.autoCommit = "false".
 */
import oracledb from 'oracledb';
import type { Dialect } from '@askdb/sql';
import type { Connection, ExecuteOptions, Metadata } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import { positionFromCodePointOffset } from '../shared/position.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { headerOf } from '../values.js';
import { OracleMetadata } from './metadata.js';
import { oracleCell, oracleFetchType, oracleNativeType, type OracleMeta } from './values.js';
import { RunnerConnection } from '../shared/runner-connection.js';

type OracleConnectionHandle = oracledb.Connection;

const LOB_AS_TEXT = (meta: { dbType?: unknown }) =>
  meta.dbType === oracledb.DB_TYPE_CLOB || meta.dbType === oracledb.DB_TYPE_NCLOB ? { type: oracledb.STRING } : undefined;

export class OracleConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private closed = false;
  private running = false;
  private appliedSchema: string | null = null;
  protected readonly runner: StatementRunner;

  constructor(private readonly conn: OracleConnectionHandle, private readonly dialect: Dialect, private readonly tunnel: Tunnel | null, private readonly autoCommit: boolean, user: string) {
    super();
    this.metadata = new OracleMetadata(async <T>(sql: string, binds: Record<string, unknown> = {}) => {
      const result = await conn.execute(sql, binds, { outFormat: oracledb.OUT_FORMAT_OBJECT, fetchTypeHandler: LOB_AS_TEXT as never });
      return (result.rows ?? []) as T[];
    }, dialect, () => this.appliedSchema ?? user.toUpperCase());
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: async () => { if (this.running) await conn.break(); },
      describeError: (err, sql) => describeOracleError(err, sql),
    });
  }

  get broken(): boolean {
    return this.closed || !this.conn.isHealthy() || (this.tunnel?.closed ?? false);
  }

  /** EXPLAIN PLAN only stores the plan: the body then shows it with DBMS_XPLAN.DISPLAY. */
  explainSql(sql: string): string {
    return `EXPLAIN PLAN FOR ${sql}`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.conn.close().catch(() => undefined);
    await this.tunnel?.close();
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    if (options.schemaName && options.schemaName !== this.appliedSchema) {
      await this.conn.execute(`ALTER SESSION SET CURRENT_SCHEMA = ${this.dialect.quoteIdentifier(options.schemaName, true)}`);
      this.appliedSchema = options.schemaName;
    }
    this.running = true;
    try {
      const batch = Math.max(options.pageSize ?? 200, 500);
      const result = await this.conn.execute(sql, [], {
        resultSet: true, outFormat: oracledb.OUT_FORMAT_ARRAY, fetchArraySize: batch, autoCommit: this.autoCommit,
        fetchTypeHandler: oracleFetchType as never,
      });
      if (/^\s*EXPLAIN\s+PLAN\b/i.test(sql)) return yield* this.body('SELECT plan_table_output AS "PLAN" FROM TABLE(DBMS_XPLAN.DISPLAY())', options);
      const rs = result.resultSet;
      if (!rs) return { updateCount: result.rowsAffected ?? null };
      const meta = (result.metaData ?? []) as OracleMeta[];
      try {
        yield { type: 'header', columns: meta.map((m) => headerOf(this.dialect, m.name, oracleNativeType(m))) };
        for (;;) {
          const rows = (await rs.getRows(batch)) as unknown[][];
          if (!rows.length) break;
          yield { type: 'rows', rows: rows.map((row) => row.map((v, i) => oracleCell(v, meta[i]!))) };
          if (rows.length < batch) break;
        }
      } finally {
        await rs.close().catch(() => undefined);
      }
      return { updateCount: null };
    } finally {
      this.running = false;
    }
  }
}

function describeOracleError(err: unknown, sql: string): StatementFailure {
  const e = err as { errorNum?: number; offset?: number };
  const text = messageOf(err);
  if (e.errorNum === 1013) return { message: 'The statement was cancelled.', cancelled: true };
  return { message: text, errorPosition: typeof e.offset === 'number' && e.offset > 0 ? positionFromCodePointOffset(sql, e.offset) : null };
}
