/**
 * Console sessions: each console keeps one dedicated connection, so BEGIN in one run and COMMIT in the
 * next behave as in the engine's own shell. Runs without a console borrow a pooled connection.
 * Idle sessions close after 10 minutes; a broken one is replaced on next use.
 */
import type { Connection } from '@askdb/drivers';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { ConnectionService, Lease } from './connections.js';

interface Session { conn: Connection; fingerprint: string; lastUsed: number; busy: Promise<void> }

export class SessionService {
  private readonly sessions = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly connections: ConnectionService, private readonly idleMs = 10 * 60_000) {
    this.timer = setInterval(() => this.sweep(), 30_000);
    this.timer.unref();
  }

  /**
   * A connection for one execution; `release` must be called when its results are done. A pooled one
   * counts against the user's share of the source unless `pool.uncapped`; `pool.onWait`: see ConnectionService.acquire.
   */
  async lease(record: DataSourceRecord, userId: number, consoleId?: number | null, pool: { onWait?: (ahead: number) => void; uncapped?: boolean } = {}): Promise<Lease> {
    if (consoleId == null) return this.connections.acquire(record, { userId: pool.uncapped ? undefined : userId, onWait: pool.onWait });
    const key = `${userId}:${record.id}:${consoleId}`;
    let s = this.sessions.get(key);
    if (s && (s.fingerprint !== record.updatedAt || s.conn.broken)) {
      void s.conn.close().catch(() => {});
      this.sessions.delete(key);
      s = undefined;
    }
    if (!s) {
      const conn = await this.connections.open(record.input);
      s = { conn, fingerprint: record.updatedAt, lastUsed: Date.now(), busy: Promise.resolve() };
      this.sessions.set(key, s);
    }
    // One execution at a time per console session: wait for the previous one to release.
    const session = s;
    const prev = session.busy;
    let done!: () => void;
    session.busy = new Promise<void>((r) => (done = r));
    await prev;
    session.lastUsed = Date.now();
    let released = false;
    return {
      conn: session.conn,
      release: (destroy = false) => {
        if (released) return;
        released = true;
        session.lastUsed = Date.now();
        if (destroy || session.conn.broken) {
          this.sessions.delete(key);
          void session.conn.close().catch(() => {});
        }
        done();
      },
    };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, s] of this.sessions) {
      if (now - s.lastUsed > this.idleMs) {
        this.sessions.delete(k);
        void s.busy.then(() => s.conn.close().catch(() => {}));
      }
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.sessions.values()].map((s) => s.conn.close().catch(() => {})));
    this.sessions.clear();
  }
}
