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
 * Concurrent callers share round trips: a trip leaves at the end of the event loop's turn
 * (setImmediate), carrying every caller of that turn, and callers that come while it is in flight
 * share the next one, sent when it is back (at most one in flight plus one gathering), so 50
 * requests at once cost one or two trips, not fifty. A caller only ever joins a trip that has not
 * been sent yet: the trip leaves after its call, which is what the proof needs.
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
  /** The trip being gathered (not sent yet): callers join it. */
  private next: { promise: Promise<Freshness>; resolve: (f: Freshness) => void; reject: (e: Error) => void } | null = null;
  private inFlight = false;
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
    if (!this.next) {
      let settle!: Pick<NonNullable<ChangeFeed['next']>, 'resolve' | 'reject'>;
      const promise = new Promise<Freshness>((resolve, reject) => (settle = { resolve, reject }));
      this.next = { promise, ...settle };
      // A trip in flight was sent before this call: this one leaves when it is back.
      if (!this.inFlight) setImmediate(() => this.sendNext());
    }
    return this.next.promise;
  }

  /** Sends the gathered trip; once it is back, the next one if callers came meanwhile. */
  private sendNext(): void {
    const gathered = this.next;
    if (!gathered || this.inFlight) return;
    this.next = null;
    if (!this.client) return gathered.reject(new Error('change feed is down'));
    this.inFlight = true;
    this.roundTrip().then(gathered.resolve, gathered.reject).finally(() => {
      this.inFlight = false;
      if (this.next) setImmediate(() => this.sendNext());
    });
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
    return client.query(`select 1 from pg_listening_channels() c where c = '${CHANGE_CHANNEL}'`).then(
      (r) => {
        if (r.rowCount !== 1) {
          this.lost(client, new Error('the change feed connection is not listening (a transaction pooler between AskDB and PostgreSQL?)'));
          throw new Error('change feed is down');
        }
        // The connection failed after answering: what it delivered may be incomplete.
        if (this.client !== client || this.conn !== mine.conn) throw new Error('change feed is down');
        this.answered = Math.max(this.answered, mine.trip);
        return mine;
      },
    );
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
