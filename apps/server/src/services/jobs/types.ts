/**
 * The job seam (DESIGN.md "Modes"): scheduled and background work — order expiry, dashboard
 * refresh, import/export tasks — goes through one JobQueue. Server mode: pg-boss on the store's
 * PostgreSQL, so a job runs once across replicas. Local mode: the same handlers in process.
 *
 * Handlers must be idempotent and make their effect with a conditional store update (e.g.
 * `update orders set status='CANCEL' where id=? and status='CREATE'`): the queue makes a double run
 * rare, the store makes it harmless.
 */
export interface JobOptions {
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /**
   * Names the occasion (`order-42`, `chart-7@2026-11-25T10:05`): a second send of the same name and key
   * within 12 hours is dropped (→ null), on any replica, whether or not the first has run yet.
   */
  singletonKey?: string;
  /** Retries after a thrown error (default 2). */
  retryLimit?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface JobQueue {
  /** Which implementation answers: 'pg-boss' (server mode) or 'in-process' (local mode and unit tests). */
  readonly kind: 'pg-boss' | 'in-process';
  /** Registers the handler of a named job. Names: lower-case letters, digits, '-' and '.'. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Queues one run of `name`; the id, or null when a job with the same singletonKey is already queued. */
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string | null>;
  /**
   * Runs `name` with `data` on a 5-field cron rule (UTC), once per tick across replicas. One schedule
   * per name: to run many things on their own rules (dashboards), schedule a minute tick and let its
   * handler find what is due in the store.
   */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** Stops taking work and waits for running handlers (app close). */
  stop(): Promise<void>;
}
