/**
 * Import / export tasks (issue 18 point 3): rows in the store (store/tasks.ts), work through the
 * JobQueue seam (`task.run`), so one task runs once across replicas — the handler first moves the
 * task INITIALIZING → RUNNING with a conditional update and does nothing when that fails. Files live
 * under $ASKDB_HOME/tasks/<id>/ (shared storage when several replicas serve one store).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dialectFor } from '@askdb/sql';
import type { ExportTaskInput, ImportOptions, TaskView } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { TaskRepo, type TaskRecord } from '../../store/tasks.js';
import { delimitedSource, jsonSource, type TableSource } from './readers.js';
import { xlsxSource } from './xlsx.js';
import { TableImporter } from './import-table.js';
import { ExportRunner } from './export-run.js';
import { runSqlScript } from './import-sql.js';
import { notify } from '../notifications/notify.js';
import { permissions } from '../permissions/index.js';
import type { RequestContext } from '../../http/context.js';
import { taskStatusOf } from '../spec-fields.js';

export const TASK_JOB = 'task.run';
const EXT: Record<string, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', sql: 'sql', dump: 'sql' };

export interface TaskOwner {
  organizationId: number;
  userId: number;
}

export function toView(t: TaskRecord): TaskView {
  const percent = t.state === 'DONE' ? 100 : t.totalBytes ? Math.min(99, Math.floor((t.processedBytes / t.totalBytes) * 100)) : null;
  return {
    id: t.id, kind: t.kind, state: t.state, status: taskStatusOf(t.state), title: t.title, format: t.format, dataSourceId: t.dataSourceId, databaseName: t.databaseName,
    schemaName: t.schemaName, tableName: t.tableName, processedRows: t.processedRows, committedRows: t.committedRows, failedRows: t.failedRows,
    totalBytes: t.totalBytes, processedBytes: t.processedBytes, percent, error: t.error, rowErrors: t.rowErrors,
    downloadable: t.kind === 'EXPORT' && t.state === 'DONE' && !!t.outputPath, fileName: t.fileName,
    createdAt: t.createdAt, updatedAt: t.updatedAt, finishedAt: t.finishedAt,
  };
}

export class TaskService {
  readonly repo: TaskRepo;
  readonly dir: string;

  constructor(private readonly deps: AppDeps) {
    this.repo = new TaskRepo(deps.store.db);
    this.dir = path.join(deps.config.home, 'tasks');
  }

  async register(): Promise<void> {
    await this.deps.jobs.work<{ taskId: number }>(TASK_JOB, (data) => this.run(data.taskId));
    // A task whose process ended mid-run (restart, crash) reports no progress any more: after 30 minutes it is failed.
    await this.repo.failStale(new Date(Date.now() - 30 * 60_000).toISOString(), 'interrupted: the server stopped while the task ran').catch(() => 0);
  }

  /** A folder for an upload before its task exists. */
  uploadDir(): string {
    const d = path.join(this.dir, 'uploads');
    fs.mkdirSync(d, { recursive: true });
    return d;
  }

  /**
   * `checkAs`: the starter's request context when grants apply to them (a SQL script is checked group
   * by group as the job splits it, with the grants live at that moment).
   */
  async startImport(owner: TaskOwner, o: ImportOptions, upload: { path: string; size: number; name: string }, checkAs?: RequestContext): Promise<number> {
    const title = `${o.format.toUpperCase()} → ${[o.databaseName, o.schemaName, o.tableName].filter(Boolean).join('.') || upload.name}`;
    const id = await this.repo.create({
      organizationId: owner.organizationId, userId: owner.userId, kind: 'IMPORT', title, format: o.format, dataSourceId: o.dataSourceId,
      databaseName: o.databaseName ?? null, schemaName: o.schemaName ?? null, tableName: o.tableName ?? null, params: { ...o, ...(checkAs ? { checkAs } : {}) }, inputPath: upload.path, totalBytes: upload.size,
    });
    await this.deps.jobs.send(TASK_JOB, { taskId: id }, { singletonKey: `task-${id}`, retryLimit: 0 });
    return id;
  }

  async startExport(owner: TaskOwner, e: ExportTaskInput): Promise<number> {
    const what = e.target === 'query' ? 'query' : e.target === 'database' ? [e.databaseName, e.schemaName].filter(Boolean).join('.') || 'database' : [e.schemaName, e.tableName].filter(Boolean).join('.');
    const id = await this.repo.create({
      organizationId: owner.organizationId, userId: owner.userId, kind: 'EXPORT', title: `${what} (${e.format})`, format: e.format, dataSourceId: e.dataSourceId,
      databaseName: e.databaseName ?? null, schemaName: e.schemaName ?? null, tableName: e.tableName ?? null, params: { ...e },
    });
    await this.deps.jobs.send(TASK_JOB, { taskId: id }, { singletonKey: `task-${id}`, retryLimit: 0 });
    return id;
  }

  /** The task when it is this user's in this organisation, else null (the caller answers 404). */
  async owned(owner: TaskOwner, id: number): Promise<TaskRecord | null> {
    const t = await this.repo.get(id);
    return t && t.organizationId === owner.organizationId && t.userId === owner.userId ? t : null;
  }

  /** The job handler: idempotent (a task already taken does nothing). */
  async run(taskId: number): Promise<void> {
    if (!(await this.repo.start(taskId))) return;
    const task = (await this.repo.get(taskId))!;
    const hooks = {
      shouldStop: () => this.repo.cancelRequested(taskId),
      report: (c: { processedRows: number; committedRows: number; failedRows: number; processedBytes: number; rowErrors?: TaskView['rowErrors'] }) => this.repo.progress(taskId, c),
    };
    let outcome: { state: 'DONE' | 'STOPPED' | 'FAILED'; error: string | null; counters: { processedRows: number; committedRows: number; failedRows: number; processedBytes: number; rowErrors?: TaskView['rowErrors'] } };
    const record = task.dataSourceId ? await this.deps.dataSources.get(task.dataSourceId) : null;
    if (!record || record.spaceId !== task.organizationId) {
      await this.repo.finish(taskId, 'FAILED', null, 'the data source no longer exists');
      return;
    }
    let conn: Awaited<ReturnType<AppDeps['connections']['open']>> | null = null;
    try {
      conn = await this.deps.connections.open(record.input);
      const dialect = dialectFor(record.input.type);
      if (task.kind === 'IMPORT') {
        const o = task.params as unknown as ImportOptions;
        if (o.format === 'sql') {
          const checkAs = (task.params as { checkAs?: RequestContext }).checkAs;
          const place = { databaseName: task.databaseName ?? undefined, schemaName: task.schemaName ?? undefined };
          const check = checkAs ? async (statements: string[]) => void (await permissions(this.deps).checkScript(checkAs, record, { sql: statements.join(';\n'), statements: () => statements, ...place })) : undefined;
          outcome = await runSqlScript({ conn, dialect, file: task.inputPath!, databaseName: task.databaseName, schemaName: task.schemaName, check }, hooks);
        }
        else {
          const src = await this.source(task.inputPath!, o);
          outcome = await new TableImporter({ conn, dialect, databaseName: task.databaseName, schemaName: task.schemaName, tableName: o.tableName ?? 'imported', mode: o.mode, mapping: o.mapping, batchSize: o.batchSize, skipBadRows: o.skipBadRows }, src, hooks).run();
        }
      } else {
        const e = task.params as unknown as ExportTaskInput;
        const dir = path.join(this.dir, String(taskId));
        fs.mkdirSync(dir, { recursive: true });
        const base = (e.target === 'query' ? 'query' : e.target === 'database' ? e.databaseName || e.schemaName || 'database' : e.tableName || 'table').replace(/[^\w.-]+/g, '_');
        const fileName = `${base}_${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}.${EXT[e.format]}`;
        const file = path.join(dir, fileName);
        await this.repo.setOutput(taskId, file, fileName);
        outcome = await new ExportRunner({ conn, dialect, databaseName: task.databaseName, schemaName: task.schemaName, target: e.target, tableName: e.tableName ?? null, sql: e.sql ?? null, format: e.format, file, rawFormulas: e.rawFormulas }, hooks).run();
      }
    } catch (err) {
      outcome = { state: 'FAILED', error: err instanceof Error ? err.message : String(err), counters: { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0 } };
    } finally {
      await conn?.close().catch(() => undefined);
    }
    // A cancel that arrived while the last batch ran still says STOPPED (its batch, reported, stays committed).
    if (outcome.state === 'DONE' && task.kind === 'IMPORT' && (await this.repo.cancelRequested(taskId))) outcome.state = 'STOPPED';
    await this.repo.finish(taskId, outcome.state, outcome.counters, outcome.error);
    if (task.kind === 'IMPORT' && task.inputPath) fs.rm(task.inputPath, { force: true }, () => undefined);
    await this.announce(task, outcome.state, outcome.counters.committedRows);
  }

  private async source(file: string, o: ImportOptions): Promise<TableSource> {
    if (o.format === 'xlsx') return xlsxSource(file, { header: o.header });
    if (o.format === 'json') return jsonSource(file, { encoding: o.encoding });
    return delimitedSource(file, { delimiter: o.format === 'tsv' ? '\t' : ',', encoding: o.encoding, header: o.header });
  }

  private async announce(task: TaskRecord, state: string, rows: number): Promise<void> {
    await notify(this.deps, {
      organizationId: task.organizationId, userIds: [task.userId], type: 'TASK',
      messageKey: `task.${task.kind.toLowerCase()}.${state.toLowerCase()}`,
      params: { title: task.title, rows },
      action: { kind: 'TASK', targetId: task.id },
    }).catch(() => undefined);
  }

  /** Deletes the output of an export (the task row stays). */
  removeOutput(t: TaskRecord): void {
    if (t.outputPath) fs.rm(path.dirname(t.outputPath), { recursive: true, force: true }, () => undefined);
  }
}
