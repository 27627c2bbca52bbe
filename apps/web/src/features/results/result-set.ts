/**
 * One statement's rows as the grid sees them: the first page from the execute answer, then more from the
 * server-side cursor (POST /api/rdb/dml/fetch) as the user scrolls, in growing chunks. Rows are appended,
 * never copied; `version` changes whenever something a view depends on changes.
 */
import { useSyncExternalStore } from 'react';
import type { ExecuteResult, ResultHeader } from '@askdb/contracts';
import { api } from '../../lib/api.js';

type Row = (string | null)[];
const FIRST_CHUNK = 1000;
const MAX_CHUNK = 20_000;

export class ResultSet {
  readonly headers: ResultHeader[];
  readonly rows: Row[];
  hasMore: boolean;
  loading = false;
  error: string | null = null;
  version = 0;
  private cursorId: string | undefined;
  private chunk = FIRST_CHUNK;
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(r: Pick<ExecuteResult, 'headerList' | 'dataList' | 'hasMore' | 'cursorId'>) {
    this.headers = r.headerList;
    this.rows = r.dataList;
    this.cursorId = r.cursorId;
    this.hasMore = r.hasMore;
  }

  /** More rows exist and can be fetched (the last statement of a run keeps a cursor). */
  get canLoadMore(): boolean {
    return this.hasMore && !!this.cursorId && !this.closed;
  }

  /** Fetches the next chunk; concurrent calls share one request. */
  async loadMore(): Promise<void> {
    if (!this.canLoadMore || this.loading) return;
    this.loading = true;
    this.bump();
    try {
      const r = await api<{ dataList: Row[]; hasMore: boolean }>('/api/rdb/dml/fetch', { body: { cursorId: this.cursorId, limit: this.chunk } });
      if (this.closed) return;
      for (const row of r.dataList) this.rows.push(row);
      this.hasMore = r.hasMore;
      this.chunk = Math.min(MAX_CHUNK, this.chunk * 2);
      this.error = null;
    } catch (e) {
      this.error = (e as Error).message;
      // An expired cursor cannot be fetched again.
      if ((e as { status?: number }).status === 404) this.hasMore = false;
    } finally {
      this.loading = false;
      this.bump();
    }
  }

  /** Fetches everything that is left (end of the grid, export of loaded rows…). */
  async loadAll(signal?: AbortSignal): Promise<void> {
    this.chunk = MAX_CHUNK;
    while (this.canLoadMore && !signal?.aborted) {
      const before = this.rows.length;
      await this.loadMore();
      if (this.error || this.rows.length === before) break;
    }
  }

  /**
   * Releases the server cursor (a new run replaces this result). The cursor holds the console's session,
   * so the next execution in that console waits for this to finish.
   */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    if (!this.cursorId || !this.hasMore) return Promise.resolve();
    return api('/api/rdb/dml/cursor/close', { body: { cursorId: this.cursorId } }).then(
      () => undefined,
      () => undefined,
    );
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private bump(): void {
    this.version++;
    this.listeners.forEach((l) => l());
  }
}

/** Re-renders when the result set changes; returns its version. */
export function useResultSet(rs: ResultSet | null | undefined): number {
  return useSyncExternalStore(
    (cb) => (rs ? rs.subscribe(cb) : () => {}),
    () => rs?.version ?? 0,
  );
}
