/** The explorer tree on the left with its dialogs: the workspace's first screen (its tabs area loads after it). */
import './workspace.css';
import { lazy, Suspense } from 'react';
import { Explorer } from './tree/Explorer';
import { useDialogs } from './dialogs-store';
import { useSticky } from '../../app/sticky';

// The dialogs (forms, selects, tabs of the connection dialog) are not the first screen (issue 28 point 4): they
// load once the shell's later parts are on screen (`loadDialogs`), or as soon as a menu opens one, whichever comes first.
const ExplorerDialogs = lazy(() => import('./ExplorerDialogs').then((m) => ({ default: m.ExplorerDialogs })));

export function WorkspaceExplorer({ loadDialogs = true }: { loadDialogs?: boolean }) {
  const asked = useDialogs((s) => !!(s.connection || s.dropTable || s.prompt));
  const dialogs = useSticky(loadDialogs || asked);
  return (
    <>
      <Explorer />
      {dialogs && (
        <Suspense fallback={null}>
          <ExplorerDialogs />
        </Suspense>
      )}
    </>
  );
}
