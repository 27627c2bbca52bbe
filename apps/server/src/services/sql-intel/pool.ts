/**
 * SQL intelligence off the event loop (issue 19 point 1): small texts are read in-process, big ones in
 * worker threads (piscina), each within its time budget (budgets.ts). Keystroke work (tips, hover,
 * markers), formatting and big request bodies run on separate pools, so a long format never delays a
 * keystroke and a stopped keystroke task never delays reading the next request. A task
 * over its budget is aborted — piscina stops its worker and starts a fresh one — and answered
 * TOO_LARGE, as is a task that finds the queue full or makes its worker fail (out of memory, stack).
 */
import os from 'node:os';
import Piscina from 'piscina';
import { BUDGET_MS, HARD_CAP_MS, MAX_QUEUE, SMALL_INPUT, type BudgetName } from './budgets.js';
import { forWorker, runTask, type IntelTask, type ResultOf } from './tasks.js';
import { workerFile } from './worker-file.js';

export const TOO_LARGE = Symbol('too large');
const EXPIRED = Symbol('expired');
type PoolKind = 'keys' | 'format' | 'body';
export type TooLarge = typeof TOO_LARGE;

export interface RunOptions {
  budget: BudgetName;
  /** Characters of text the task reads (decides in-process or worker). */
  size: number;
  /** Milliseconds already spent on the request (they count against the budget). */
  elapsedMs?: number;
  /** Memory handed over to the worker instead of copied (the caller no longer uses it). */
  transfer?: ArrayBuffer[];
  /** Told why a task was given up (logging). */
  onGiveUp?: (reason: string) => void;
}

export class SqlIntelPool {
  private pools = new Map<PoolKind, Promise<Piscina>>();
  private closed = false;

  async run<T extends IntelTask>(task: T, o: RunOptions): Promise<ResultOf<T> | TooLarge> {
    // The editor's first request starts the keystroke worker, so the first big text finds it loaded.
    if (!this.pools.has('keys') && !this.closed) this.warm().catch(() => undefined);
    if (o.size <= SMALL_INPUT[o.budget]) return (await runTask(task)) as ResultOf<T>;
    const kind: PoolKind = o.budget === 'format' || o.budget === 'body' ? o.budget : 'keys';
    // Formatting is a command: its first use waits for its worker to load outside the budget.
    const ready = kind === 'format' ? await this.pool(kind).catch(() => null) : undefined;
    if (ready === null) return this.giveUp(o, 'no worker');
    const budget = BUDGET_MS[o.budget] - (o.elapsedMs ?? 0);
    // Spent already (reading a big body): answered now, not started and stopped (a stopped worker is replaced).
    if (budget <= 0) return this.giveUp(o, 'budget spent before the task started');
    const keystroke = kind === 'keys';
    const controller = new AbortController();
    let overBudget = false;
    let budgetTimer: NodeJS.Timeout | undefined;
    let hardTimer: NodeJS.Timeout | undefined;
    const expired = new Promise<typeof EXPIRED>((resolve) => {
      budgetTimer = setTimeout(() => {
        overBudget = true;
        resolve(EXPIRED);
        // Formatting and bodies stop at their budget; a keystroke task may run on until its hard cap (budgets.ts).
        if (!keystroke) controller.abort();
      }, Math.max(0, budget));
    });
    try {
      // A keystroke task waits for its pool (from source: the worker's bundling) never past its budget.
      const pool = ready ?? (await Promise.race([this.pool(kind), expired]));
      if (pool === EXPIRED) return this.giveUp(o, 'budget spent before a worker was ready');
      if (pool.queueSize >= MAX_QUEUE) return this.giveUp(o, 'queue full');
      const work = pool.run({ ...forWorker(task), ...(keystroke ? { deadline: Date.now() + budget } : {}) }, { signal: controller.signal, transferList: o.transfer });
      if (keystroke) hardTimer = setTimeout(() => controller.abort(), Math.max(0, budget) + HARD_CAP_MS);
      const first = await Promise.race([work, expired]);
      if (first === EXPIRED) {
        // Answered now; the task finishes (or is stopped at its hard cap) without anyone waiting for it.
        work.catch(() => undefined).finally(() => clearTimeout(hardTimer));
        return this.giveUp(o, `over its ${BUDGET_MS[o.budget]} ms budget`);
      }
      clearTimeout(hardTimer);
      // A task that left the queue after its deadline did nothing (tasks.ts).
      if (first === null && task.op !== 'warm') return this.giveUp(o, `over its ${BUDGET_MS[o.budget]} ms budget in the queue`);
      return first as ResultOf<T>;
    } catch (e) {
      clearTimeout(hardTimer);
      return this.giveUp(o, overBudget || controller.signal.aborted ? `over its ${BUDGET_MS[o.budget]} ms budget` : `worker failed: ${(e as Error)?.message ?? e}`);
    } finally {
      clearTimeout(budgetTimer);
    }
  }

  /** Starts the keystroke and request-body workers (a first task would otherwise wait for a thread to load). */
  async warm(): Promise<void> {
    await Promise.all([this.pool('keys'), this.pool('body')]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(async (p) => (await p.catch(() => null))?.destroy()));
  }

  private giveUp(o: RunOptions, reason: string): TooLarge {
    o.onGiveUp?.(`${o.budget} on ${o.size} characters (bytes for a body): ${reason}`);
    return TOO_LARGE;
  }

  private pool(kind: PoolKind): Promise<Piscina> {
    if (this.closed) return Promise.reject(new Error('SQL-intelligence pool closed'));
    let p = this.pools.get(kind);
    if (!p) {
      // Two keystroke threads at least: while one that ran over its budget is replaced, the other answers.
      const threads = kind === 'keys' ? Math.max(2, Math.min(4, os.availableParallelism() - 1)) : 1;
      p = workerFile().then(async (filename) => {
        const pool = new Piscina<IntelTask, unknown>({
          filename,
          name: 'default',
          minThreads: threads,
          maxThreads: threads,
          idleTimeout: 60_000,
          // A pathological text fails its task, not the server.
          resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 8 },
          // On a busy machine the event loop comes first (Linux; piscina's optional @napi-rs/nice). Slightly:
          // a thread niced further starves behind other processes (a 10 made small formats miss 3 s).
          niceIncrement: 3,
        });
        // Errors outside any task (a thread that cannot start) are logged, never thrown at the process.
        pool.on('error', (e: Error) => console.error(`SQL-intelligence worker error: ${e?.message ?? e}`));
        // Ready once a thread has loaded the worker (and sql-formatter, for formatting) and answered.
        await pool.run({ op: 'warm', format: kind === 'format' });
        return pool;
      });
      p.catch(() => this.pools.delete(kind));
      this.pools.set(kind, p);
    }
    return p;
  }
}
