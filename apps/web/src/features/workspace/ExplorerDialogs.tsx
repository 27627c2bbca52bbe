/** The explorer's dialogs (connection, typed-name drop, rename prompt): one chunk, loaded after the tree (explorer.tsx). */
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { DropTableDialog } from '../table-editor/DropTableDialog';
import { PromptDialog } from './PromptDialog';

export function ExplorerDialogs() {
  return (
    <>
      <ConnectionDialog />
      <DropTableDialog />
      <PromptDialog />
    </>
  );
}
