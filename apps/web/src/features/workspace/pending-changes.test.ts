/** Issue 25 item 1: what the "changes not applied" question does with each answer. */
import { afterEach, describe, expect, it } from 'vitest';
import { confirmPendingWork, pendingTabIds, usePending } from './pending-changes';

// tabs-store saves to localStorage when a tab is activated.
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage ??= { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };

function work(count: number, applies = true) {
  const calls: string[] = [];
  return { calls, entry: { count, apply: async () => (calls.push('apply'), applies), discard: () => void calls.push('discard') } };
}
/** Answers the question as soon as it is asked. */
function answerWith(a: 'apply' | 'discard' | 'cancel') {
  const off = usePending.subscribe((s) => {
    if (!s.question) return;
    off();
    s.question.resolve(a);
  });
}

describe('pending work', () => {
  afterEach(() => usePending.setState({ byTab: {}, question: null }));

  it('nothing pending: goes on without asking', async () => {
    usePending.getState().set('t1', { ...work(0).entry });
    expect(pendingTabIds()).toEqual([]);
    expect(await confirmPendingWork()).toBe(true);
    expect(usePending.getState().question).toBeNull();
  });
  it('cancel keeps the work and stops; discard throws it away; apply applies every tab asked about', async () => {
    const a = work(2);
    const b = work(1);
    usePending.getState().set('a', a.entry);
    usePending.getState().set('b', b.entry);
    answerWith('cancel');
    expect(await confirmPendingWork(['a'])).toBe(false);
    expect(a.calls).toEqual([]);
    answerWith('discard');
    expect(await confirmPendingWork(['a'])).toBe(true);
    expect([a.calls, b.calls]).toEqual([['discard'], []]);
    answerWith('apply');
    expect(await confirmPendingWork()).toBe(true);
    expect([a.calls, b.calls]).toEqual([['discard', 'apply'], ['apply']]);
  });
  it('a failed apply stops: the caller must not close or leave', async () => {
    const a = work(1, false);
    usePending.getState().set('a', a.entry);
    answerWith('apply');
    expect(await confirmPendingWork(['a'])).toBe(false);
  });
});
