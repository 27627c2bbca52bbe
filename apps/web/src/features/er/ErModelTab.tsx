import type { WorkspaceTab } from '../workspace/tabs-store';
export function ErModelTab({ tab }: { tab: WorkspaceTab }) {
  return <div>{tab.schemaName}</div>;
}
