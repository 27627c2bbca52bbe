import type { WorkspaceTab } from '../workspace/tabs-store';
export function TableEditorTab({ tab }: { tab: WorkspaceTab }) {
  return <div>{tab.tableName}</div>;
}
