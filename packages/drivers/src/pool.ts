/**
 * One pool per data source: at most `max` connections, idle ones closed after `idleMs`, a broken
 * connection dropped and replaced on next use, and everything closed when the data source's
 * settings change (a new fingerprint) or it is deleted. Engines whose connections are bound to
 * one database (PostgreSQL family) keep each connection tagged with its database.
 */
import type { DatabaseType } from '@askdb/contracts';
import { DriverError, type Connection, type ConnectionConfig, type DatabaseDriver } from './driver.js';
import { driverFor } from './registry.js';

export interface PoolOptions {
  /** Connections per data source (default 5). */
  max?: number;
  /** Idle connections are closed after this long (default 5 minutes). */
  idleMs?: number;
  /** How long `acquire` waits for a free connection when all are busy (default 30 s). */
  acquireTimeoutMs?: number;
  /** Driver lookup (tests may pass their own). */
  driverFor?: (type: DatabaseType) => Promise<DatabaseDriver>;
}

export interface PooledConnection {
  readonly connection: Connection;
  /** Gives the connection back; a broken one is closed instead. Idempotent. */
  release(): void;
  /** Closes the connection instead of reusing it (e.g. after a session-changing statement). */
  destroy(): Promise<void>;
}

interface Idle { connection: Connection; database: string; timer: NodeJS.Timeout }
interface Waiter { database: string; resolve: () => void; timer: NodeJS.Timeout }
interface SourcePool {
  fingerprint: string;
  idle: Idle[];
  busy: Set<Connection>;
  creating: number;
  waiters: Waiter[];
  retired: boolean;
}

export class ConnectionPool {
  private readonly sources = new Map<string, SourcePool>();
  private readonly max: number;
  private readonly idleMs: number;
  private readonly acquireTimeoutMs: number;
  private readonly lookup: (type: DatabaseType) => Promise<DatabaseDriver>;

  constructor(options: PoolOptions = {}) {
    this.max = options.max ?? 5;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.lookup = options.driverFor ?? driverFor;
  }

  /**
   * A connection for the data source. `fingerprint` identifies its settings (e.g. a hash of the
   * stored row): a different fingerprint retires every connection made with the old settings.
   */
  async acquire(dataSourceId: number | string, config: ConnectionConfig, fingerprint: string): Promise<PooledConnection> {
    const key = String(dataSourceId);
    const driver = await this.lookup(config.type);
    const database = driver.databasePerConnection ? config.databaseName ?? '' : '';
    let pool = this.sources.get(key);
    if (pool && pool.fingerprint !== fingerprint) {
      this.retire(pool);
      pool = undefined;
    }
    if (!pool) {
      pool = { fingerprint, idle: [], busy: new Set(), creating: 0, waiters: [], retired: false };
      this.sources.set(key, pool);
    }
    const current = pool;
    for (;;) {
      if (current.retired) return this.acquire(dataSourceId, config, fingerprint);
      const reused = this.takeIdle(current, database);
      if (reused) return this.lease(current, reused, database);
      if (this.size(current) >= this.max && current.idle.length) {
        // Full, but an idle connection is bound to another database: swap it out.
        const victim = current.idle.shift()!;
        clearTimeout(victim.timer);
        void victim.connection.close().catch(() => undefined);
      }
      if (this.size(current) < this.max) {
        current.creating++;
        try {
          const connection = await driver.connect(config);
          if (current.retired) {
            void connection.close().catch(() => undefined);
            throw new DriverError('The data source settings changed while connecting; try again.', 'CONNECTION_LOST');
          }
          return this.lease(current, connection, database);
        } finally {
          current.creating--;
          this.wakeOne(current);
        }
      }
      await this.wait(current, database);
    }
  }

  /** Closes every connection of the data source (settings changed, data source deleted). */
  async invalidate(dataSourceId: number | string): Promise<void> {
    const pool = this.sources.get(String(dataSourceId));
    if (pool) await this.retire(pool);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sources.values()].map((p) => this.retire(p)));
  }

  /** Counts for monitoring and tests. */
  stats(dataSourceId: number | string): { idle: number; busy: number; waiting: number } {
    const pool = this.sources.get(String(dataSourceId));
    return { idle: pool?.idle.length ?? 0, busy: pool?.busy.size ?? 0, waiting: pool?.waiters.length ?? 0 };
  }

  private size(pool: SourcePool): number {
    return pool.idle.length + pool.busy.size + pool.creating;
  }

  private takeIdle(pool: SourcePool, database: string): Connection | null {
    for (let i = pool.idle.length - 1; i >= 0; i--) {
      const entry = pool.idle[i]!;
      if (entry.connection.broken) {
        pool.idle.splice(i, 1);
        clearTimeout(entry.timer);
        void entry.connection.close().catch(() => undefined);
        continue;
      }
      if (entry.database === database) {
        pool.idle.splice(i, 1);
        clearTimeout(entry.timer);
        return entry.connection;
      }
    }
    return null;
  }

  private lease(pool: SourcePool, connection: Connection, database: string): PooledConnection {
    pool.busy.add(connection);
    this.databaseOf.set(connection, database);
    let done = false;
    const finish = (reuse: boolean) => {
      if (done) return;
      done = true;
      pool.busy.delete(connection);
      if (!reuse || pool.retired || connection.broken) void connection.close().catch(() => undefined);
      else this.park(pool, connection);
      this.wakeOne(pool);
    };
    return {
      connection,
      release: () => finish(true),
      destroy: async () => { finish(false); },
    };
  }

  private park(pool: SourcePool, connection: Connection): void {
    const entry: Idle = {
      connection,
      database: this.databaseOf.get(connection) ?? '',
      timer: setTimeout(() => {
        const at = pool.idle.indexOf(entry);
        if (at >= 0) pool.idle.splice(at, 1);
        void connection.close().catch(() => undefined);
      }, this.idleMs),
    };
    entry.timer.unref();
    pool.idle.push(entry);
  }

  private readonly databaseOf = new WeakMap<Connection, string>();

  private wait(pool: SourcePool, database: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        database,
        resolve: () => { clearTimeout(waiter.timer); resolve(); },
        timer: setTimeout(() => {
          pool.waiters.splice(pool.waiters.indexOf(waiter), 1);
          reject(new DriverError(`All ${this.max} connections of this data source stayed busy for ${this.acquireTimeoutMs / 1000} s.`, 'TIMEOUT'));
        }, this.acquireTimeoutMs),
      };
      pool.waiters.push(waiter);
    });
  }

  private wakeOne(pool: SourcePool): void {
    pool.waiters.shift()?.resolve();
  }

  private async retire(pool: SourcePool): Promise<void> {
    pool.retired = true;
    for (const [key, value] of this.sources) if (value === pool) this.sources.delete(key);
    const idle = pool.idle.splice(0);
    for (const entry of idle) clearTimeout(entry.timer);
    for (const waiter of pool.waiters.splice(0)) waiter.resolve();
    await Promise.all(idle.map((e) => e.connection.close().catch(() => undefined)));
  }
}
