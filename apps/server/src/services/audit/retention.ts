/**
 * Audit retention: rows older than the retention (days) are deleted, periodically. The retention is
 * the operator's setting (kv 'app'/'auditRetentionDays'), else ASKDB_AUDIT_RETENTION_DAYS (180).
 * Deleting by age is idempotent, so replicas of a server deployment pruning at the same time only
 * share the work; nothing else ever deletes an audit row.
 */
import type { KvRepo } from '../../store/kv.js';
import type { SqlAuditRepo } from '../../store/sql-audit.js';
import type { AuditLogger } from './audit-log.js';

export const RETENTION_KEY = 'auditRetentionDays';
const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const FIRST_PRUNE_MS = 60_000;

export class AuditRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private log: AuditLogger | null = null;

  constructor(private readonly repo: SqlAuditRepo, private readonly kv: KvRepo, private readonly defaultDays: number) {}

  async days(): Promise<number> {
    const v = Number(await this.kv.get('app', RETENTION_KEY));
    return Number.isInteger(v) && v > 0 ? v : this.defaultDays;
  }

  async setDays(days: number): Promise<void> {
    await this.kv.set('app', RETENTION_KEY, String(days));
  }

  /** Deletes rows that started more than the retention ago; returns how many. */
  async prune(now = Date.now()): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => this.repo.pruneBefore(new Date(now - (await this.days()) * DAY_MS).toISOString()))().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Prunes a minute after start, then hourly. */
  start(log: AuditLogger): void {
    this.log = log;
    const loop = (delay: number) => {
      this.timer = setTimeout(() => {
        this.prune().then(
          (n) => n && this.log?.info?.({ deleted: n }, 'SQL audit: rows past the retention deleted'),
          (e) => this.log?.warn({ err: e }, 'SQL audit: pruning failed; it is tried again in an hour'),
        );
        loop(PRUNE_EVERY_MS);
      }, delay);
      this.timer.unref();
    };
    loop(FIRST_PRUNE_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }
}
