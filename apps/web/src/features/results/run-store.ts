/**
 * Executions per workspace tab: running flag and execution id (for cancel), one result per statement,
 * and the error bar's message (spec 01 §4: success clears it, failure shows it). Kept outside the
 * component tree so a tab's results survive it being hidden and shown again.
 */
import { create } from 'zustand';
import type { ExecuteResult, ExecutionStatus } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api.js';
import { ResultSet } from './result-set.js';
import { i18n } from '../../i18n';

export interface StatementResult {
  /** Tab key: the statement's position, the same from run to run so the tab's view is reused. */
  key: string;
  /** Unique per run: what resets the grid (widths, sort, filter) when new rows arrive. */
  id: string;
  index: number;
  originalSql: string;
  success: boolean;
  duration: number;
  message: string;
  updateCount: number | null;
  cancelled: boolean;
  /** Rows, when the statement returned a result set. */
  set: ResultSet | null;
  hasMoreWithoutCursor: boolean;
  /** The answer reached the server's size bound: fewer rows came back than asked (more by scrolling or running it alone). */
  truncated: boolean;
}

export interface RunState {
  running: boolean;
  executionId: string | null;
  startedAt: number;
  finishedAt: number;
  explain: boolean;
  results: StatementResult[];
  /** Message of the error bar; null hides it. '' means an error without a message ('Unknown Error'). */
  error: string | null;
  /** The execution itself failed (no answer from the server). */
  failure: 'network' | 'server' | null;
  active: string;
  runCount: number;
  /** Waiting for one of the data source's pooled connections: the requests ahead of this one; null when not waiting. */
  waitingAhead: number | null;
}

export interface ExecuteRequest {
  sql: string;
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
  consoleId?: number | null;
  explain?: boolean;
  single?: boolean;
  errorContinue?: boolean;
}

const EMPTY: RunState = { running: false, executionId: null, startedAt: 0, finishedAt: 0, explain: false, results: [], error: null, failure: null, active: 'summary', runCount: 0, waitingAhead: null };
/** How often a running execution asks whether it waits for a connection (and behind how many). */
const STATUS_POLL_MS = 1000;
export const SUMMARY_KEY = 'summary';
const controllers = new Map<string, AbortController>();

interface RunsStore {
  byTab: Record<string, RunState>;
  execute(tabId: string, req: ExecuteRequest): Promise<RunState>;
  cancel(tabId: string): Promise<void>;
  dismissError(tabId: string): void;
  setActive(tabId: string, key: string): void;
  /** Forget a tab's results (tab closed). */
  drop(tabId: string): void;
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function toStatement(r: ExecuteResult, i: number, runCount: number): StatementResult {
  const set = r.headerList && r.headerList.length > 0 ? new ResultSet(r) : null;
  return {
    key: `s${i}`,
    id: `r${runCount}-${i}`,
    index: i,
    originalSql: r.originalSql,
    success: r.success,
    duration: r.duration,
    message: r.message ?? '',
    updateCount: r.updateCount,
    cancelled: !!r.cancelled,
    set,
    hasMoreWithoutCursor: !!r.hasMore && !r.cursorId,
    truncated: !!r.truncated,
  };
}

/** Polls the execution's status while it runs: a wait for a pooled connection shows as "waiting (n ahead)", not silence. */
function watchWaiting(executionId: string, onStatus: (ahead: number | null) => void): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    api<ExecutionStatus>('/api/rdb/dml/status', { body: { executionId } })
      .then((s) => onStatus(s.state === 'waiting' ? s.ahead ?? 0 : null), () => onStatus(null))
      .finally(() => { busy = false; });
  }, STATUS_POLL_MS);
  return () => clearInterval(timer);
}

/** The tab to show after a run: the first failure goes to the summary, else the last result set. */
export function pickActive(results: StatementResult[]): string {
  if (results.length === 0) return SUMMARY_KEY;
  if (results.length === 1) return results[0]!.key;
  if (results.some((r) => !r.success)) return SUMMARY_KEY;
  const withRows = [...results].reverse().find((r) => r.set);
  return withRows?.key ?? SUMMARY_KEY;
}

export const useRuns = create<RunsStore>((set, get) => {
  const patch = (tabId: string, p: Partial<RunState>) => set({ byTab: { ...get().byTab, [tabId]: { ...(get().byTab[tabId] ?? EMPTY), ...p } } });
  return {
    byTab: {},
    async execute(tabId, req) {
      const prev = get().byTab[tabId];
      if (prev?.running) return prev;
      const executionId = newId();
      const runCount = (prev?.runCount ?? 0) + 1;
      const controller = new AbortController();
      controllers.set(tabId, controller);
      patch(tabId, { running: true, executionId, startedAt: Date.now(), explain: !!req.explain, runCount, failure: null, waitingAhead: null });
      const stopWatching = watchWaiting(executionId, (ahead) => {
        if (get().byTab[tabId]?.executionId === executionId) patch(tabId, { waitingAhead: ahead });
      });
      try {
        // Open cursors hold the console's session: release them first (bounded, a slow close must not block).
        const closing = (prev?.results ?? []).map((r) => r.set?.close()).filter(Boolean);
        if (closing.length) await Promise.race([Promise.all(closing), new Promise((r) => setTimeout(r, 2000))]);
        performance.mark('askdb:execute:request');
        const list = await api<ExecuteResult[]>('/api/rdb/dml/execute', {
          body: { ...req, databaseName: req.databaseName ?? undefined, schemaName: req.schemaName ?? undefined, executionId, errorContinue: req.errorContinue ?? true, pageSize: 200 },
          signal: controller.signal,
        });
        performance.mark('askdb:execute:response');
        const results = list.map((r, i) => toStatement(r, i, runCount));
        // A result read through a cursor has no server duration yet: show the time to its first page.
        if (results.length === 1 && results[0]!.duration === 0 && results[0]!.set) results[0]!.duration = Date.now() - get().byTab[tabId]!.startedAt;
        const failed = [...results].reverse().find((r) => !r.success);
        patch(tabId, { running: false, executionId: null, finishedAt: Date.now(), results, error: failed ? failed.message : null, active: pickActive(results), waitingAhead: null });
      } catch (e) {
        const err = e as ApiError;
        const network = err.name === 'AbortError' || err.errorCode === 'NETWORK_ERROR' || err.errorCode === 'BAD_RESPONSE';
        const message = network ? i18n.t('results.connectionLost', { message: err.message || err.errorCode || '' }) : err.message || '';
        const results: StatementResult[] = [
          { key: 's0', id: `r${runCount}-0`, index: 0, originalSql: req.sql, success: false, duration: Date.now() - get().byTab[tabId]!.startedAt, message, updateCount: null, cancelled: false, set: null, hasMoreWithoutCursor: false, truncated: false },
        ];
        patch(tabId, { running: false, executionId: null, finishedAt: Date.now(), results, error: message, failure: network ? 'network' : 'server', active: SUMMARY_KEY, waitingAhead: null });
      } finally {
        stopWatching();
        controllers.delete(tabId);
      }
      return get().byTab[tabId]!;
    },
    async cancel(tabId) {
      const s = get().byTab[tabId];
      if (!s?.running || !s.executionId) return;
      const id = s.executionId;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await api('/api/rdb/dml/cancel', { body: { executionId: id } });
          return;
        } catch (e) {
          // 404: the server has not started it yet, or it just finished; try again briefly.
          if (!(e instanceof ApiError) || e.status !== 404 || get().byTab[tabId]?.executionId !== id) return;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    },
    dismissError(tabId) {
      patch(tabId, { error: null });
    },
    setActive(tabId, key) {
      patch(tabId, { active: key });
    },
    drop(tabId) {
      const s = get().byTab[tabId];
      s?.results.forEach((r) => r.set?.close());
      controllers.get(tabId)?.abort();
      const { [tabId]: _gone, ...rest } = get().byTab;
      set({ byTab: rest });
    },
  };
});

export function useRun(tabId: string): RunState {
  return useRuns((s) => s.byTab[tabId] ?? EMPTY);
}
