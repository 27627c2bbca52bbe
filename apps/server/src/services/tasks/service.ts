/**
 * Import / export tasks (issue 18 point 3): rows in the store (store/tasks.ts), work through the
 * JobQueue seam (`task.run`), so one task runs once across replicas — the handler first moves the
 * task INITIALIZING → RUNNING with a conditional update and does nothing when that fails. Files live
 * in the file store (services/files), so the replica that runs a task need not be the one that took
 * its upload: an upload waits there until its import claims it (and is removed when the import
 * ends); an export is written to a scratch folder of the running replica, then streamed into the
 * store, owned by its task, and downloads stream from there.
 */
import crypto from 'node:crypto';
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
import { filesOf, type FileRecord, type FileStore } from '../files/index.js';

export const TASK_JOB = 'task.run';
const EXT: Record<string, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', sql: 'sql', dump: 'sql' };
const MIME: Record<string, string> = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', json: 'application/json', sql: 'application/sql', dump: 'application/sql' };

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
  readonly files: FileStore;
  /** Where this replica writes an export before it goes into the store. */
  private readonly workDir: string;

  constructor(private readonly deps: AppDeps) {
    this.repo = new TaskRepo(deps.store.db);
    this.files = filesOf(deps);
    this.workDir = path.join(deps.config.home, 'cache', 'work');
  }

  async register(): Promise<void> {
    // Export scratch folders a stopped process left behind (at start-up none of this process's exports runs).
    await sweepOld(this.workDir, 24 * 3600_000);
    await this.deps.jobs.work<{ taskId: number }>(TASK_JOB, (data) => this.run(data.taskId));
    // A task whose process ended mid-run (restart, crash) reports no progress any more: after 30 minutes it is failed.
    await this.repo.failStale(new Date(Date.now() - 30 * 60_000).toISOString(), 'interrupted: the server stopped while the task ran').catch(() => 0);
  }

  /** An upload waiting for its import, when it is this user's in this organisation (else null: the caller answers 404). */
  async upload(owner: TaskOwner, uploadId: string): Promise<FileRecord | null> {
    const f = await this.files.get(uploadId);
    return f && f.kind === 'task-upload' && f.ownerKey === null && f.userId === owner.userId && f.organizationId === owner.organizationId ? f : null;
  }

  /**
   * `checkAs`: the starter's request context when grants apply to them (a SQL script is checked group
   * by group as the job splits it, with the grants live at that moment).
   */
  async startImport(owner: TaskOwner, o: ImportOptions, upload: { file: FileRecord; name: string }, checkAs?: RequestContext): Promise<number | null> {
    const title = `${o.format.toUpperCase()} → ${[o.databaseName, o.schemaName, o.tableName].filter(Boolean).join('.') || upload.name}`;
    const id = await this.repo.create({
      organizationId: owner.organizationId, userId: owner.userId, kind: 'IMPORT', title, format: o.format, dataSourceId: o.dataSourceId,
      databaseName: o.databaseName ?? null, schemaName: o.schemaName ?? null, tableName: o.tableName ?? null, params: { ...o, ...(checkAs ? { checkAs } : {}) }, inputPath: upload.file.id, totalBytes: upload.file.size,
    });
    // The upload becomes the task's; one started twice at once is taken by one task only.
    if (!(await this.files.claim(upload.file.id, 'task-upload', 'task', id))) {
      await this.repo.finish(id, 'FAILED', null, 'the uploaded file was already imported');
      return null;
    }
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
          outcome = await runSqlScript({ conn, dialect, file: await this.inputFile(task), databaseName: task.databaseName, schemaName: task.schemaName, check }, hooks);
        }
        else {
          const src = await this.source(await this.inputFile(task), o);
          outcome = await new TableImporter({ conn, dialect, databaseName: task.databaseName, schemaName: task.schemaName, tableName: o.tableName ?? 'imported', mode: o.mode, mapping: o.mapping, batchSize: o.batchSize, skipBadRows: o.skipBadRows }, src, hooks).run();
        }
      } else {
        const e = task.params as unknown as ExportTaskInput;
        const base = (e.target === 'query' ? 'query' : e.target === 'database' ? e.databaseName || e.schemaName || 'database' : e.tableName || 'table').replace(/[^\w.-]+/g, '_');
        const fileName = `${base}_${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}.${EXT[e.format]}`;
        const dir = path.join(this.workDir, `task-${taskId}-${crypto.randomBytes(4).toString('hex')}`);
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        try {
          const file = path.join(dir, fileName);
          outcome = await new ExportRunner({ conn, dialect, databaseName: task.databaseName, schemaName: task.schemaName, target: e.target, tableName: e.tableName ?? null, sql: e.sql ?? null, format: e.format, file, rawFormulas: e.rawFormulas }, hooks).run();
          if (outcome.state === 'DONE') {
            const stored = await this.files.put({ kind: 'task', ownerKey: taskId, userId: task.userId, organizationId: task.organizationId, fileName, mime: MIME[e.format] ?? 'application/octet-stream' }, fs.createReadStream(file));
            await this.repo.setOutput(taskId, stored.id, fileName);
          }
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    } catch (err) {
      outcome = { state: 'FAILED', error: err instanceof Error ? err.message : String(err), counters: { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0 } };
    } finally {
      await conn?.close().catch(() => undefined);
    }
    // A cancel that arrived while the last batch ran still says STOPPED (its batch, reported, stays committed).
    if (outcome.state === 'DONE' && task.kind === 'IMPORT' && (await this.repo.cancelRequested(taskId))) outcome.state = 'STOPPED';
    // The import's upload is used up: removed from the store and from this replica's disk before the task says it ended.
    if (task.kind === 'IMPORT' && task.inputPath) await this.files.remove(task.inputPath).catch(() => undefined);
    // Only the one that ends the task tells its owner: a runner that stalled past its lease finds it already failed by the sweep (which said so).
    if (await this.repo.finish(taskId, outcome.state, outcome.counters, outcome.error)) await this.announce(task, outcome.state, outcome.counters.committedRows);
  }

  /** This replica's copy of an import's upload (streamed down from the store when it was taken elsewhere). */
  private async inputFile(task: TaskRecord): Promise<string> {
    const f = await this.files.get(task.inputPath);
    if (!f) throw new Error('the uploaded file is no longer stored');
    return this.files.localPath(f);
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

  /** The stored file of a finished export (null when there is none, or it is gone). */
  async output(t: TaskRecord): Promise<FileRecord | null> {
    if (t.kind !== 'EXPORT' || t.state !== 'DONE' || !t.outputPath) return null;
    const f = await this.files.get(t.outputPath);
    return f && f.kind === 'task' && f.ownerKey === String(t.id) ? f : null;
  }

  /** Deletes a finished task and every file it owns (its upload, its export) from the store. */
  async remove(t: TaskRecord): Promise<void> {
    await this.files.removeOwner('task', t.id);
    await (this.deps.store.db as unknown as import('kysely').Kysely<any>).deleteFrom('tasks').where('id', '=', t.id).execute();
  }
}

async function sweepOld(dir: string, maxAgeMs: number): Promise<void> {
  const cutoff = Date.now() - maxAgeMs;
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const st = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (st && st.mtimeMs < cutoff) await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
  }
}
