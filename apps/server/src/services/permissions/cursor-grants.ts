/**
 * Result cursors opened by checked members: what their statement needed, so each later page is
 * fetched only while the grants still hold (an expired grant stops the paging too). In memory, like
 * the cursors themselves; bounded, and forgotten after the cursors' own idle time.
 */
import type { StatementAccess } from '@askdb/sql';
import type { CheckInput } from './statement-check.js';

export interface CursorKey {
  organizationId: number;
  userId: number;
  dataSourceId: number;
}
interface Entry {
  key: CursorKey;
  check: CheckInput;
  accesses: StatementAccess[];
  at: number;
}

const MAX_ENTRIES = 10_000;
const IDLE_MS = 10 * 60_000;

export class CursorGrants {
  private readonly entries = new Map<string, Entry>();

  remember(cursorId: string, key: CursorKey, check: CheckInput, accesses: StatementAccess[]): void {
    if (this.entries.size >= MAX_ENTRIES) this.prune();
    this.entries.set(cursorId, { key, check, accesses, at: Date.now() });
  }

  get(cursorId: string): Entry | undefined {
    const e = this.entries.get(cursorId);
    if (e) e.at = Date.now();
    return e;
  }

  forget(cursorId: string): void {
    this.entries.delete(cursorId);
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, e] of this.entries) if (now - e.at > IDLE_MS) this.entries.delete(id);
    while (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
