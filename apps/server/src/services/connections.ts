/**
 * Server-side access to data source connections: resolves a stored record into a driver config and
 * hands out pooled connections (one pool per data source, capped, idle ones closed, broken ones
 * replaced). Routes never open connections themselves.
 */
import type { Connection } from '@askdb/drivers';
import { driverFor, ConnectionPool } from '@askdb/drivers';
import type { DataSourceInput } from '@askdb/contracts';
import type { DataSourceRepo, DataSourceRecord } from '../store/data-sources.js';

export interface Lease {
  conn: Connection;
  release(destroy?: boolean): void;
}

export class ConnectionService {
  private readonly pool = new ConnectionPool({ max: 5, idleMs: 60_000 });

  constructor(private readonly repo: DataSourceRepo) {}

  /** Open, check and close a one-off connection (pre_connect / test connection). */
  async test(input: DataSourceInput): Promise<void> {
    const driver = await driverFor(input.type);
    const conn = await driver.connect(input);
    try {
      for await (const ev of conn.execute(input.type === 'REDIS' ? 'PING' : 'SELECT 1')) {
        if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
      }
    } finally {
      await conn.close().catch(() => {});
    }
  }

  async acquire(record: DataSourceRecord): Promise<Lease> {
    const pc = await this.pool.acquire(record.id, record.input, record.updatedAt);
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
