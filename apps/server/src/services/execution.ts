/**
 * Runs SQL scripts: split by the dialect, statement by statement on one connection (the console's
 * session or a pooled one), with cancel by execution id and server-side cursors for the rest of a
 * large result. Rows are never all held in memory: a cursor keeps the driver's iterator open, and
 * one answer (all statements together) is bounded in size (execution/answer-budget.ts).
 *
 * Issue 23: a run without a console session is autocommit — its pooled connection returns to the
 * pool only outside a transaction (else it is rolled back, dropped, and the request fails); a
 * console session whose connection was lost mid-transaction fails its next statements until
 * COMMIT (which fails) or ROLLBACK; a member's statements obey the team's time limit on the
 * source; a run waiting for a pooled connection says how many requests are ahead of it.
 */
import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Connection, ResultEvent } from '@askdb/drivers';
import { ERROR_CODES, type ExecuteInput, type ExecuteResult, type ExecutionStatus, type Language, type ResultHeader } from '@askdb/contracts';
import { dialectFor, splitStatements } from '@askdb/sql';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { Lease } from './connections.js';
import type { SessionService } from './sessions.js';
import type { CatalogCache } from './catalog-cache.js';
import type { AuditActor } from '../http/audit-actor.js';
import { AppError } from '../http/errors.js';
import { StatementAudit, type AuditSink } from './audit/statement-audit.js';
import { AnswerBudget, limitText } from './execution/answer-budget.js';
import { executionMsg } from './execution/messages.js';
import { ConsoleTransactions, afterLostTransaction, closesTransaction, opensTransaction, releasedOutsideTransaction, rollback, transactionOpen } from './execution/transactions.js';
import { StatementTimer, applyDone, failedWith, readOnlyLease, refusedEvents, safeEvents } from './execution/lease-helpers.js';

type Row = (string | null)[];

export interface StatementEvents {
  index: number;
  originalSql: string;
  events: AsyncIterator<ResultEvent>;
}

interface Running { userId: number; conn: Connection | null; cancelled: boolean; ahead: number | null }
interface Cursor {
  userId: number;
  dataSourceId: number;
  /** A fetch is reading from it now: never closed to free its connection then. */
  fetching: boolean;
  /** The console whose session the cursor holds, if any. */
  sessionKey: string | null;
  it: AsyncIterator<ResultEvent>;
  buffer: Row[];
  lease: Lease;
  lastUsed: number;
  done: boolean;
}

const DDL = /^\s*(create|alter|drop|rename|truncate|comment)\b/i;
const CURSOR_IDLE_MS = 5 * 60_000;
/** Another user's pooled cursor idle this long may be closed for a request that waits for its connection. */
const CURSOR_YIELD_MS = 30_000;

/** The request a run belongs to (see ExecutionService.within). */
interface RequestScope { executionId: string; userId: number }
const requestScope = new AsyncLocalStorage<RequestScope>();

export class ExecutionService {
  private readonly running = new Map<string, Running>();
  /** Requests whose own checks wait for a pooled connection, by the request's execution id. */
  private readonly checking = new Map<string, { userId: number; ahead: number }>();
  private readonly cursors = new Map<string, Cursor>();
  private readonly transactions = new ConsoleTransactions();
  private readonly timer: NodeJS.Timeout;

  /** `audit` records every statement run for a caller that names itself (the routes pass an AuditActor). */
  constructor(private readonly sessions: SessionService, private readonly catalogs: CatalogCache, private readonly audit: AuditSink | null = null) {
    this.timer = setInterval(() => this.expireCursors(), 30_000);
    this.timer.unref();
  }

  /**
   * Runs a request (its checks, then its statements) under its execution id: a run nested in it
   * that is not the request's own (the permission plan check's EXPLAIN) is a brief part of the
   * request — it does not count against the user's share of the source, and while it waits for a
   * connection, the request's status says so.
   */
  within<T>(executionId: string, userId: number, fn: () => Promise<T>): Promise<T> {
    return requestScope.run({ executionId, userId }, fn);
  }

  /**
   * A pooled connection for a brief check that is part of the running request (see `within`; the
   * permission plan check): uncapped, and while it waits the request's status says so. Never a
   * console session's. With the team's statement-time limit that applies to this user (ms, or null).
   */
  async checkLease(record: DataSourceRecord, userId: number): Promise<{ lease: Lease; limitMs: number | null }> {
    const scope = requestScope.getStore();
    const partOf = scope && scope.userId === userId ? scope.executionId : null;
    try {
      const lease = await this.sessions.lease(record, userId, null, {
        uncapped: partOf !== null,
        onWait: (ahead) => {
          this.freeCursorFor(record.id, userId);
          if (partOf) this.checking.set(partOf, { userId, ahead });
        },
      });
      return { lease, limitMs: memberTimeLimit(record, userId, {}) };
    } finally {
      if (partOf) this.checking.delete(partOf);
    }
  }

  /** The statements of a script as the engine's shell would split them. */
  statements(record: DataSourceRecord, input: Pick<ExecuteInput, 'sql' | 'single'>): string[] {
    if (input.single) return input.sql.trim() ? [input.sql.trim().replace(/;\s*$/, '')] : [];
    return splitStatements(input.sql, dialectFor(record.input.type)).map((s) => s.sql).filter((s) => s.trim() !== '');
  }

  /**
   * Runs the script and hands each statement's event stream to `consume`, one after another. A consumer
   * that returns 'keep' takes ownership of the iterator and the lease (server-side cursor). With an
   * `actor`, each statement that ran is handed to the SQL audit once its consumer is done with it.
   * Throws TRANSACTION_NEEDS_SESSION (after rolling back) when a run without a console session
   * leaves a transaction open.
   */
  async run(
    record: DataSourceRecord,
    userId: number,
    input: ExecuteInput,
    consume: (s: StatementEvents, lease: Lease, isLast: boolean) => Promise<{ success: boolean; keep?: boolean }>,
    actor: AuditActor | null = null,
    options: RunOptions = {},
  ): Promise<void> {
    const statements = this.statements(record, input);
    if (statements.length === 0) return;
    const lang = options.lang ?? 'en-US';
    const key = input.consoleId != null ? sessionKey(userId, record.id, input.consoleId) : null;
    // A cursor left open by the console's previous run holds its session: a new run takes over.
    if (key) this.closeCursorsOf(key);
    const executionId = input.executionId ?? crypto.randomUUID();
    const run: Running = { userId, conn: null, cancelled: false, ahead: null };
    this.running.set(executionId, run);
    const scope = requestScope.getStore();
    const partOf = scope && scope.executionId !== executionId && scope.userId === userId ? scope.executionId : null;
    let lease: Lease;
    try {
      lease = await this.sessions.lease(record, userId, input.consoleId, {
        uncapped: partOf !== null,
        onWait: (ahead) => {
          // A result cursor left open by an earlier call holds a pooled connection: the oldest gives it up.
          if (key === null) this.freeCursorFor(record.id, userId);
          run.ahead = ahead;
          if (partOf) this.checking.set(partOf, { userId, ahead });
          options.onWait?.(ahead);
        },
      });
      if (options.readOnly && key === null) lease = await readOnlyLease(lease, record.input.type);
    } catch (e) {
      this.running.delete(executionId);
      throw e;
    } finally {
      if (partOf) this.checking.delete(partOf);
    }
    run.conn = lease.conn;
    run.ahead = null;
    const limitMs = memberTimeLimit(record, userId, options);
    const place = { databaseName: input.databaseName, schemaName: input.schemaName };
    let lost = key ? this.transactions.lostAtStart(key, lease.conn) : false;
    let open = key ? this.transactions.isOpen(key) : false;
    let kept = false;
    let failure: unknown = null;
    try {
      for (let i = 0; i < statements.length; i++) {
        if (run.cancelled) break;
        const originalSql = statements[i]!;
        let refusal: string | null = null;
        if (lost) {
          const next = afterLostTransaction(originalSql);
          if (next !== 'fail') lost = false;
          if (next !== 'end-and-run') refusal = executionMsg(lang, 'TRANSACTION_LOST');
        }
        const wasOpen = open && !refusal;
        if (opensTransaction(originalSql)) open = true;
        else if (closesTransaction(originalSql)) open = false;
        const sql = input.explain ? lease.conn.explainSql(originalSql) : originalSql;
        const audit = !refusal && actor && this.audit ? new StatementAudit(this.audit, actor, { dataSourceId: record.id, dbType: record.input.type, databaseName: input.databaseName ?? record.input.databaseName ?? null, schemaName: input.schemaName ?? record.input.schemaName ?? null }, sql) : null;
        const timer = new StatementTimer(refusal ? null : limitMs, lease.conn);
        const conn = lease.conn;
        const it = refusal
          ? refusedEvents(refusal)
          : safeEvents(conn, sql, { pageSize: input.pageSize, ...place }, audit, (done) => {
              if (done.success) return done;
              if (timer.fired) return failedWith(done, executionMsg(lang, 'STATEMENT_TIME_LIMIT', { seconds: Math.round(limitMs! / 1000) }), true);
              if (wasOpen && conn.broken) return failedWith(done, executionMsg(lang, 'TRANSACTION_LOST'));
              return done;
            });
        // Without a session, a result cursor may not hold a transaction open past the request: no cursor then.
        const last = i === statements.length - 1 && (key !== null || !(open || (await lease.conn.inTransaction?.().catch(() => true))));
        let r: { success: boolean; keep?: boolean };
        try {
          r = await consume({ index: i, originalSql, events: it }, lease, last);
        } finally {
          timer.stop();
          audit?.finish();
        }
        if (DDL.test(originalSql)) this.catalogs.invalidate(record.id);
        if (lease.conn.broken && wasOpen) {
          // The user was told on this statement; later ones fail until the transaction is ended (unless this one ended it).
          lost = !closesTransaction(originalSql);
          open = false;
        }
        if (r.keep) {
          kept = true;
          break;
        }
        if (!r.success && input.errorContinue === false) break;
        if (lease.conn.broken) {
          // The run ends here, unless a console session lost its transaction: then its next statements go on, on a
          // fresh connection, failing as "lost" until one ends the transaction (ROLLBACK/COMMIT).
          if (!key || !lost || i === statements.length - 1) break;
          lease.release(true);
          lease = await this.sessions.lease(record, userId, input.consoleId);
          run.conn = lease.conn;
        }
      }
    } catch (e) {
      failure = e;
    } finally {
      this.running.delete(executionId);
    }
    const leaked = kept ? false : await this.endRun(lease, record.input.type, key, input.databaseName, lost);
    // The caller answers after this run's audit rows are in the store (none lost if the process dies right after).
    if (actor && this.audit?.persisted) await this.audit.persisted();
    if (leaked && failure === null) throw new AppError(409, ERROR_CODES.TRANSACTION_NEEDS_SESSION, executionMsg(lang, 'TRANSACTION_NEEDS_SESSION'));
    if (failure !== null) throw failure;
  }

  /**
   * Gives the connection back after a run. A console session remembers whether its transaction is
   * open (or lost); a pooled connection inside a transaction is rolled back and dropped: true then.
   */
  private async endRun(lease: Lease, type: string, key: string | null, databaseName: string | null | undefined, lost: boolean): Promise<boolean> {
    if (key) {
      const open = lease.conn.broken ? false : await transactionOpen(lease.conn, type, databaseName).catch(() => null);
      this.transactions.settle(key, lease.conn, open, lost);
      lease.release(lease.conn.broken);
      return false;
    }
    if (lease.conn.broken) {
      lease.release(true);
      return false;
    }
    const open = await transactionOpen(lease.conn, type, databaseName).catch(() => true);
    if (open) await rollback(lease.conn, databaseName);
    lease.release(!!open || lease.conn.broken);
    return !!open;
  }

  /** Execute with a first page per statement; the rest of the last statement stays behind a cursor. */
  async execute(record: DataSourceRecord, userId: number, input: ExecuteInput, actor: AuditActor | null = null, lang: Language = 'en-US', options: RunOptions = {}): Promise<ExecuteResult[]> {
    const results: ExecuteResult[] = [];
    const budget = new AnswerBudget();
    await this.run(record, userId, input, async (s, lease, isLast) => {
      const r: ExecuteResult = { originalSql: s.originalSql, success: true, duration: 0, message: '', updateCount: null, headerList: [], dataList: [], hasMore: false };
      results.push(r);
      budget.charge(s.originalSql);
      for (;;) {
        const n = await s.events.next();
        if (n.done) break;
        const ev = n.value;
        if (ev.type === 'header') r.headerList = ev.columns;
        else if (ev.type === 'rows') {
          const room = input.pageSize - r.dataList.length;
          const take = budget.fit(ev.rows, room);
          for (let k = 0; k < take; k++) r.dataList.push(ev.rows[k]!);
          // The answer's size bound, not the page, stopped this statement's rows.
          if (take < Math.min(room, ev.rows.length)) r.truncated = true;
          let overflow = take < ev.rows.length ? ev.rows.slice(take) : [];
          if (overflow.length === 0 && r.dataList.length < input.pageSize) continue;
          if (overflow.length === 0) {
            // Peek: is there more after this page?
            const more = await s.events.next();
            if (more.done) break;
            if (more.value.type === 'done') {
              applyDone(r, more.value, lang);
              return { success: r.success };
            }
            overflow = more.value.type === 'rows' ? more.value.rows : [];
          }
          r.hasMore = true;
          r.success = true;
          r.message = r.truncated ? executionMsg(lang, 'ANSWER_TRUNCATED', { limit: limitText(budget.limit) }) : '';
          if (isLast) {
            const cursorId = crypto.randomUUID();
            const key = input.consoleId != null ? sessionKey(userId, record.id, input.consoleId) : null;
            const held = key ? lease : releasedOutsideTransaction(lease, record.input.type, input.databaseName);
            this.cursors.set(cursorId, { userId, dataSourceId: record.id, fetching: false, sessionKey: key, it: s.events, buffer: overflow, lease: held, lastUsed: Date.now(), done: false });
            r.cursorId = cursorId;
            return { success: true, keep: true };
          }
          await s.events.return?.();
          return { success: true };
        } else applyDone(r, ev, lang);
      }
      return { success: r.success };
    }, actor, { lang, ...options });
    return results;
  }

  /** The next rows of a cursor, within the answer's size bound; the cursor closes itself at the end. */
  async fetch(cursorId: string, userId: number, limit: number): Promise<{ dataList: Row[]; hasMore: boolean; truncated?: boolean } | null> {
    const c = this.cursors.get(cursorId);
    if (!c || c.userId !== userId) return null;
    c.lastUsed = Date.now();
    c.fetching = true;
    try {
      return await this.read(cursorId, c, limit);
    } finally {
      c.fetching = false;
      c.lastUsed = Date.now();
    }
  }

  private async read(cursorId: string, c: Cursor, limit: number): Promise<{ dataList: Row[]; hasMore: boolean; truncated?: boolean }> {
    const budget = new AnswerBudget();
    const out: Row[] = [];
    let full = false;
    /** Takes what fits of `rows` (at least one row per fetch, so a cursor always moves); the rest stays. */
    const take = (rows: Row[]): Row[] => {
      const room = limit - out.length;
      let n = budget.fit(rows, room);
      if (n === 0 && out.length === 0 && rows.length > 0) n = 1;
      if (n < Math.min(room, rows.length)) full = true;
      for (let k = 0; k < n; k++) out.push(rows[k]!);
      return n < rows.length ? rows.slice(n) : [];
    };
    c.buffer = take(c.buffer);
    while (out.length < limit && !full && !c.done) {
      const n = await c.it.next();
      if (n.done || n.value.type === 'done') {
        c.done = true;
        break;
      }
      if (n.value.type === 'rows') c.buffer.push(...take(n.value.rows));
    }
    const hasMore = c.buffer.length > 0 || !c.done;
    if (!hasMore) this.closeCursor(cursorId);
    return full ? { dataList: out, hasMore, truncated: true } : { dataList: out, hasMore };
  }

  /** Closes a cursor for its owner only; another user's cursor id is ignored, as if it did not exist. */
  closeCursorOf(cursorId: string, userId: number): void {
    if (this.cursors.get(cursorId)?.userId === userId) this.closeCursor(cursorId);
  }

  closeCursor(cursorId: string): void {
    const c = this.cursors.get(cursorId);
    if (!c) return;
    this.cursors.delete(cursorId);
    void Promise.resolve(c.done ? undefined : c.it.return?.()).catch(() => {}).finally(() => c.lease.release(c.lease.conn.broken));
  }

  /**
   * A request without a console session waits for a pooled connection of the source: the user's own least
   * recently used pooled cursor there is closed to free one (its next fetch says it expired); failing that,
   * another user's that sat idle for CURSOR_YIELD_MS. A cursor being read is never closed.
   */
  private freeCursorFor(dataSourceId: number, userId: number): void {
    let own: [string, Cursor] | null = null;
    let other: [string, Cursor] | null = null;
    const now = Date.now();
    for (const entry of this.cursors) {
      const c = entry[1];
      if (c.sessionKey !== null || c.dataSourceId !== dataSourceId || c.fetching) continue;
      if (c.userId === userId) {
        if (!own || c.lastUsed < own[1].lastUsed) own = entry;
      } else if (now - c.lastUsed >= CURSOR_YIELD_MS && (!other || c.lastUsed < other[1].lastUsed)) other = entry;
    }
    const victim = own ?? other;
    if (victim) this.closeCursor(victim[0]);
  }

  private closeCursorsOf(key: string): void {
    for (const [id, c] of this.cursors) if (c.sessionKey === key) this.closeCursor(id);
  }

  /** Cancels a running execution in the database (one still waiting for a connection stops there). False when nothing runs under that id. */
  async cancel(executionId: string, userId: number): Promise<boolean> {
    const r = this.running.get(executionId);
    if (!r || r.userId !== userId) return false;
    r.cancelled = true;
    await r.conn?.cancel();
    return true;
  }

  /** Where the user's execution is: waiting for a pooled connection (and behind how many) or running; null when unknown. */
  status(executionId: string, userId: number): ExecutionStatus | null {
    const r = this.running.get(executionId);
    if (r?.userId === userId) return r.conn ? { state: 'running', ahead: null } : { state: 'waiting', ahead: r.ahead };
    const c = this.checking.get(executionId);
    return c?.userId === userId ? { state: 'waiting', ahead: c.ahead } : null;
  }

  private expireCursors(): void {
    const now = Date.now();
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_IDLE_MS) this.closeCursor(id);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    for (const id of [...this.cursors.keys()]) this.closeCursor(id);
  }
}

const sessionKey = (userId: number, dataSourceId: number, consoleId: number) => `${userId}:${dataSourceId}:${consoleId}`;

/** The team's limit on each statement of a member (null when it does not apply to this user). */
function memberTimeLimit(record: DataSourceRecord, userId: number, options: RunOptions): number | null {
  const ms = record.input.memberStatementTimeoutMs;
  if (!ms) return null;
  return (options.managesSource ?? record.ownerId === userId) ? null : ms;
}

export interface RunOptions {
  /**
   * Run on a pooled connection whose session is read-only where the engine has one (PostgreSQL, MySQL,
   * MariaDB: every transaction, autocommit ones included, refuses writes — a user function that writes
   * fails); the session is set back to read-write before the connection returns to the pool, or the
   * connection is dropped. A console session is never touched.
   */
  readOnly?: boolean;
  /** The language of our own messages (a lost transaction, the time limit, the answer's size bound). */
  lang?: Language;
  /** Called while the run waits for a pooled connection, with the number of requests ahead of it. */
  onWait?: (ahead: number) => void;
  /**
   * The caller may manage the source (its owner; a team admin for a shared one): the team's
   * statement-time limit for members does not apply. Unsaid, it applies to all but the source's owner.
   */
  managesSource?: boolean;
}

export type { ResultHeader };
