/**
 * Running tasks outlive no replica (issue 28 point 3). A task's job runs on one replica; if that
 * process dies (SIGKILL, out of memory, a lost machine) nothing would ever finish its row and the
 * owner would watch RUNNING forever. So the runner holds a lease on each task it runs
 * (store/tasks.ts `start` takes it) and renews it every third of its length while it lives; every
 * replica sweeps for RUNNING tasks whose lease ran out and fails them — a conditional update, so
 * one replica wins — with a notification to the task's owner (rendered in their language).
 *
 * A failed import keeps the rows of the batches it committed (as a stopped one does); the owner
 * decides whether to run it again. Started once per process by the composition root (main.ts).
 */
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../store/db.js';
import { TaskRepo, taskLease, type TaskRecord } from '../../store/tasks.js';
import { notify } from '../notifications/notify.js';

export const INTERRUPTED_ERROR = 'interrupted: the server running the task stopped';
/** Rows from before leases (no lease_until) are judged by their last progress, as before. */
const LEGACY_STALE_MS = 30 * 60_000;

interface Logger { warn(obj: unknown, msg?: string): void }

export interface TaskLeaseOptions {
  /** How long a claim lasts without renewal (default 60 s). */
  leaseMs?: number;
  log?: Logger;
}

export interface TaskLeases {
  /** Fails every task whose lease has run out now; how many this replica failed. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/** `ASKDB_TASK_LEASE_SECONDS` (1…3600), else undefined (the default). */
export function leaseMsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const s = Number(env.ASKDB_TASK_LEASE_SECONDS);
  return Number.isFinite(s) && s >= 1 && s <= 3600 ? Math.round(s * 1000) : undefined;
}

export function startTaskLeases(deps: Pick<AppDeps, 'store' | 'config' | 'jobs'>, opts: TaskLeaseOptions = {}): TaskLeases {
  if (opts.leaseMs) taskLease.ms = opts.leaseMs;
  const repo = new TaskRepo(deps.store.db);
  const startedAt = nowIso();
  const log = opts.log ?? { warn: (obj: unknown, msg?: string) => console.warn(msg, obj) };
  let stopped = false;
  let busy: Promise<unknown> = Promise.resolve();

  const announce = (task: TaskRecord) => notify(deps, {
    organizationId: task.organizationId, userIds: [task.userId], type: 'TASK',
    messageKey: `task.${task.kind.toLowerCase()}.failed`,
    params: { title: task.title, rows: task.committedRows },
    action: { kind: 'TASK', targetId: task.id },
  });

  const sweep = async (): Promise<number> => {
    // Our own leases first: after a pause of this process (a laptop asleep) its own tasks are not judged lost.
    await repo.renewLeases(taskLease.runner);
    const now = nowIso();
    const legacyBefore = new Date(Date.now() - LEGACY_STALE_MS).toISOString();
    let failed = 0;
    for (const task of await repo.unheld(now, legacyBefore)) {
      if (!(await repo.failUnheld(task.id, now, legacyBefore, INTERRUPTED_ERROR))) continue;
      failed++;
      await announce(task).catch((err) => log.warn({ err, taskId: task.id }, 'task lease: the notice of an interrupted task failed'));
    }
    // An in-process queue (local mode: one process) forgets its jobs when the process ends: a task
    // queued before this process started will never start.
    if (deps.jobs.kind === 'in-process') {
      for (const task of await repo.unstartedBefore(startedAt)) {
        if (!(await repo.failUnstarted(task.id, INTERRUPTED_ERROR))) continue;
        failed++;
        await announce(task).catch((err) => log.warn({ err, taskId: task.id }, 'task lease: the notice of an interrupted task failed'));
      }
    }
    return failed;
  };

  // One tick at a time: while a slow store holds one, the next ones are skipped, not piled up.
  let inFlight = false;
  const tick = (what: () => Promise<unknown>, name: string) => {
    if (stopped || inFlight) return;
    inFlight = true;
    busy = what().catch((err) => { if (!stopped) log.warn({ err }, `task lease: ${name} failed`); }).finally(() => { inFlight = false; });
  };
  const renewEvery = Math.max(250, Math.floor(taskLease.ms / 3));
  const sweepEvery = Math.max(500, Math.floor(taskLease.ms / 2));
  const renewTimer = setInterval(() => tick(() => repo.renewLeases(taskLease.runner), 'renewal'), renewEvery);
  const sweepTimer = setInterval(() => tick(sweep, 'sweep'), sweepEvery);
  renewTimer.unref();
  sweepTimer.unref();
  tick(sweep, 'sweep');

  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(renewTimer);
      clearInterval(sweepTimer);
      await busy;
    },
  };
}
