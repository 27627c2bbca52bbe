/**
 * Server-side access to data source connections: resolves a stored record into a driver config and
 * hands out pooled connections (one pool per data source, capped, idle ones closed, broken ones
 * replaced). Routes never open connections themselves.
 */
import type { Connection, ConnectionConfig } from '@askdb/drivers';
import { driverFor, ConnectionPool } from '@askdb/drivers';
import type { DataSourceInput, Language } from '@askdb/contracts';
import type { DataSourceRepo, DataSourceRecord } from '../store/data-sources.js';
import type { FilePolicy } from './file-policy.js';

export interface Lease {
  conn: Connection;
  release(destroy?: boolean): void;
}

export class ConnectionService {
  private readonly pool = new ConnectionPool({ max: 5, idleMs: 60_000 });

  constructor(private readonly repo: DataSourceRepo, private readonly files: FilePolicy) {}

  /** Throws FileRefused (in `lang`) when a SQLite/DuckDB data source names a file it may not open. */
  checkFiles(input: DataSourceInput, lang: Language): void {
    this.files.check(input, lang);
  }

  /** The driver's settings: a file engine gets the files its statements may reach (FilePolicy). */
  private configOf(input: DataSourceInput): ConnectionConfig {
    const fileAccess = this.files.access(input);
    return fileAccess ? { ...input, fileAccess } : input;
  }

  /** A new connection of its own (console sessions); every path to a driver goes through configOf. */
  async open(input: DataSourceInput): Promise<Connection> {
    const config = this.configOf(input);
    return (await driverFor(input.type)).connect(config);
  }

  /** Open, check and close a one-off connection (pre_connect / test connection). */
  async test(input: DataSourceInput): Promise<void> {
    const conn = await this.open(input);
    try {
      for await (const ev of conn.execute(input.type === 'REDIS' ? 'PING' : 'SELECT 1')) {
        if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
      }
    } finally {
      await conn.close().catch(() => {});
    }
  }

  /**
   * A pooled connection of the source: at most its `poolSize` in all, and (when a user is named) at
   * most `poolPerUser` for that user at once; `onWait` hears the number of requests ahead while it waits.
   */
  async acquire(record: DataSourceRecord, who: { userId?: number; onWait?: (ahead: number) => void } = {}): Promise<Lease> {
    const { poolSize, poolPerUser } = record.input;
    const pc = await this.pool.acquire(record.id, this.configOf(record.input), record.updatedAt, { user: who.userId, max: poolSize, perUser: poolPerUser, onWait: who.onWait });
    return { conn: pc.connection, release: (destroy = false) => (destroy ? void pc.destroy() : pc.release()) };
  }

  async with<T>(record: DataSourceRecord, fn: (c: Connection) => Promise<T>): Promise<T> {
    const lease = await this.acquire(record);
    let broken = false;
    try {
      return await fn(lease.conn);
    } catch (e) {
      broken = lease.conn.broken;
      throw e;
    } finally {
      lease.release(broken || lease.conn.broken);
    }
  }

  invalidate(dataSourceId: number): void {
    void this.pool.invalidate(dataSourceId);
  }

  async closeAll(): Promise<void> {
    await this.pool.closeAll();
  }

  get repoRef(): DataSourceRepo {
    return this.repo;
  }
}
