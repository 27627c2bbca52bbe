/**
 * One pool per data source: at most `max` connections (the pool's default or the source's own
 * setting), idle ones closed after `idleMs`, a broken connection dropped and replaced on next use,
 * and everything closed when the data source's settings change (a new fingerprint) or it is
 * deleted. Engines whose connections are bound to one database (PostgreSQL family) keep each
 * connection tagged with its database.
 *
 * Fairness on a shared source: a request that names its user gets at most `perUser` of the
 * source's connections at once (default: all but one), so one user's slow statements cannot take
 * every connection; waiting requests are served first come, first served among those whose user
 * is under the cap, and each hears its place in the queue (`onWait`) instead of waiting silently.
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

export interface AcquireOptions {
  /** Who asks (a user id): connections of one source are shared between users. */
  user?: string | number;
  /** This source's pool size (default: the pool's `max`). */
  max?: number;
  /** At most this many connections of the source per user (default: max - 1, at least 1); only with `user`. */
  perUser?: number;
  /** Called when the request has to wait and again whenever its place changes: `ahead` requests are served before it. */
  onWait?: (ahead: number) => void;
}

export interface PooledConnection {
  readonly connection: Connection;
  /** Gives the connection back; a broken one is closed instead. Idempotent. */
  release(): void;
  /** Closes the connection instead of reusing it (e.g. after a session-changing statement). */
  destroy(): Promise<void>;
}

interface Idle { connection: Connection; database: string; timer: NodeJS.Timeout }
interface Waiter { user: string | null; resolve: () => void; onWait?: (ahead: number) => void; told: number }
interface SourcePool {
  fingerprint: string;
  max: number;
  perUser: number;
  idle: Idle[];
  /** Leased connections and the user each was leased to ('' when none was named). */
  busy: Map<Connection, string>;
  creating: number;
  /** Connections being opened, per user. */
  creatingBy: Map<string, number>;
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
  async acquire(dataSourceId: number | string, config: ConnectionConfig, fingerprint: string, options: AcquireOptions = {}): Promise<PooledConnection> {
    const key = String(dataSourceId);
    const driver = await this.lookup(config.type);
    const database = driver.databasePerConnection ? config.databaseName ?? '' : '';
    let pool = this.sources.get(key);
    if (pool && pool.fingerprint !== fingerprint) {
      this.retire(pool);
      pool = undefined;
    }
    if (!pool) {
      pool = { fingerprint, max: this.max, perUser: this.max, idle: [], busy: new Map(), creating: 0, creatingBy: new Map(), waiters: [], retired: false };
      this.sources.set(key, pool);
    }
    const current = pool;
    current.max = Math.max(1, options.max ?? this.max);
    current.perUser = Math.max(1, Math.min(current.max, options.perUser ?? current.max - 1));
    const user = options.user == null ? null : String(options.user);
    const started = Date.now();
    let woken = false;
    for (;;) {
      if (current.retired) return this.acquire(dataSourceId, config, fingerprint, options);
      if (!this.overCap(current, user)) {
        const reused = this.takeIdle(current, database);
        if (reused) return this.lease(current, reused, database, user);
        if (this.size(current) >= current.max && current.idle.length) {
          // Full, but an idle connection is bound to another database: swap it out.
          const victim = current.idle.shift()!;
          clearTimeout(victim.timer);
          void victim.connection.close().catch(() => undefined);
        }
        if (this.size(current) < current.max) {
          current.creating++;
          this.countCreating(current, user, 1);
          try {
            const connection = await driver.connect(config);
            if (current.retired) {
              void connection.close().catch(() => undefined);
              throw new DriverError('The data source settings changed while connecting; try again.', 'CONNECTION_LOST');
            }
            return this.lease(current, connection, database, user);
          } finally {
            current.creating--;
            this.countCreating(current, user, -1);
            this.wakeOne(current);
          }
        }
      }
      await this.wait(current, user, options.onWait, this.acquireTimeoutMs - (Date.now() - started), woken);
      woken = true;
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

  /** Connections the user holds or is opening. */
  private held(pool: SourcePool, user: string): number {
    let n = pool.creatingBy.get(user) ?? 0;
    for (const owner of pool.busy.values()) if (owner === user) n++;
    return n;
  }

  private overCap(pool: SourcePool, user: string | null): boolean {
    return user !== null && this.held(pool, user) >= pool.perUser;
  }

  private countCreating(pool: SourcePool, user: string | null, delta: number): void {
    if (user === null) return;
    const n = (pool.creatingBy.get(user) ?? 0) + delta;
    if (n > 0) pool.creatingBy.set(user, n);
    else pool.creatingBy.delete(user);
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

  private lease(pool: SourcePool, connection: Connection, database: string, user: string | null): PooledConnection {
    pool.busy.set(connection, user ?? '');
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

  /** Queues the request; resolves when a connection may be free for it (the caller tries again). */
  private wait(pool: SourcePool, user: string | null, onWait: AcquireOptions['onWait'], timeoutMs: number, first: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        user,
        onWait,
        told: -1,
        resolve: () => { clearTimeout(timer); resolve(); },
      };
      const timer = setTimeout(() => {
        const at = pool.waiters.indexOf(waiter);
        if (at >= 0) pool.waiters.splice(at, 1);
        this.tellPlaces(pool);
        reject(new DriverError(`All ${pool.max} connections of this data source stayed busy for ${this.acquireTimeoutMs / 1000} s.`, 'TIMEOUT'));
      }, Math.max(0, timeoutMs));
      // Woken but beaten to the connection: keep the place at the head of the queue.
      if (first) pool.waiters.unshift(waiter);
      else pool.waiters.push(waiter);
      this.tellPlaces(pool);
    });
  }

  /** Wakes the first waiter whose user is under the cap (a capped user's turn comes when one of theirs is released). */
  private wakeOne(pool: SourcePool): void {
    const at = pool.waiters.findIndex((w) => !this.overCap(pool, w.user));
    if (at < 0) return;
    const [waiter] = pool.waiters.splice(at, 1);
    waiter!.resolve();
    this.tellPlaces(pool);
  }

  /** Each waiter hears how many requests are before it, when that changes. */
  private tellPlaces(pool: SourcePool): void {
    pool.waiters.forEach((w, ahead) => {
      if (w.told === ahead || !w.onWait) return;
      w.told = ahead;
      try {
        w.onWait(ahead);
      } catch {
        // A listener's failure must not stall the queue.
      }
    });
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
