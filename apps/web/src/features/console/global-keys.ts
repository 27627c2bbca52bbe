/**
 * Global console shortcuts (spec 01 §2): new console (Cmd/Ctrl+T) bound like the active tab, close the
 * active console (Cmd/Ctrl+W). Browsers keep some of these for themselves; the desktop app gets them all.
 */
import { GLOBAL_SHORTCUTS } from '../../lib/shortcuts.js';
import { useTabs } from '../workspace/tabs-store';
import { keyMatches } from './shortcuts.js';
import { openNewConsole } from '../workspace/open-console';

const CLOSABLE = new Set(['CONSOLE', 'LOCAL_SQL_FILE', 'VIEW', 'FUNCTION', 'PROCEDURE', 'TRIGGER']);
let installed = false;

export function installConsoleKeys(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.defaultPrevented) return;
      const workspaceShown = !!document.querySelector('[data-testid="workspace-main"]');
      if (!workspaceShown) return;
      if (keyMatches(e, GLOBAL_SHORTCUTS.newConsole)) {
        e.preventDefault();
        e.stopPropagation();
        const { tabs, activeId } = useTabs.getState();
        const a = tabs.find((t) => t.id === activeId);
        void openNewConsole(a ? { dataSourceId: a.dataSourceId, dataSourceName: a.dataSourceName, databaseType: a.databaseType, databaseName: a.databaseName, schemaName: a.schemaName } : {});
      } else if (keyMatches(e, GLOBAL_SHORTCUTS.closeConsole)) {
        const { tabs, activeId, close } = useTabs.getState();
        const a = tabs.find((t) => t.id === activeId);
        if (!a || !CLOSABLE.has(a.type)) return;
        e.preventDefault();
        e.stopPropagation();
        close(a.id);
      }
    },
    true,
  );
}
