/**
 * Transactions and connections (issue 23). A run without a console session is autocommit: its pooled
 * connection goes back to the pool only outside a transaction, or another request (another user's,
 * in server mode) would run inside it. A console session keeps its transaction between runs; when
 * its connection is lost mid-transaction, the next statements fail as the engine's own aborted
 * transaction does, until COMMIT (which fails: nothing was saved) or ROLLBACK ends it.
 */
import type { Connection } from '@askdb/drivers';
import type { Lease } from '../connections.js';

/**
 * Engines whose driver has no transaction status of its own, and the statement that tells (1 = open).
 * MySQL family: `SET autocommit = 0` makes every later statement open a transaction, so a session
 * left that way counts as open too (it is rolled back and dropped, never pooled).
 */
const PROBES: Record<string, string> = {
  MYSQL: 'SELECT @@in_transaction OR @@autocommit = 0',
  MARIADB: 'SELECT @@in_transaction OR @@autocommit = 0',
};

/** Whether the connection is inside a transaction; null when the engine cannot tell us. */
export async function transactionOpen(conn: Connection, type: string, databaseName?: string | null): Promise<boolean | null> {
  if (conn.broken) return false;
  if (conn.inTransaction) return conn.inTransaction();
  const probe = PROBES[type];
  if (!probe) return null;
  let open: boolean | null = null;
  for await (const ev of conn.execute(probe, { pageSize: 1, databaseName })) {
    if (ev.type === 'rows' && ev.rows[0]) open = ev.rows[0][0] !== '0';
    // A probe that fails on a live connection: we cannot tell, so we must not reuse it.
    if (ev.type === 'done' && !ev.success) open = true;
  }
  return open;
}

/** Rolls back; false when that failed (the caller drops the connection either way). */
export async function rollback(conn: Connection, databaseName?: string | null): Promise<boolean> {
  let ok = true;
  try {
    for await (const ev of conn.execute('ROLLBACK', { pageSize: 1, databaseName })) if (ev.type === 'done' && !ev.success) ok = false;
  } catch {
    ok = false;
  }
  return ok;
}

const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*(rollback|abort)\b(?![\s\w]*\bto\b)/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;

/** The statement starts a transaction block (BEGIN, START TRANSACTION). */
export const opensTransaction = (sql: string): boolean => BEGIN.test(sql);
/** The statement ends one (COMMIT, END, ROLLBACK, ABORT — not ROLLBACK TO SAVEPOINT). */
export const closesTransaction = (sql: string): boolean => COMMIT.test(sql) || ROLLBACK.test(sql);

/** What a statement does to a lost transaction: COMMIT fails and ends it, ROLLBACK/BEGIN end it and run, anything else fails. */
export function afterLostTransaction(sql: string): 'fail-and-end' | 'end-and-run' | 'fail' {
  if (COMMIT.test(sql)) return 'fail-and-end';
  if (ROLLBACK.test(sql) || BEGIN.test(sql)) return 'end-and-run';
  return 'fail';
}

interface SessionState { conn: Connection; open: boolean; lost: boolean }

/** The transaction state of each console session between runs (only sessions with one open or lost are kept). */
export class ConsoleTransactions {
  private readonly states = new Map<string, SessionState>();

  /** At the start of a run: the transaction is lost when it was open on a connection that is gone. */
  lostAtStart(key: string, conn: Connection): boolean {
    const s = this.states.get(key);
    if (!s) return false;
    if (s.open && (s.conn !== conn || conn.broken)) {
      s.lost = true;
      s.open = false;
    }
    s.conn = conn;
    return s.lost;
  }

  /** Whether the session had a transaction open before the statement now running. */
  isOpen(key: string): boolean {
    return this.states.get(key)?.open ?? false;
  }

  /** After a run: whether a transaction is open (null: the engine cannot tell) or lost and not yet ended. */
  settle(key: string, conn: Connection, open: boolean | null, lost: boolean): void {
    if (!open && !lost) this.states.delete(key);
    else this.states.set(key, { conn, open: !!open, lost });
  }
}

/**
 * A lease whose release keeps the no-leak rule when nobody waits for the answer (a result cursor
 * closing): a transaction still open is rolled back and the connection dropped instead of pooled.
 */
export function releasedOutsideTransaction(lease: Lease, type: string, databaseName?: string | null): Lease {
  return {
    conn: lease.conn,
    release: (destroy = false) => {
      if (destroy || lease.conn.broken) return lease.release(true);
      void transactionOpen(lease.conn, type, databaseName)
        .catch(() => true)
        .then(async (open) => {
          if (open) await rollback(lease.conn, databaseName);
          lease.release(!!open);
        });
    },
  };
}
