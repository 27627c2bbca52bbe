/** The pending-approvals count as a badge next to a label (the Team tab, the Approval list entry). */
import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { usePendingCount, usePendingCountPolling } from './pending-count';

/** For the shell's Team tab: also runs the 30 s poll. */
export function TeamTabBadge({ children }: { children: ReactNode }) {
  const count = usePendingCountPolling();
  return (
    <span data-testid="team-tab-badge">
      {children}
      {count > 0 && <Badge count={count} size="small" style={{ marginLeft: 4 }} />}
    </span>
  );
}

export function PendingBadge({ children }: { children: ReactNode }) {
  const count = usePendingCount((s) => s.count);
  return (
    <span>
      {children}
      {count > 0 && <Badge count={count} size="small" style={{ marginLeft: 6 }} data-testid="approvals-menu-badge" />}
    </span>
  );
}
