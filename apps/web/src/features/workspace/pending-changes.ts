/**
 * Work in a tab that is not in the database yet (grid edits waiting for "Review & apply", a table
 * editor's pending ALTER). Tabs register it here; closing the tab, leaving the workspace, signing
 * out or closing the window asks first (apply, discard, cancel) instead of throwing it away.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useTabs } from './tabs-store';

export interface PendingWork {
  /** How many changes are waiting (shown in the question). */
  count: number;
  /** Applies them; resolves false when they could not be applied (the tab then shows why). */
  apply(): Promise<boolean>;
  /** Throws them away. */
  discard(): void;
}

type Answer = 'apply' | 'discard' | 'cancel';
interface Question {
  tabIds: string[];
  resolve(a: Answer): void;
}

interface PendingState {
  byTab: Record<string, PendingWork>;
  question: Question | null;
  set(tabId: string, work: PendingWork | null): void;
}

export const usePending = create<PendingState>((set, get) => ({
  byTab: {},
  question: null,
  set(tabId, work) {
    const byTab = { ...get().byTab };
    if (work) byTab[tabId] = work;
    else delete byTab[tabId];
    set({ byTab });
  },
}));

/** Tabs among `tabIds` (all when omitted) that hold work not applied yet. */
export function pendingTabIds(tabIds?: string[]): string[] {
  const byTab = usePending.getState().byTab;
  return (tabIds ?? Object.keys(byTab)).filter((id) => (byTab[id]?.count ?? 0) > 0);
}

/**
 * Registers a tab's pending work while `count` > 0. `apply` and `discard` may change every render:
 * the latest ones are called.
 */
export function usePendingWork(tabId: string, count: number, apply: () => Promise<boolean>, discard: () => void): void {
  const latest = useRef({ apply, discard });
  latest.current = { apply, discard };
  useEffect(() => {
    usePending.getState().set(tabId, count > 0 ? { count, apply: () => latest.current.apply(), discard: () => latest.current.discard() } : null);
  }, [tabId, count]);
  useEffect(() => () => usePending.getState().set(tabId, null), [tabId]);
}

/**
 * Asks what to do with the pending work of `tabIds` (every tab when omitted) and does it.
 * Resolves true when the caller may go on (nothing pending, applied, or discarded), false when the
 * user cancelled or applying failed.
 */
export async function confirmPendingWork(tabIds?: string[]): Promise<boolean> {
  const ids = pendingTabIds(tabIds);
  if (!ids.length) return true;
  const answer = await new Promise<Answer>((resolve) => usePending.setState({ question: { tabIds: ids, resolve } }));
  usePending.setState({ question: null });
  if (answer === 'cancel') return false;
  for (const id of ids) {
    const work = usePending.getState().byTab[id];
    if (!work) continue;
    if (answer === 'discard') work.discard();
    else if (!(await work.apply())) {
      // Show the tab that could not apply: it says why.
      useTabs.getState().activate(id);
      return false;
    }
  }
  return true;
}

/** The browser's own "leave site?" question while any tab holds pending work (close, reload). */
export function useLeavePageGuard(): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!pendingTabIds().length) return;
      e.preventDefault();
      // Older Chromium needs returnValue set to show the question.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
