/**
 * The order after create_order (spec 01 §4): its status is polled every 3 s until PAY_SUCCESS,
 * 15 minutes from the start, or a request error (which stops polling silently). Answers to an
 * older order (a create-order answer that arrived late, or a poll of a replaced order) are dropped.
 */
import type { OrderStatus } from '@askdb/contracts';

export const POLL_MS = 3000;
export const POLL_LIMIT_MS = 15 * 60 * 1000;

export type PollEnd = 'success' | 'timeout' | 'error' | 'stopped';

export interface OrderPoller {
  /** Poll this order (replacing any order polled before). */
  start(orderId: number): void;
  stop(): void;
  readonly orderId: number | null;
}

export function createOrderPoller(opts: {
  fetchStatus(orderId: number): Promise<{ status: OrderStatus }>;
  onEnd(end: PollEnd, orderId: number): void;
  intervalMs?: number;
  limitMs?: number;
  now?: () => number;
}): OrderPoller {
  const interval = opts.intervalMs ?? POLL_MS;
  const limit = opts.limitMs ?? POLL_LIMIT_MS;
  const now = opts.now ?? (() => Date.now());
  let current: { id: number; startedAt: number; timer: ReturnType<typeof setTimeout> | null } | null = null;

  const end = (run: typeof current, why: PollEnd) => {
    if (!run || current !== run) return;
    if (run.timer) clearTimeout(run.timer);
    current = null;
    opts.onEnd(why, run.id);
  };
  const schedule = (run: NonNullable<typeof current>) => {
    run.timer = setTimeout(() => void tick(run), interval);
  };
  const tick = async (run: NonNullable<typeof current>) => {
    if (current !== run) return;
    if (now() - run.startedAt >= limit) return end(run, 'timeout');
    let status: OrderStatus;
    try {
      status = (await opts.fetchStatus(run.id)).status;
    } catch {
      return end(run, 'error');
    }
    if (current !== run) return; // replaced or stopped while the request was out: drop the answer
    if (status === 'PAY_SUCCESS') return end(run, 'success');
    if (status === 'CANCEL') return end(run, 'timeout');
    if (now() - run.startedAt >= limit) return end(run, 'timeout');
    schedule(run);
  };

  return {
    start(orderId) {
      if (current?.timer) clearTimeout(current.timer);
      current = { id: orderId, startedAt: now(), timer: null };
      schedule(current);
    },
    stop() {
      if (current) end(current, 'stopped');
    },
    get orderId() {
      return current?.id ?? null;
    },
  };
}

/** Only the newest request's answer counts (stale create-order answers are discarded). */
export function latestOnly() {
  let seq = 0;
  return {
    /** A ticket for a new request; `isCurrent()` tells later whether it is still the newest. */
    next() {
      const mine = ++seq;
      return { isCurrent: () => mine === seq };
    },
    /** Invalidate every ticket handed out (the modal closed). */
    cancel() {
      seq++;
    },
  };
}
