/**
 * The notification bus: tells every replica's open event streams that a recipient has something
 * new. Server mode: PostgreSQL NOTIFY on the store's pool to publish, one dedicated LISTEN client
 * per process (opened on the first subscriber, reopened after a drop) to receive — so a notice
 * written on replica A reaches a browser connected to replica B. Local mode: an in-process emitter.
 * One hub per store (a process may run several apps, e.g. tests).
 */
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { Store } from '../../store/db.js';

export const NOTIFY_CHANNEL = 'askdb_notifications';

export interface NotificationEvent {
  organizationId: number | null;
  userIds: number[];
  type: string;
  messageKey: string;
}
type Listener = (e: NotificationEvent) => void;

export interface NotificationHub {
  publish(e: NotificationEvent): Promise<void>;
  subscribe(fn: Listener): () => void;
  /** Resolves once the hub receives (server mode: LISTEN is active). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const hubs = new WeakMap<Store, NotificationHub>();

export function notificationHub(deps: Pick<AppDeps, 'store' | 'config'>): NotificationHub {
  let hub = hubs.get(deps.store);
  if (!hub) {
    hub = deps.store.dialect === 'postgres' && deps.config.databaseUrl ? pgHub(deps.store, deps.config.databaseUrl) : localHub();
    hubs.set(deps.store, hub);
  }
  return hub;
}

function localHub(): NotificationHub {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    async publish(e) {
      em.emit('n', e);
    },
    subscribe(fn) {
      em.on('n', fn);
      return () => em.off('n', fn);
    },
    ready: async () => {},
    async close() {
      em.removeAllListeners();
    },
  };
}

function pgHub(store: Store, url: string): NotificationHub {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  let client: import('pg').Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (m) => {
        if (m.channel !== NOTIFY_CHANNEL || !m.payload) return;
        try {
          em.emit('n', JSON.parse(m.payload) as NotificationEvent);
        } catch {
          /* not ours */
        }
      });
      const lost = () => {
        if (client !== c) return;
        client = null;
        connecting = null;
        c.end().catch(() => {});
        if (!closed) scheduleReconnect();
      };
      c.on('error', lost);
      c.on('end', lost);
      try {
        await c.connect();
        await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
        client = c;
        retryMs = 250;
        if (closed) await c.end().catch(() => {});
      } catch (err) {
        connecting = null;
        c.end().catch(() => {});
        if (!closed) scheduleReconnect();
        throw err;
      }
    })();
    return connecting;
  };
  const scheduleReconnect = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(() => {});
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  return {
    async publish(e) {
      // Only recipients' ids travel (NOTIFY payloads are limited to 8000 bytes); readers fetch the rows.
      await sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(e)})`.execute(store.db);
    },
    subscribe(fn) {
      em.on('n', fn);
      if (!client && !closed) connect().catch(() => {});
      return () => em.off('n', fn);
    },
    async ready() {
      if (!client) await connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      em.removeAllListeners();
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}
