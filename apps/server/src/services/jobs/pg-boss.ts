/**
 * Server mode's JobQueue: pg-boss on the store's PostgreSQL (schema `pgboss`), so every replica
 * shares one queue and a job runs once. Started lazily on first use, so a replica that never
 * queues anything opens no extra connections.
 */
import PgBoss from 'pg-boss';
import type { JobHandler, JobOptions, JobQueue } from './types.js';
import { checkJobName, singletonId } from './names.js';

interface Logger { error(obj: unknown, msg?: string): void }

export interface PgBossOptions {
  connectionString: string;
  /** How often an idle worker looks for work, seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly queues = new Set<string>();
  private stopped = false;

  constructor(private readonly opts: PgBossOptions, private readonly log: Logger = console) {}

  private async ready(): Promise<PgBoss> {
    if (this.stopped) throw new Error('job queue stopped');
    if (this.boss) return this.boss;
    this.starting ??= (async () => {
      const boss = new PgBoss({ connectionString: this.opts.connectionString, schema: 'pgboss', max: 4, application_name: 'askdb-jobs' });
      boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
      await boss.start();
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  private async queue(name: string): Promise<PgBoss> {
    checkJobName(name);
    const boss = await this.ready();
    if (!this.queues.has(name)) {
      // createQueue is idempotent across replicas (insert … on conflict do nothing inside pg-boss).
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'standard' }).catch(async (err) => {
        if (!(await boss.getQueue(name))) throw err;
      });
      this.queues.add(name);
    }
    return boss;
  }

  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    const boss = await this.queue(name);
    await boss.work<T>(name, { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data, { id: job.id, name: job.name });
    });
  }

  async send<T extends object>(name: string, data: T, opts: JobOptions = {}): Promise<string | null> {
    const boss = await this.queue(name);
    return boss.send(name, data, {
      ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter instanceof Date ? opts.startAfter : Math.max(0, Math.round(opts.startAfter)) } : {}),
      ...(opts.singletonKey ? { id: singletonId(name, opts.singletonKey) } : {}),
      retryLimit: opts.retryLimit ?? 2,
    });
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    const boss = await this.queue(name);
    await boss.schedule(name, cron, data, { tz: 'UTC', retryLimit: 0 });
  }

  async unschedule(name: string): Promise<void> {
    const boss = await this.queue(name);
    await boss.unschedule(name);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
