/**
 * Local mode's JobQueue: the same handlers, run in this process. A queued job is a timer; a schedule
 * is a croner rule. One process, so "once across replicas" holds trivially.
 */
import { Cron } from 'croner';
import type { JobHandler, JobOptions, JobQueue } from './types.js';
import { checkJobName, delayOf, SINGLETON_MS } from './names.js';

/** How long stop() waits for running handlers (pg-boss's graceful timeout is the same). */
const STOP_WAIT_MS = 10_000;

interface Logger { error(obj: unknown, msg?: string): void }

export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** singleton key → when it stops keeping a second send out. */
  private readonly keys = new Map<string, number>();
  private readonly crons = new Map<string, Cron>();
  private readonly running = new Set<Promise<void>>();
  private seq = 0;
  private stopped = false;

  constructor(private readonly log: Logger = console, private readonly now: () => number = Date.now, private readonly stopWaitMs = STOP_WAIT_MS) {}

  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    checkJobName(name);
    this.handlers.set(name, handler as JobHandler<object>);
  }

  async send<T extends object>(name: string, data: T, opts: JobOptions = {}): Promise<string | null> {
    checkJobName(name);
    if (this.stopped) return null;
    const key = opts.singletonKey ? `${name}\u0000${opts.singletonKey}` : null;
    if (key) {
      const now = this.now();
      if ((this.keys.get(key) ?? 0) > now) return null;
      if (this.keys.size > 10_000) for (const [k, until] of this.keys) if (until <= now) this.keys.delete(k);
      this.keys.set(key, now + SINGLETON_MS);
    }
    const id = `local-${++this.seq}`;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.run(name, id, data, opts.retryLimit ?? 2));
    }, delayOf(opts.startAfter, this.now()));
    timer.unref?.();
    this.timers.add(timer);
    return id;
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    checkJobName(name);
    this.crons.get(name)?.stop();
    const job = new Cron(cron, { timezone: 'UTC', protect: true, unref: true }, () => {
      if (!this.stopped) this.track(this.run(name, `local-${++this.seq}`, data, 0));
    });
    this.crons.set(name, job);
  }

  async unschedule(name: string): Promise<void> {
    this.crons.get(name)?.stop();
    this.crons.delete(name);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const c of this.crons.values()) c.stop();
    this.crons.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.keys.clear();
    // As pg-boss does: running handlers get 10 s to finish. A long export does not hold the shutdown; the task it
    // leaves RUNNING is failed with a notice by the lease sweep at the next start (services/tasks/lease.ts).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise<void>((r) => (timer = setTimeout(r, this.stopWaitMs)))]);
    clearTimeout(timer);
  }

  private track(p: Promise<void>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  private async run(name: string, id: string, data: object, retries: number): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) {
      this.log.error({ job: name }, 'no handler registered for job');
      return;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        await handler(data, { id, name });
        return;
      } catch (err) {
        if (attempt >= retries || this.stopped) {
          this.log.error({ err, job: name, id }, 'job failed');
          return;
        }
      }
    }
  }
}
