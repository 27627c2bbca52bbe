import type { WorkspaceTab } from '../workspace/tabs-store';
export function TableDataTab({ tab }: { tab: WorkspaceTab }) {
  return <div>{tab.tableName}</div>;
}
