/**
 * SQL intelligence off the event loop (issue 19 point 1): small texts are read in-process, big ones in
 * worker threads (piscina), each within its time budget (budgets.ts). Keystroke work (tips, hover,
 * markers) and formatting run on separate pools, so a long format never delays a keystroke. A task
 * over its budget is aborted — piscina stops its worker and starts a fresh one — and answered
 * TOO_LARGE, as is a task that finds the queue full or makes its worker fail (out of memory, stack).
 */
import os from 'node:os';
import Piscina from 'piscina';
import { BUDGET_MS, MAX_QUEUE, SMALL_INPUT, type BudgetName } from './budgets.js';
import { forWorker, runTask, type IntelTask, type ResultOf } from './tasks.js';
import { workerFile } from './worker-file.js';

export const TOO_LARGE = Symbol('too large');
export type TooLarge = typeof TOO_LARGE;

export interface RunOptions {
  budget: BudgetName;
  /** Characters of text the task reads (decides in-process or worker). */
  size: number;
  /** Milliseconds already spent on the request (they count against the budget). */
  elapsedMs?: number;
  /** Told why a task was given up (logging). */
  onGiveUp?: (reason: string) => void;
}

export class SqlIntelPool {
  private pools = new Map<'keys' | 'format', Promise<Piscina>>();
  private closed = false;

  async run<T extends IntelTask>(task: T, o: RunOptions): Promise<ResultOf<T> | TooLarge> {
    // The editor's first request starts the keystroke worker, so the first big text finds it loaded.
    if (!this.pools.has('keys') && !this.closed) this.warm().catch(() => undefined);
    if (o.size <= SMALL_INPUT) return (await runTask(task)) as ResultOf<T>;
    const budget = BUDGET_MS[o.budget] - (o.elapsedMs ?? 0);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, budget));
    try {
      // The first task waits for the pool (from source: the worker's bundling), never past its budget.
      const aborted = new Promise<null>((resolve) => controller.signal.addEventListener('abort', () => resolve(null), { once: true }));
      const pool = await Promise.race([this.pool(o.budget === 'format' ? 'format' : 'keys'), aborted]);
      if (!pool) return this.giveUp(o, 'budget spent before a worker was ready');
      if (pool.queueSize >= MAX_QUEUE) return this.giveUp(o, 'queue full');
      return (await pool.run(forWorker(task), { signal: controller.signal })) as ResultOf<T>;
    } catch (e) {
      return this.giveUp(o, controller.signal.aborted ? `over its ${BUDGET_MS[o.budget]} ms budget` : `worker failed: ${(e as Error)?.message ?? e}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the keystroke pool's worker (its first task would otherwise wait for the thread to load). */
  async warm(): Promise<void> {
    await this.pool('keys');
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(async (p) => (await p.catch(() => null))?.destroy()));
  }

  private giveUp(o: RunOptions, reason: string): TooLarge {
    o.onGiveUp?.(`${o.budget} on ${o.size} characters: ${reason}`);
    return TOO_LARGE;
  }

  private pool(kind: 'keys' | 'format'): Promise<Piscina> {
    if (this.closed) return Promise.reject(new Error('SQL-intelligence pool closed'));
    let p = this.pools.get(kind);
    if (!p) {
      const threads = kind === 'keys' ? Math.max(1, Math.min(4, os.availableParallelism() - 1)) : 1;
      p = workerFile().then((filename) => new Piscina({
        filename,
        name: 'default',
        minThreads: kind === 'keys' ? 1 : 0,
        maxThreads: threads,
        idleTimeout: 60_000,
        // A pathological text fails its task, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 8 },
      }));
      p.catch(() => this.pools.delete(kind));
      this.pools.set(kind, p);
    }
    return p;
  }
}
