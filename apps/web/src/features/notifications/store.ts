/**
 * The bell's unread count: pushed by the server's event stream (GET /api/notification/stream, which
 * reconnects by itself), with a slow poll as a fallback and a refresh on organisation change.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { noticeApi } from './api';

export const NOTICE_POLL_MS = 60_000;

interface NoticeState {
  unread: number;
  /** Bumped when a notice arrives: an open list reloads. */
  arrivals: number;
  set(n: number): void;
  refresh(): Promise<void>;
}

export const useNotices = create<NoticeState>((set) => ({
  unread: 0,
  arrivals: 0,
  set: (n) => set({ unread: n }),
  async refresh() {
    try {
      set({ unread: await noticeApi.unreadCount() });
    } catch {
      /* keep the last count */
    }
  },
}));

/** Keeps the count live while mounted; `scope` (user + organisation) restarts the stream. */
export function useNoticeStream(enabled: boolean, scope: string): void {
  useEffect(() => {
    if (!enabled) return;
    const st = useNotices.getState();
    void st.refresh();
    const poll = setInterval(() => void useNotices.getState().refresh(), NOTICE_POLL_MS);
    let es: EventSource | null = null;
    if (typeof EventSource !== 'undefined') {
      es = new EventSource('/api/notification/stream');
      const onCount = (ev: MessageEvent) => {
        try {
          const d = JSON.parse(ev.data as string) as { unreadCount?: number };
          if (typeof d.unreadCount === 'number') useNotices.setState({ unread: d.unreadCount });
        } catch {
          /* ignore */
        }
      };
      es.addEventListener('unread', onCount);
      es.addEventListener('notification', (ev) => {
        onCount(ev as MessageEvent);
        useNotices.setState((s) => ({ arrivals: s.arrivals + 1 }));
      });
    }
    return () => {
      clearInterval(poll);
      es?.close();
    };
  }, [enabled, scope]);
}
