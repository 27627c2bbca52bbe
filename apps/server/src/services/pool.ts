/**
 * One small pool per data source: at most `maxPerSource` connections, idle ones closed after
 * `idleMs`, a broken one destroyed instead of returned, and all of a source's connections dropped
 * when its settings change (the fingerprint differs).
 */
import type { Connection } from '@askdb/drivers';
import { driverFor } from '@askdb/drivers';
import type { DataSourceInput } from '@askdb/contracts';

interface Idle { conn: Connection; since: number }
interface SourcePool {
  fingerprint: string;
  idle: Idle[];
  busy: number;
  waiters: ((l: void) => void)[];
}

export class ConnectionPools {
  private readonly pools = new Map<number, SourcePool>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: { maxPerSource: number; idleMs: number }) {
    this.timer = setInterval(() => this.sweep(), Math.min(opts.idleMs, 10_000));
    this.timer.unref();
  }

  async acquire(id: number, input: DataSourceInput, fingerprint: string): Promise<{ conn: Connection; release(destroy?: boolean): void }> {
    let pool = this.pools.get(id);
    if (pool && pool.fingerprint !== fingerprint) {
      await this.invalidate(id);
      pool = undefined;
    }
    if (!pool) {
      pool = { fingerprint, idle: [], busy: 0, waiters: [] };
      this.pools.set(id, pool);
    }
    while (pool.idle.length === 0 && pool.busy >= this.opts.maxPerSource) {
      await new Promise<void>((resolve) => pool!.waiters.push(resolve));
    }
    let conn: Connection | undefined;
    while (pool.idle.length) {
      const c = pool.idle.pop()!.conn;
      if (!c.broken) {
        conn = c;
        break;
      }
      void c.close().catch(() => {});
    }
    pool.busy++;
    if (!conn) {
      try {
        conn = await (await driverFor(input.type)).connect(input);
      } catch (e) {
        pool.busy--;
        pool.waiters.shift()?.();
        throw e;
      }
    }
    let released = false;
    const p = pool;
    return {
      conn,
      release: (destroy = false) => {
        if (released) return;
        released = true;
        p.busy--;
        if (destroy || conn!.broken || this.pools.get(id) !== p) void conn!.close().catch(() => {});
        else p.idle.push({ conn: conn!, since: Date.now() });
        p.waiters.shift()?.();
      },
    };
  }

  async invalidate(id: number): Promise<void> {
    const pool = this.pools.get(id);
    if (!pool) return;
    this.pools.delete(id);
    await Promise.all(pool.idle.map((i) => i.conn.close().catch(() => {})));
    pool.waiters.splice(0).forEach((w) => w());
  }

  private sweep(): void {
    const now = Date.now();
    for (const pool of this.pools.values()) {
      const keep: Idle[] = [];
      for (const i of pool.idle) {
        if (now - i.since > this.opts.idleMs || i.conn.broken) void i.conn.close().catch(() => {});
        else keep.push(i);
      }
      pool.idle = keep;
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.pools.keys()].map((id) => this.invalidate(id)));
  }
}
