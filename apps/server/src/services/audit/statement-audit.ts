/**
 * Watches one statement's result events on the query path (a counter and a reference, nothing more)
 * and hands one AuditEntry to the audit log when the statement is finished with: its `done` event,
 * or the moment the caller stops reading it (a result kept behind a cursor, an aborted stream).
 * A statement whose events were never read never ran and is not recorded.
 */
import type { ResultEvent } from '@askdb/drivers';
import type { AuditActor } from '../../http/audit-actor.js';
import type { AuditEntry } from './entry.js';

export interface AuditSink {
  record(entry: AuditEntry): void;
  /** Resolves once the rows recorded so far are in the store (AuditLog.persisted). */
  persisted?(): Promise<void>;
}

export interface StatementPlace {
  dataSourceId: number;
  dbType: string;
  databaseName: string | null;
  schemaName: string | null;
}

type Done = Extract<ResultEvent, { type: 'done' }>;

export class StatementAudit {
  private started = 0;
  private rows = 0;
  private done: Done | null = null;
  private finished = false;

  constructor(private readonly sink: AuditSink, private readonly actor: AuditActor, private readonly place: StatementPlace, private readonly sql: string) {}

  begin(at: number): void {
    this.started = at;
  }

  see(ev: ResultEvent): void {
    if (ev.type === 'rows') this.rows += ev.rows.length;
    else if (ev.type === 'done') this.done = ev;
  }

  /** Records the statement once; later calls do nothing. */
  finish(): void {
    if (this.finished || !this.started) return;
    this.finished = true;
    const d = this.done;
    this.sink.record({
      actor: this.actor,
      ...this.place,
      sql: this.sql,
      startTime: this.started,
      durationMs: d ? d.durationMs : Date.now() - this.started,
      rowCount: d && d.updateCount !== null && d.updateCount >= 0 ? d.updateCount : this.rows,
      success: d ? d.success && !d.cancelled : true,
      message: d?.message || null,
    });
  }
}
