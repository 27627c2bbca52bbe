/**
 * The SQL audit writer. `record` only appends to an in-memory queue (the query never waits for the
 * store); a writer drains it in batches — every `flushMs`, or at once when a batch is full — with
 * multi-row INSERTs. When the store fails, the rows stay queued and the writer retries with
 * exponential backoff, logging once per outage; a batch the store refuses while it is up is written
 * row by row so one bad row cannot hold back the rest. The queue is bounded: rows beyond `maxQueue`,
 * rows the store refuses one by one, and rows still queued when a close gives up are counted and
 * logged (`stats()`), never dropped silently. `close()` (the app's onClose) writes everything queued.
 */
import type { AuditWriter } from './sqlite-writer.js';
import type { AuditConfig } from './audit-config.js';
import { toAuditRow, type AuditEntry } from './entry.js';

export interface AuditLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export interface AuditStats {
  /** Rows waiting in memory. */
  queued: number;
  /** Rows written since start. */
  written: number;
  /** Rows that could not be written (queue full, refused by the store, or left at close). */
  lost: number;
  /** Failed write attempts (each is retried). */
  failedWrites: number;
  lastError: string | null;
}

const MAX_BACKOFF_MS = 30_000;
const CLOSE_ATTEMPTS = 5;

const silent: AuditLogger = { warn: () => {}, error: () => {} };

export class AuditLog {
  private queue: AuditEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The pending timer fires at once (a full batch is waiting). */
  private immediate = false;
  private draining: Promise<void> | null = null;
  /** A write is due at the end of this turn of the event loop (writeSoon). */
  private soon = false;
  private backoffMs = 0;
  private closed = false;
  private written = 0;
  private lost = 0;
  private failedWrites = 0;
  private lastError: string | null = null;
  private lastLossLog = 0;
  private log: AuditLogger = silent;
  /** Rows ever queued, and rows dealt with (written or counted lost), in queue order. */
  private recordedSeq = 0;
  private settledSeq = 0;
  /** Callers waiting until the rows queued before them are dealt with (persisted). */
  private readonly waiters = new Set<{ seq: number; resolve: () => void }>();

  constructor(
    private readonly repo: AuditWriter,
    private readonly opts: Pick<AuditConfig, 'flushMs' | 'batchSize' | 'maxQueue'>,
  ) {}

  useLogger(log: AuditLogger): void {
    this.log = log;
  }

  /** Queues one statement's record. Never waits and never throws. */
  record(entry: AuditEntry): void {
    if (this.closed || this.queue.length >= this.opts.maxQueue) {
      this.loseRows(1, this.closed ? 'the audit log is closed' : `the audit queue is full (${this.opts.maxQueue} rows waiting for the store)`);
      return;
    }
    this.queue.push(entry);
    this.recordedSeq++;
    this.schedule();
  }

  /**
   * Resolves once every row queued so far is written (or counted lost): a request answers after its
   * audit rows are in the store, so a replica killed right after answering loses none. Rows queued
   * while a batch is being written go in the next one together (group commit: under load one write
   * serves many requests). While the store is down the rows stay queued and this resolves after
   * `maxWaitMs`, so an outage of the audit store delays answers but never stops them.
   */
  persisted(maxWaitMs = 5_000): Promise<void> {
    const seq = this.recordedSeq;
    if (this.settledSeq >= seq || this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), maxWaitMs);
      timer.unref?.();
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const waiter = { seq, resolve: done };
      this.waiters.add(waiter);
      // Someone waits: write at the end of this turn of the event loop instead of at the next flush
      // tick (unless backing off from a failing store), so every row recorded in the turn goes in one INSERT.
      if (!this.draining && this.backoffMs === 0) this.writeSoon();
    });
  }

  private writeSoon(): void {
    if (this.soon) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      if (this.draining || this.backoffMs !== 0 || this.closed) return;
      this.clearTimer();
      this.tick();
    });
  }

  private settle(n: number): void {
    this.settledSeq += n;
    for (const w of this.waiters) if (w.seq <= this.settledSeq) w.resolve();
  }

  stats(): AuditStats {
    return { queued: this.queue.length, written: this.written, lost: this.lost, failedWrites: this.failedWrites, lastError: this.lastError };
  }

  /** Writes everything queued now (tests, close). Resolves when the queue is empty or a write failed. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.draining) await this.draining;
    await this.drainNow();
    if (this.queue.length) this.schedule();
  }

  /** Stops taking rows and writes the queue, retrying a failing store a few times; what remains is counted as lost. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    for (let attempt = 0; attempt < CLOSE_ATTEMPTS && (this.queue.length || this.draining); attempt++) {
      while (this.draining) await this.draining;
      this.backoffMs = 0;
      await this.drainNow();
      this.clearTimer();
      if (this.queue.length) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
    if (this.queue.length) {
      const n = this.queue.length;
      this.queue = [];
      this.settle(n);
      this.loseRows(n, `the store did not take them before shutdown: ${this.lastError ?? 'unknown error'}`, true);
    }
    for (const w of [...this.waiters]) w.resolve();
  }

  private schedule(): void {
    if (this.draining || this.closed) return;
    const full = this.queue.length >= this.opts.batchSize;
    if (full && this.backoffMs === 0) {
      if (this.immediate) return;
      this.clearTimer();
      this.timer = setTimeout(() => this.tick(), 0);
      this.immediate = true;
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.tick(), this.backoffMs || this.opts.flushMs);
    } else return;
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.immediate = false;
  }

  private tick(): void {
    this.timer = null;
    this.immediate = false;
    if (this.draining) return;
    void this.drainNow().then(() => {
      if (this.queue.length) this.schedule();
    });
  }

  private drainNow(): Promise<void> {
    if (this.draining) return this.draining;
    this.draining = this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.slice(0, this.opts.batchSize);
      try {
        await this.repo.insertMany(batch.map(toAuditRow));
      } catch (e) {
        if (!(await this.writeOneByOne(batch, e as Error))) return;
      }
      // Only the front of the queue is ever removed: `record` appends at the back meanwhile.
      this.queue.splice(0, batch.length);
      this.written += batch.length;
      this.settle(batch.length);
      if (this.backoffMs) this.log.warn({ queued: this.queue.length }, 'SQL audit: the store takes rows again');
      this.backoffMs = 0;
    }
  }

  /**
   * After a failed batch: if the store answers, write the rows one at a time and count the ones it
   * refuses (a bad row must not block the queue); if it does not, back off and keep them queued.
   * Returns true when the batch has been dealt with.
   */
  private async writeOneByOne(batch: AuditEntry[], batchError: Error): Promise<boolean> {
    this.failedWrites++;
    this.lastError = batchError.message;
    if (!(await this.repo.ping())) {
      if (this.backoffMs === 0) this.log.error({ err: batchError, queued: this.queue.length }, 'SQL audit: the store cannot take rows; they stay queued and are retried');
      this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(this.opts.flushMs, this.backoffMs * 2));
      return false;
    }
    let refused = 0;
    for (const entry of batch) {
      try {
        await this.repo.insertMany([toAuditRow(entry)]);
      } catch (e) {
        refused++;
        this.lastError = (e as Error).message;
      }
    }
    this.written -= refused; // the caller adds the whole batch
    if (refused) this.loseRows(refused, `the store refused them: ${this.lastError}`, true);
    return true;
  }

  private loseRows(n: number, why: string, always = false): void {
    this.lost += n;
    const now = Date.now();
    if (!always && now - this.lastLossLog < 10_000) return;
    this.lastLossLog = now;
    this.log.error({ lost: n, lostInAll: this.lost }, `SQL audit: ${n} row(s) could not be written (${why})`);
  }
}
