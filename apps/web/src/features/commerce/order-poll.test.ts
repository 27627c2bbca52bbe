import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@askdb/contracts';
import { createOrderPoller, latestOnly, POLL_LIMIT_MS, POLL_MS } from './order-poll';

describe('order polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (answer: (id: number, n: number) => OrderStatus | Error) => {
    const calls: number[] = [];
    const ends: Array<[string, number]> = [];
    const poller = createOrderPoller({
      fetchStatus: async (id) => {
        calls.push(id);
        const a = answer(id, calls.length);
        if (a instanceof Error) throw a;
        return { status: a };
      },
      onEnd: (why, id) => ends.push([why, id]),
    });
    return { poller, calls, ends };
  };

  it('asks every 3 s and ends on PAY_SUCCESS', async () => {
    const { poller, calls, ends } = setup((_id, n) => (n === 3 ? 'PAY_SUCCESS' : 'CREATE'));
    poller.start(7);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([7]);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(calls).toEqual([7, 7, 7]);
    expect(ends).toEqual([['success', 7]]);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(calls).toHaveLength(3);
  });

  it('gives up after 15 minutes', async () => {
    const { poller, calls, ends } = setup(() => 'CREATE');
    poller.start(1);
    await vi.advanceTimersByTimeAsync(POLL_LIMIT_MS - 1);
    expect(ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(ends).toEqual([['timeout', 1]]);
    const n = calls.length;
    expect(n).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_MS);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(calls).toHaveLength(n);
  });

  it('stops silently on a request error', async () => {
    const { poller, calls, ends } = setup((_id, n) => (n === 2 ? new Error('offline') : 'CREATE'));
    poller.start(1);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(calls).toHaveLength(2);
    expect(ends).toEqual([['error', 1]]);
  });

  it('drops the answer of a replaced order', async () => {
    let release: (s: { status: OrderStatus }) => void = () => {};
    const ends: Array<[string, number]> = [];
    const poller = createOrderPoller({
      fetchStatus: (id) => (id === 1 ? new Promise((r) => (release = r)) : Promise.resolve({ status: 'CREATE' as OrderStatus })),
      onEnd: (why, id) => ends.push([why, id]),
    });
    poller.start(1);
    await vi.advanceTimersByTimeAsync(POLL_MS); // order 1's request is out
    poller.start(2); // a newer order replaces it
    release({ status: 'PAY_SUCCESS' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(ends).toEqual([]);
    expect(poller.orderId).toBe(2);
  });

  it('only the newest create-order answer counts', () => {
    const l = latestOnly();
    const a = l.next();
    const b = l.next();
    expect(a.isCurrent()).toBe(false);
    expect(b.isCurrent()).toBe(true);
    l.cancel();
    expect(b.isCurrent()).toBe(false);
  });
});
