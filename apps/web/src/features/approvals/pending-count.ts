/**
 * The approvals waiting for me (GET /api/approval/pending_count): the Team tab's and the Approval
 * list entry's badge until the notification centre arrives. Polled every 30 s while the shell shows
 * (in server mode), and refreshed after every approval action.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { governanceApi } from '../permissions/governance-api';
import { isServerMode, useSession } from '../auth/session';

export const PENDING_POLL_MS = 30_000;

interface PendingState {
  count: number;
  refresh(): Promise<void>;
}

export const usePendingCount = create<PendingState>((set) => ({
  count: 0,
  async refresh() {
    try {
      set({ count: (await governanceApi.pendingCount()).count });
    } catch {
      /* a failed poll keeps the last count; the next one tries again */
    }
  },
}));

/** Polls while mounted, for a signed-in user in server mode; restarts when the organisation changes. */
export function usePendingCountPolling(): number {
  const server = useSession(isServerMode);
  const orgId = useSession((s) => s.user?.currentOrganization?.id);
  const count = usePendingCount((s) => s.count);
  useEffect(() => {
    if (!server || orgId == null) return;
    const refresh = usePendingCount.getState().refresh;
    void refresh();
    const timer = setInterval(() => void refresh(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [server, orgId]);
  return count;
}
