/** The SQL audit: writer, retention and the statement entries the execution service records. */
import type { KvRepo } from '../../store/kv.js';
import { SqlAuditRepo } from '../../store/sql-audit.js';
import type { Store } from '../../store/db.js';
import type { AuditConfig } from './audit-config.js';
import { AuditLog, type AuditLogger } from './audit-log.js';
import { AuditRetention } from './retention.js';
import { SqliteAuditWriter } from './sqlite-writer.js';

export { AuditLog, type AuditStats, type AuditLogger } from './audit-log.js';
export { AuditRetention } from './retention.js';
export type { AuditEntry } from './entry.js';
export type { AuditConfig } from './audit-config.js';

export interface AuditService {
  repo: SqlAuditRepo;
  log: AuditLog;
  retention: AuditRetention;
  /** Starts pruning and logging (after the app has a logger). */
  start(logger: AuditLogger): void;
  /** Writes everything queued and stops pruning (the app's onClose, before the store closes). */
  close(): Promise<void>;
}

export function auditService(store: Store, kv: KvRepo, config: AuditConfig): AuditService {
  const repo = new SqlAuditRepo(store.db);
  // SQLite commits wait for the disk synchronously: write from a thread of its own. PostgreSQL writes are asynchronous already.
  const sqliteWriter = store.file ? new SqliteAuditWriter(store.file) : null;
  const log = new AuditLog(sqliteWriter ?? repo, config);
  const retention = new AuditRetention(repo, kv, config.retentionDays);
  return {
    repo,
    log,
    retention,
    start(logger) {
      log.useLogger(logger);
      retention.start(logger);
    },
    async close() {
      await retention.stop();
      await log.close();
      await sqliteWriter?.close();
    },
  };
}
