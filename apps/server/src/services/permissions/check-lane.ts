/**
 * Plan checks of one data source that come in quick succession share one pooled connection, one
 * after another (issue 28 point 2). A check's round trip is short on the database, but a pooled
 * connection that each check leases for itself stays taken until this process's event loop gets to
 * the answer, and under fifty concurrent requests that wait is most of the time the connection is
 * held: the member's checks then took the pool from the member's own statements (0.54–0.66× local
 * throughput against 1.08× with no check at all). On a lane, the next check is sent from the
 * previous one's answer (a promise chain: no event-loop turn between them), so one connection
 * carries the checks of many requests while the statements keep the rest of the pool.
 *
 * Nothing is skipped or kept: every check runs its full rounds (plan-check.ts), each in its own
 * read-only transaction that it rolls back; the lane only orders them on one connection. A check
 * that left the connection in a transaction or broke it retires the lane (the connection is
 * dropped, the next check opens a new lane). A slow check does not hold the others: while the
 * lane's current check has run longer than `slowMs`, or `maxQueued` wait on it, a new check leases
 * a connection of its own as before (`run` answers null).
 */
import type { Connection } from '@askdb/drivers';
import type { Lease } from '../connections.js';

export interface LaneOptions {
  /**
   * An idle lane gives its connection back to the pool after this long (ms). Default 0: at once, so
   * a lane never keeps a connection a statement waits for (a source with a pool of one).
   */
  idleMs?: number;
  /** At most this many checks wait on one lane; more lease their own connection. */
  maxQueued?: number;
  /** A check running longer than this (ms) sends new ones to a connection of their own. */
  slowMs?: number;
}

interface Lane {
  lease: Promise<Lease>;
  /** The end of the last check queued (settled either way). */
  tail: Promise<unknown>;
  queued: number;
  /** performance.now() when the running check started; null when none runs. */
  runningSince: number | null;
  idle: NodeJS.Timeout | null;
  retired: boolean;
  /** Its connection was left in a transaction or broke: the checks still queued lease their own. */
  unsafe: boolean;
}

/** Never shared inside a transaction or after a failure of the connection itself. */
async function safeToShare(conn: Connection): Promise<boolean> {
  if (conn.broken) return false;
  return (await conn.inTransaction?.().catch(() => true)) === false;
}

export class CheckLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly idleMs: number;
  private readonly maxQueued: number;
  private readonly slowMs: number;
  /** Checks run on a lane / leased on their own because the lane was full or slow (tests and benches read it). */
  readonly counts = { onLane: 0, ownLease: 0 };

  constructor(options: LaneOptions = {}) {
    this.idleMs = options.idleMs ?? 0;
    this.maxQueued = options.maxQueued ?? 16;
    this.slowMs = options.slowMs ?? 200;
  }

  /**
   * Runs `check` on the lane of `key` (one per data source and its settings) once the checks queued
   * before it are done; `open` leases the lane's connection when there is none. Null when the lane
   * is full or busy with a slow check: the caller leases a connection of its own.
   */
  run<T>(key: string, open: () => Promise<Lease>, check: (conn: Connection) => Promise<T>): Promise<T> | null {
    let lane = this.lanes.get(key);
    if (lane && (lane.queued >= this.maxQueued || (lane.runningSince !== null && performance.now() - lane.runningSince > this.slowMs))) {
      this.counts.ownLease++;
      return null;
    }
    if (!lane) {
      const opened = open();
      lane = { lease: opened, tail: opened, queued: 0, runningSince: null, idle: null, retired: false, unsafe: false };
      this.lanes.set(key, lane);
      const created = lane;
      // No connection to be had: the lane goes, and the checks queued on it fail as the lease did.
      opened.catch(() => this.retire(key, created, null));
    }
    const current = lane;
    this.counts.onLane++;
    current.queued++;
    if (current.idle) {
      clearTimeout(current.idle);
      current.idle = null;
    }
    const result = current.tail.then(
      () => this.turn(key, current, open, check),
      () => current.lease.then(() => this.turn(key, current, open, check)),
    );
    current.tail = result.catch(() => undefined);
    return result;
  }

  private async turn<T>(key: string, lane: Lane, open: () => Promise<Lease>, check: (conn: Connection) => Promise<T>): Promise<T> {
    if (lane.unsafe) {
      lane.queued--;
      return this.own(open, check);
    }
    const lease = await lane.lease;
    lane.runningSince = performance.now();
    try {
      return await check(lease.conn);
    } finally {
      lane.runningSince = null;
      lane.queued--;
      if (!(await safeToShare(lease.conn))) {
        lane.unsafe = true;
        this.retire(key, lane, lease, true);
      } else if (lane.queued === 0 && !lane.retired) {
        // Nothing queued after this check: the connection goes back before its answer does.
        if (this.idleMs <= 0) this.retire(key, lane, lease, false, true);
        else {
          lane.idle = setTimeout(() => this.retire(key, lane, lease), this.idleMs);
          lane.idle.unref();
        }
      }
    }
  }

  /** A check on a connection of its own (leased, used, given back or dropped). */
  private async own<T>(open: () => Promise<Lease>, check: (conn: Connection) => Promise<T>): Promise<T> {
    const lease = await open();
    try {
      return await check(lease.conn);
    } finally {
      lease.release(!(await safeToShare(lease.conn)));
    }
  }

  /** Takes the lane out of use; its connection goes back to the pool (dropped when `destroy`) once its queued checks are done (`now`: none are). */
  private retire(key: string, lane: Lane, lease: Lease | null, destroy = false, now = false): void {
    if (this.lanes.get(key) === lane) this.lanes.delete(key);
    if (lane.retired) return;
    lane.retired = true;
    if (lane.idle) clearTimeout(lane.idle);
    if (!lease) return;
    if (now) lease.release(destroy || lease.conn.broken);
    else void lane.tail.then(() => lease.release(destroy || lease.conn.broken));
  }

  /** Gives every lane's connection back (shutdown). */
  close(): void {
    for (const [key, lane] of [...this.lanes]) void lane.lease.then((l) => this.retire(key, lane, l), () => undefined);
  }
}
