/**
 * Runs SQL scripts: split by the dialect, statement by statement on one connection (the console's
 * session or a pooled one), with cancel by execution id and server-side cursors for the rest of a
 * large result. Rows are never all held in memory: a cursor keeps the driver's iterator open.
 */
import crypto from 'node:crypto';
import type { Connection, ResultEvent } from '@askdb/drivers';
import type { ExecuteInput, ExecuteResult, Language, ResultHeader } from '@askdb/contracts';
import { doneMessage } from './driver-errors.js';
import { dialectFor, splitStatements } from '@askdb/sql';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { Lease } from './connections.js';
import type { SessionService } from './sessions.js';
import type { CatalogCache } from './catalog-cache.js';
import type { AuditActor } from '../http/audit-actor.js';
import { StatementAudit, type AuditSink } from './audit/statement-audit.js';

type Row = (string | null)[];

export interface StatementEvents {
  index: number;
  originalSql: string;
  events: AsyncIterator<ResultEvent>;
}

interface Running { userId: number; conn: Connection; cancelled: boolean }
interface Cursor {
  userId: number;
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

export class ExecutionService {
  private readonly running = new Map<string, Running>();
  private readonly cursors = new Map<string, Cursor>();
  private readonly timer: NodeJS.Timeout;

  /** `audit` records every statement run for a caller that names itself (the routes pass an AuditActor). */
  constructor(private readonly sessions: SessionService, private readonly catalogs: CatalogCache, private readonly audit: AuditSink | null = null) {
    this.timer = setInterval(() => this.expireCursors(), 30_000);
    this.timer.unref();
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
    // A cursor left open by the console's previous run holds its session: a new run takes over.
    if (input.consoleId != null) this.closeCursorsOf(sessionKey(userId, record.id, input.consoleId));
    let lease = await this.sessions.lease(record, userId, input.consoleId);
    if (options.readOnly && input.consoleId == null) lease = await readOnlyLease(lease, record.input.type);
    const executionId = input.executionId ?? crypto.randomUUID();
    const run: Running = { userId, conn: lease.conn, cancelled: false };
    this.running.set(executionId, run);
    let kept = false;
    try {
      for (let i = 0; i < statements.length; i++) {
        if (run.cancelled) break;
        const originalSql = statements[i]!;
        const sql = input.explain ? lease.conn.explainSql(originalSql) : originalSql;
        const audit = actor && this.audit ? new StatementAudit(this.audit, actor, { dataSourceId: record.id, dbType: record.input.type, databaseName: input.databaseName ?? record.input.databaseName ?? null, schemaName: input.schemaName ?? record.input.schemaName ?? null }, sql) : null;
        const it = safeEvents(lease.conn, sql, { pageSize: input.pageSize, databaseName: input.databaseName, schemaName: input.schemaName }, audit);
        let r: { success: boolean; keep?: boolean };
        try {
          r = await consume({ index: i, originalSql, events: it }, lease, i === statements.length - 1);
        } finally {
          audit?.finish();
        }
        if (DDL.test(originalSql)) this.catalogs.invalidate(record.id);
        if (r.keep) {
          kept = true;
          break;
        }
        if (!r.success && (input.errorContinue === false || lease.conn.broken)) break;
      }
    } finally {
      this.running.delete(executionId);
      if (!kept) lease.release(lease.conn.broken);
    }
  }

  /** Execute with a first page per statement; the rest of the last statement stays behind a cursor. */
  async execute(record: DataSourceRecord, userId: number, input: ExecuteInput, actor: AuditActor | null = null, lang: Language = 'en-US', options: RunOptions = {}): Promise<ExecuteResult[]> {
    const results: ExecuteResult[] = [];
    await this.run(record, userId, input, async (s, lease, isLast) => {
      const r: ExecuteResult = { originalSql: s.originalSql, success: true, duration: 0, message: '', updateCount: null, headerList: [], dataList: [], hasMore: false };
      results.push(r);
      for (;;) {
        const n = await s.events.next();
        if (n.done) break;
        const ev = n.value;
        if (ev.type === 'header') r.headerList = ev.columns;
        else if (ev.type === 'rows') {
          r.dataList.push(...ev.rows);
          if (r.dataList.length >= input.pageSize) {
            // Peek: is there more after this page?
            const more = await s.events.next();
            if (more.done) break;
            if (more.value.type === 'done') {
              applyDone(r, more.value, lang);
              return { success: r.success };
            }
            const extra = more.value.type === 'rows' ? more.value.rows : [];
            const overflow = r.dataList.splice(input.pageSize);
            r.hasMore = true;
            r.success = true;
            r.message = '';
            if (isLast) {
              const cursorId = crypto.randomUUID();
              this.cursors.set(cursorId, { userId, sessionKey: input.consoleId != null ? sessionKey(userId, record.id, input.consoleId) : null, it: s.events, buffer: [...overflow, ...extra], lease, lastUsed: Date.now(), done: false });
              r.cursorId = cursorId;
              return { success: true, keep: true };
            }
            await s.events.return?.();
            return { success: true };
          }
        } else applyDone(r, ev, lang);
      }
      return { success: r.success };
    }, actor, options);
    return results;
  }

  /** The next rows of a cursor; the cursor closes itself at the end. */
  async fetch(cursorId: string, userId: number, limit: number): Promise<{ dataList: Row[]; hasMore: boolean } | null> {
    const c = this.cursors.get(cursorId);
    if (!c || c.userId !== userId) return null;
    c.lastUsed = Date.now();
    const out: Row[] = c.buffer.splice(0, limit);
    while (out.length < limit && !c.done) {
      const n = await c.it.next();
      if (n.done || n.value.type === 'done') {
        c.done = true;
        break;
      }
      if (n.value.type === 'rows') {
        const need = limit - out.length;
        out.push(...n.value.rows.slice(0, need));
        c.buffer.push(...n.value.rows.slice(need));
      }
    }
    const hasMore = c.buffer.length > 0 || !c.done;
    if (!hasMore) this.closeCursor(cursorId);
    return { dataList: out, hasMore };
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

  private closeCursorsOf(key: string): void {
    for (const [id, c] of this.cursors) if (c.sessionKey === key) this.closeCursor(id);
  }

  /** Cancels a running execution in the database. Returns false when nothing runs under that id. */
  async cancel(executionId: string, userId: number): Promise<boolean> {
    const r = this.running.get(executionId);
    if (!r || r.userId !== userId) return false;
    r.cancelled = true;
    await r.conn.cancel();
    return true;
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

export interface RunOptions {
  /**
   * Run on a pooled connection whose session is read-only where the engine has one (PostgreSQL, MySQL,
   * MariaDB: every transaction, autocommit ones included, refuses writes — a user function that writes
   * fails); the session is set back to read-write before the connection returns to the pool, or the
   * connection is dropped. A console session is never touched.
   */
  readOnly?: boolean;
}

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
async function readOnlyLease(lease: Lease, type: string): Promise<Lease> {
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

function applyDone(r: ExecuteResult, ev: Extract<ResultEvent, { type: 'done' }>, lang: Language): void {
  r.success = ev.success;
  r.duration = ev.durationMs;
  r.message = doneMessage(ev, lang);
  r.updateCount = ev.updateCount;
  if (ev.errorPosition) r.errorPosition = ev.errorPosition;
  if (ev.cancelled) r.cancelled = true;
}

/** The driver's events, with a thrown error turned into a failed `done` (the connection may be gone); the audit sees each. */
async function* safeEvents(conn: Connection, sql: string, opts: Parameters<Connection['execute']>[1], audit: StatementAudit | null): AsyncGenerator<ResultEvent> {
  const started = Date.now();
  audit?.begin(started);
  try {
    if (!audit) yield* conn.execute(sql, opts);
    else {
      for await (const ev of conn.execute(sql, opts)) {
        audit.see(ev);
        yield ev;
      }
    }
  } catch (e) {
    const done: ResultEvent = { type: 'done', success: false, updateCount: null, durationMs: Date.now() - started, message: (e as Error)?.message ?? String(e) };
    audit?.see(done);
    yield done;
  }
}

export type { ResultHeader };
