/**
 * What changed in the PostgreSQL store, as seen by this replica (issue 28 point 2). One dedicated
 * connection LISTENs on the channel the change triggers notify (change-triggers.ts) and hands each
 * tag to the subscribers (ReadCache).
 *
 * `caughtUp()` is what makes a cache safe across replicas: it resolves after a round trip on the
 * listening connection that was sent after the call. A write committed on another replica before
 * this request began signalled our listening backend during its commit, and PostgreSQL sends a
 * pending notification to the client before it answers the next query; node-pg emits it before the
 * round trip resolves. So once caughtUp() resolves, every such change has reached the subscribers.
 * Concurrent callers share round trips (at most one in flight plus one queued), so 50 requests at
 * once cost one or two trips, not fifty.
 *
 * While the connection is down the feed is not `live`: callers read the store directly. On
 * reconnect subscribers hear `reset` (notifications may have been missed while it was down).
 */
import pg from 'pg';
import { CHANGE_CHANNEL } from './change-triggers.js';

export interface ChangeListener {
  /** One changed tag (`user:5`). */
  changed(tag: string): void;
  /** Anything may have changed (the feed was down): forget everything. */
  reset(): void;
}

/**
 * Proof that the listeners had caught up with the store as of some moment: the round trip `trip`
 * on connection `conn` completed. A request keeps the one it got first and shows it for its later
 * reads (`covers`), so one round trip serves a whole request.
 */
export interface Freshness {
  readonly conn: number;
  readonly trip: number;
}

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

export class ChangeFeed {
  private client: pg.Client | null = null;
  private listeners: ChangeListener[] = [];
  private sent: Promise<Freshness> | null = null;
  private queued: Promise<Freshness> | null = null;
  /** Connections made so far (the current one's number) and, on it, trips sent and the last one answered. */
  private conn = 0;
  private trips = 0;
  private answered = 0;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Round trips made (the bench and tests read it). */
  roundTrips = 0;

  constructor(private readonly databaseUrl: string, private readonly onError: (e: Error) => void = () => {}) {}

  /** True while the listening connection is up; only then may a cache answer. */
  get live(): boolean {
    return this.client !== null;
  }

  subscribe(l: ChangeListener): void {
    this.listeners.push(l);
  }

  /** Connects and LISTENs; when that fails it rejects and keeps retrying in the background (caches stay off meanwhile). */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (e) {
      this.scheduleReconnect();
      throw e;
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'askdb change feed' });
    client.on('notification', (n) => {
      if (n.channel !== CHANGE_CHANNEL) return;
      if (!n.payload) return this.resetAll();
      for (const l of this.listeners) l.changed(n.payload);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the change feed connection ended')));
    await client.connect();
    try {
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    // Notifications sent while no connection listened are gone: start from nothing.
    this.resetAll();
    this.conn++;
    this.answered = 0;
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
  }

  /**
   * Resolves once every change committed in the store before this call has reached the listeners;
   * rejects when the feed is down or the round trip fails (then the caller must read the store).
   */
  caughtUp(): Promise<Freshness> {
    if (!this.client) return Promise.reject(new Error('change feed is down'));
    if (!this.sent) return (this.sent = this.roundTrip());
    // A trip is in flight, sent before this call: wait for the next one, shared with everyone else who waits.
    this.queued ??= this.sent.catch(() => {}).then(() => {
      this.queued = null;
      if (!this.client) throw new Error('change feed is down');
      return (this.sent ??= this.roundTrip());
    });
    return this.queued;
  }

  /** Whether a request that caught up at `f` may still count on it: same connection, still up. */
  covers(f: Freshness | null | undefined): boolean {
    return !!f && this.client !== null && f.conn === this.conn && f.trip <= this.answered;
  }

  private roundTrip(): Promise<Freshness> {
    const client = this.client!;
    this.roundTrips++;
    const mine: Freshness = { conn: this.conn, trip: ++this.trips };
    // The trip also asks whether this backend still listens: behind a pooler that hands out another
    // backend per transaction (PgBouncer transaction mode), notifications would never arrive; fail closed.
    const trip: Promise<Freshness> = client.query(`select 1 from pg_listening_channels() c where c = '${CHANGE_CHANNEL}'`).then(
      (r) => {
        if (this.sent === trip) this.sent = null;
        if (r.rowCount !== 1) {
          this.lost(client, new Error('the change feed connection is not listening (a transaction pooler between AskDB and PostgreSQL?)'));
          throw new Error('change feed is down');
        }
        // The connection failed after answering: what it delivered may be incomplete.
        if (this.client !== client || this.conn !== mine.conn) throw new Error('change feed is down');
        this.answered = Math.max(this.answered, mine.trip);
        return mine;
      },
      (e: Error) => {
        if (this.sent === trip) this.sent = null;
        throw e;
      },
    );
    return trip;
  }

  private resetAll(): void {
    for (const l of this.listeners) l.reset();
  }

  private lost(client: pg.Client, e: Error): void {
    void client.end().catch(() => {});
    // A connection that never went live: start() rejects and retries by itself.
    if (this.client !== client) return;
    this.client = null;
    this.resetAll();
    if (this.closed) return;
    this.onError(e);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((e: Error) => {
        this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
        if (!this.closed) {
          this.onError(e);
          this.scheduleReconnect();
        }
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    this.resetAll();
    await c?.end().catch(() => {});
  }
}
