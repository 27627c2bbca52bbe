/** The workspace: explorer tree on the left (with its dialogs), open tabs in the main area. */
import './workspace.css';
import { Explorer } from './tree/Explorer';
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { DropTableDialog } from '../table-editor/DropTableDialog';
import { PromptDialog } from './PromptDialog';

export function WorkspaceExplorer() {
  return (
    <>
      <Explorer />
      <ConnectionDialog />
      <DropTableDialog />
      <PromptDialog />
    </>
  );
}

export { WorkspaceMain } from './WorkspaceMain';
export { DataSourcePicker } from './DataSourcePicker';
export { openNewConsole } from './open-console';
