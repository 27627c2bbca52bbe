/**
 * Import / export tasks (migration 0014). State transitions are conditional updates: a task starts
 * only from INITIALIZING and finishes only from INITIALIZING or RUNNING, so a second replica (or a
 * retried job) running the same task changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { TaskKind, TaskRowError, TaskState, TaskView } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface TasksTable {
  id: import('kysely').Generated<number>;
  organization_id: number;
  user_id: number;
  kind: string;
  state: string;
  title: string;
  format: string;
  data_source_id: number | null;
  database_name: string | null;
  schema_name: string | null;
  table_name: string | null;
  params_json: string;
  input_path: string | null;
  output_path: string | null;
  file_name: string | null;
  processed_rows: number | string;
  committed_rows: number | string;
  failed_rows: number | string;
  total_bytes: number | string | null;
  processed_bytes: number | string;
  error: string | null;
  row_errors_json: string;
  cancel_requested: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Migration 0021: the process running the task and the time its claim lapses unless renewed. */
  runner?: string | null;
  lease_until?: string | null;
}
type TaskDb = Kysely<{ tasks: TasksTable }>;
const tdb = (db: StoreDb): TaskDb => (db as unknown as Kysely<any>).withTables<{ tasks: TasksTable }>() as unknown as TaskDb;

/** A task as stored: the view without what the service derives (percent, downloadable), plus the owner and the private fields. */
export interface TaskRecord extends Omit<TaskView, 'percent' | 'downloadable'> {
  organizationId: number;
  userId: number;
  params: Record<string, unknown>;
  inputPath: string | null;
  outputPath: string | null;
  cancelRequested: boolean;
}

/**
 * This process as a task runner, and how long a claim lasts without renewal (services/tasks/lease.ts
 * renews it while the process lives and sets `ms` from ASKDB_TASK_LEASE_SECONDS).
 */
export const taskLease = { runner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, ms: 60_000 };
const leaseUntil = () => new Date(Date.now() + taskLease.ms).toISOString();

const num = (v: number | string | null) => (v === null ? null : Number(v));
function toRecord(r: TasksTable & { id: number }): TaskRecord {
  return {
    id: r.id, organizationId: r.organization_id, userId: r.user_id, kind: r.kind as TaskKind, state: r.state as TaskState,
    title: r.title, format: r.format, dataSourceId: r.data_source_id, databaseName: r.database_name, schemaName: r.schema_name,
    tableName: r.table_name, params: JSON.parse(r.params_json), inputPath: r.input_path, outputPath: r.output_path, fileName: r.file_name,
    processedRows: Number(r.processed_rows), committedRows: Number(r.committed_rows), failedRows: Number(r.failed_rows),
    totalBytes: num(r.total_bytes), processedBytes: Number(r.processed_bytes), error: r.error, rowErrors: JSON.parse(r.row_errors_json),
    cancelRequested: !!r.cancel_requested, createdAt: r.created_at, updatedAt: r.updated_at, finishedAt: r.finished_at,
  };
}

export interface NewTask {
  organizationId: number;
  userId: number;
  kind: TaskKind;
  title: string;
  format: string;
  dataSourceId: number | null;
  databaseName?: string | null;
  schemaName?: string | null;
  tableName?: string | null;
  params: Record<string, unknown>;
  inputPath?: string | null;
  totalBytes?: number | null;
}

export interface TaskProgress {
  processedRows: number;
  committedRows: number;
  failedRows: number;
  processedBytes: number;
  rowErrors?: TaskRowError[];
}

export class TaskRepo {
  private readonly db: TaskDb;
  constructor(store: StoreDb) {
    this.db = tdb(store);
  }

  async create(t: NewTask): Promise<number> {
    const now = nowIso();
    const r = await this.db.insertInto('tasks').values({
      organization_id: t.organizationId, user_id: t.userId, kind: t.kind, state: 'INITIALIZING', title: t.title, format: t.format,
      data_source_id: t.dataSourceId, database_name: t.databaseName ?? null, schema_name: t.schemaName ?? null, table_name: t.tableName ?? null,
      params_json: JSON.stringify(t.params), input_path: t.inputPath ?? null, output_path: null, file_name: null, total_bytes: t.totalBytes ?? null,
      error: null, row_errors_json: '[]', cancel_requested: 0, processed_rows: 0, committed_rows: 0, failed_rows: 0, processed_bytes: 0, created_at: now, updated_at: now, finished_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async get(id: number): Promise<TaskRecord | null> {
    const r = await this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r as TasksTable & { id: number }) : null;
  }

  /** The user's tasks in the organisation, newest first. */
  async list(organizationId: number, userId: number, opts: { kind?: TaskKind; offset: number; limit: number }): Promise<{ rows: TaskRecord[]; total: number }> {
    let q = this.db.selectFrom('tasks').where('organization_id', '=', organizationId).where('user_id', '=', userId);
    if (opts.kind) q = q.where('kind', '=', opts.kind);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q.selectAll().orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute();
    return { rows: rows.map((r) => toRecord(r as TasksTable & { id: number })), total };
  }

  /** INITIALIZING → RUNNING; false when another run already took it (or it was cancelled first). */
  async start(id: number): Promise<boolean> {
    const r = await this.db.updateTable('tasks').set({ state: 'RUNNING', updated_at: nowIso(), runner: taskLease.runner, lease_until: leaseUntil() }).where('id', '=', id).where('state', '=', 'INITIALIZING').where('cancel_requested', '=', 0).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async progress(id: number, p: TaskProgress): Promise<void> {
    const set: Partial<Omit<TasksTable, 'id'>> = {
      processed_rows: p.processedRows, committed_rows: p.committedRows, failed_rows: p.failedRows, processed_bytes: p.processedBytes, updated_at: nowIso(),
    };
    if (p.rowErrors) set.row_errors_json = JSON.stringify(p.rowErrors);
    await this.db.updateTable('tasks').set(set).where('id', '=', id).where('state', '=', 'RUNNING').execute();
  }

  async setOutput(id: number, outputPath: string, fileName: string): Promise<void> {
    await this.db.updateTable('tasks').set({ output_path: outputPath, file_name: fileName, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  /** Ends a running (or never started) task; false when it had already ended. */
  async finish(id: number, state: 'DONE' | 'FAILED' | 'STOPPED', p: TaskProgress | null, error: string | null = null): Promise<boolean> {
    const now = nowIso();
    const set: Partial<Omit<TasksTable, 'id'>> = { state, error, updated_at: now, finished_at: now };
    if (p) Object.assign(set, { processed_rows: p.processedRows, committed_rows: p.committedRows, failed_rows: p.failedRows, processed_bytes: p.processedBytes, ...(p.rowErrors ? { row_errors_json: JSON.stringify(p.rowErrors) } : {}) });
    const r = await this.db.updateTable('tasks').set(set).where('id', '=', id).where('state', 'in', ['INITIALIZING', 'RUNNING']).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Sets the cancel flag; a task not yet started is stopped at once. */
  async requestCancel(id: number): Promise<boolean> {
    const r = await this.db.updateTable('tasks').set({ cancel_requested: 1, updated_at: nowIso() }).where('id', '=', id).where('state', 'in', ['INITIALIZING', 'RUNNING']).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.finishIfNotStarted(id);
    return true;
  }

  private async finishIfNotStarted(id: number): Promise<void> {
    const now = nowIso();
    await this.db.updateTable('tasks').set({ state: 'STOPPED', updated_at: now, finished_at: now }).where('id', '=', id).where('state', '=', 'INITIALIZING').execute();
  }

  /** Tasks left RUNNING by a process that ended (no progress since `before`) become FAILED. */
  async failStale(before: string, error: string): Promise<number> {
    const now = nowIso();
    const r = await this.db.updateTable('tasks').set({ state: 'FAILED', error, updated_at: now, finished_at: now }).where('state', '=', 'RUNNING').where('updated_at', '<', before).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Renews the leases of the tasks `runner` runs; how many. */
  async renewLeases(runner: string): Promise<number> {
    const r = await this.db.updateTable('tasks').set({ lease_until: leaseUntil() }).where('state', '=', 'RUNNING').where('runner', '=', runner).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * RUNNING tasks nobody holds: the lease ran out before `now`, or (rows started before leases existed)
   * no progress since `legacyBefore`.
   */
  async unheld(now: string, legacyBefore: string): Promise<TaskRecord[]> {
    const rows = await this.db.selectFrom('tasks').selectAll().where('state', '=', 'RUNNING')
      .where((eb) => eb.or([eb('lease_until', '<', now), eb.and([eb('lease_until', 'is', null), eb('updated_at', '<', legacyBefore)])]))
      .orderBy('id').limit(100).execute();
    return rows.map((r) => toRecord(r as TasksTable & { id: number }));
  }

  /** Fails a task still unheld (as `unheld` says) at `now`; false when it finished or its lease was renewed meanwhile. */
  async failUnheld(id: number, now: string, legacyBefore: string, error: string): Promise<boolean> {
    const at = nowIso();
    const r = await this.db.updateTable('tasks').set({ state: 'FAILED', error, updated_at: at, finished_at: at }).where('id', '=', id).where('state', '=', 'RUNNING')
      .where((eb) => eb.or([eb('lease_until', '<', now), eb.and([eb('lease_until', 'is', null), eb('updated_at', '<', legacyBefore)])]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Tasks never started that were created before `createdBefore`. */
  async unstartedBefore(createdBefore: string): Promise<TaskRecord[]> {
    const rows = await this.db.selectFrom('tasks').selectAll().where('state', '=', 'INITIALIZING').where('created_at', '<', createdBefore).orderBy('id').limit(100).execute();
    return rows.map((r) => toRecord(r as TasksTable & { id: number }));
  }

  /** Fails a task that never started; false when it started or ended meanwhile. */
  async failUnstarted(id: number, error: string): Promise<boolean> {
    const at = nowIso();
    const r = await this.db.updateTable('tasks').set({ state: 'FAILED', error, updated_at: at, finished_at: at }).where('id', '=', id).where('state', '=', 'INITIALIZING').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async cancelRequested(id: number): Promise<boolean> {
    const r = await this.db.selectFrom('tasks').select('cancel_requested').where('id', '=', id).executeTakeFirst();
    return !r || !!r.cancel_requested;
  }
}
