/** Small pieces of running statements on a lease: read-only sessions, the team's time limit, events with a rewritten end. */
import type { Connection, ResultEvent } from '@askdb/drivers';
import type { ExecuteResult, Language } from '@askdb/contracts';
import { doneMessage } from '../driver-errors.js';
import type { Lease } from '../connections.js';
import type { StatementAudit } from '../audit/statement-audit.js';

type Done = Extract<ResultEvent, { type: 'done' }>;

const READ_ONLY_SESSION: Record<string, [on: string, off: string]> = {
  POSTGRESQL: ['SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY', 'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE'],
  MYSQL: ['SET SESSION TRANSACTION READ ONLY', 'SET SESSION TRANSACTION READ WRITE'],
  MARIADB: ['SET SESSION TRANSACTION READ ONLY', 'SET SESSION TRANSACTION READ WRITE'],
};

async function runQuiet(conn: Connection, sql: string): Promise<boolean> {
  let ok = true;
  for await (const ev of conn.execute(sql, { pageSize: 1 })) if (ev.type === 'done' && !ev.success) ok = false;
  return ok;
}

/** The lease with its session made read-only (see RunOptions.readOnly); unchanged for other engines. */
export async function readOnlyLease(lease: Lease, type: string): Promise<Lease> {
  const sql = READ_ONLY_SESSION[type];
  if (!sql) return lease;
  const on = await runQuiet(lease.conn, sql[0]).catch(() => false);
  if (!on) {
    lease.release(true);
    throw new Error('The connection could not be made read-only');
  }
  return {
    conn: lease.conn,
    release: (destroy = false) => {
      if (destroy || lease.conn.broken) return lease.release(true);
      void runQuiet(lease.conn, sql[1]).catch(() => false).then((off) => lease.release(!off));
    },
  };
}

/** Cancels the statement in the database when it runs past the team's limit (null: no limit). */
export class StatementTimer {
  fired = false;
  private readonly timer: NodeJS.Timeout | null;

  constructor(limitMs: number | null, conn: Connection) {
    this.timer = limitMs
      ? setTimeout(() => {
          this.fired = true;
          void conn.cancel().catch(() => undefined);
        }, limitMs)
      : null;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

export function applyDone(r: ExecuteResult, ev: Done, lang: Language): void {
  r.success = ev.success;
  r.duration = ev.durationMs;
  r.message = doneMessage(ev, lang);
  r.updateCount = ev.updateCount;
  if (ev.errorPosition) r.errorPosition = ev.errorPosition;
  if (ev.cancelled) r.cancelled = true;
}

/** A failed end in our own words (already in the user's language): the driver's code no longer applies. */
export function failedWith(ev: Done, message: string, cancelled = ev.cancelled): Done {
  const { code: _code, params: _params, ...rest } = ev;
  return { ...rest, success: false, message, cancelled };
}

/** The driver's events, with a thrown error turned into a failed `done` (the connection may be gone); the audit sees each. */
export async function* safeEvents(conn: Connection, sql: string, opts: Parameters<Connection['execute']>[1], audit: StatementAudit | null, end: (done: Done) => Done = (d) => d): AsyncGenerator<ResultEvent> {
  const started = Date.now();
  audit?.begin(started);
  try {
    for await (const raw of conn.execute(sql, opts)) {
      const ev = raw.type === 'done' ? end(raw) : raw;
      audit?.see(ev);
      yield ev;
    }
  } catch (e) {
    const done = end({ type: 'done', success: false, updateCount: null, durationMs: Date.now() - started, message: (e as Error)?.message ?? String(e) });
    audit?.see(done);
    yield done;
  }
}

/** A statement that does not reach the database: only its failed end. */
export async function* refusedEvents(message: string): AsyncGenerator<ResultEvent> {
  yield { type: 'done', success: false, updateCount: null, durationMs: 0, message };
}
