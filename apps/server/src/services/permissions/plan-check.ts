/**
 * Runs the second check of explain-check.ts: for each SELECT-like statement of a script that passed
 * the statement check, the engine's plan (EXPLAIN VERBOSE, FORMAT JSON — planned, never run) and the
 * scanned tables' columns, in the statement's database and schema. Anything it cannot have or read
 * refuses (fail closed).
 *
 * Cost (issue 28 point 2): one pooled connection for the whole script, and per statement one round
 * trip — the driver's read-only round (`BEGIN READ ONLY`, the plan, the columns of the tables the
 * statement names, `ROLLBACK`, under one Sync; see packages/drivers/src/postgres/read-only-round.ts).
 * Planning may run a user function (constant folding of an IMMUTABLE one): it runs inside that
 * read-only transaction, which is rolled back. A plan that scans other tables (a view's base tables)
 * takes a second round for their columns, after the plan. Columns are never kept across requests.
 */
import { DriverError, type Connection } from '@askdb/drivers';
import type { StatementAccess } from '@askdb/sql';
import type { DataSourceRecord } from '../../store/data-sources.js';
import type { ExecutionService } from '../execution.js';
import { columnsQuery, explainable, planRefusal, planUnreadable, relationsOf, scansOf } from './explain-check.js';
import type { CheckInput, Refusal } from './statement-check.js';

type Rows = (string | null)[][];
/** The driver's read-only round (PostgreSQL connections have it). */
type RoundRunner = { readOnlyRound(statements: string[], options: { databaseName?: string | null; schemaName?: string | null; timeoutMs?: number | null }): Promise<Rows[]> };

const hasRounds = (conn: Connection): conn is Connection & RoundRunner => typeof (conn as Partial<RoundRunner>).readOnlyRound === 'function';
const tableKey = (schema: string | null, table: string) => `${schema ?? 'public'}\u0000${table}`;

export async function planCheck(execution: ExecutionService | undefined, userId: number, record: DataSourceRecord, check: CheckInput, accesses: StatementAccess[]): Promise<Refusal | null> {
  const work = check.statements.map((s, i) => ({ access: accesses[i], sql: accesses[i] ? explainable(s.trim().replace(/;\s*$/, ''), accesses[i]!) : null })).filter((w) => w.sql !== null);
  if (!work.length) return null;
  if (!execution) return planUnreadable(check.place);
  const views = new Set((check.catalog?.views ?? []).map((v) => v.name));
  let leased: Awaited<ReturnType<ExecutionService['checkLease']>>;
  try {
    leased = await execution.checkLease(record, userId);
  } catch (e) {
    // No connection to plan on (pool busy past its wait, server down): the request fails as a connection
    // failure — still refused, but not told its grants are too narrow.
    if (e instanceof DriverError) throw e;
    return planUnreadable(check.place);
  }
  const { lease, limitMs } = leased;
  const conn = lease.conn;
  try {
    if (!hasRounds(conn)) return planUnreadable(check.place);
    const round = (statements: string[]) => conn.readOnlyRound(statements, { databaseName: check.place.databaseName, schemaName: check.place.schemaName, timeoutMs: limitMs });
    for (const { access, sql } of work) {
      const named = [...new Set(access!.reads.map((r) => r.table.name))];
      const [planRows, namedRows] = await round(named.length ? [sql!, columnsQuery([], named)] : [sql!]);
      const planText = planRows?.[0]?.[0];
      if (typeof planText !== 'string' || planRows!.length !== 1) return planUnreadable(check.place);
      const plan: unknown = JSON.parse(planText);
      const relations = relationsOf(plan);
      const columns = new Map<string, string[]>();
      const take = (rows: Rows | undefined) => {
        for (const [schema, table, list] of rows ?? []) if (schema && table && list) columns.set(tableKey(schema, table), JSON.parse(list) as string[]);
      };
      take(namedRows);
      const missing = relations.filter((r) => !columns.has(tableKey(r.schema, r.relation)));
      if (missing.length) take((await round([columnsQuery(missing)]))[0]);
      if (relations.some((r) => !columns.has(tableKey(r.schema, r.relation)))) return planUnreadable(check.place);
      const scans = scansOf(plan, (schema, relation) => columns.get(tableKey(schema, relation)) ?? null);
      const refusal = planRefusal(scans, access!, check.grants, check.place, access!.reads.some((t) => views.has(t.table.name)));
      if (refusal) return refusal;
    }
    return null;
  } catch (e) {
    if (conn.broken && e instanceof DriverError) throw e;
    return planUnreadable(check.place);
  } finally {
    // Never pooled inside a transaction (the round ends its own; a lost session is dropped).
    const open = conn.broken ? true : await conn.inTransaction?.().catch(() => true);
    lease.release(conn.broken || open !== false);
  }
}
