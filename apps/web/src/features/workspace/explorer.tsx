/** The explorer tree on the left with its dialogs: the workspace's first screen (its tabs area loads after it). */
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
