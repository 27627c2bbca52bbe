/**
 * The side chat's context follows the active console (issue 25 point 5): when the workspace's
 * active tab is a console bound to a data source, the chat asks about that data source, database
 * and schema — and says so. A context the user picks by hand stays until another console (or a
 * new binding of this one) becomes active.
 */
import { useEffect } from 'react';
import { useTabs, type WorkspaceTab } from '../workspace/tabs-store';
import { useChat, type ChatContext } from './chat-store.js';
import type { DatabaseType } from '@askdb/contracts';

const bindingKey = (t: WorkspaceTab) => [t.id, t.dataSourceId, t.databaseName, t.schemaName].join('|');

/** The chat context of a console tab (null: not a console, or no data source). */
export function consoleContext(tab: WorkspaceTab | undefined): ChatContext | null {
  if (!tab || tab.type !== 'CONSOLE' || !tab.dataSourceId) return null;
  return {
    dataSourceId: tab.dataSourceId,
    dataSourceName: tab.dataSourceName ?? undefined,
    databaseType: (tab.databaseType ?? undefined) as DatabaseType | undefined,
    databaseName: tab.databaseName ?? undefined,
    schemaName: tab.schemaName ?? undefined,
  };
}

const activeTab = () => {
  const s = useTabs.getState();
  return s.tabs.find((t) => t.id === s.activeId);
};

/** The active console whose binding the chat's context is (null: the chat asks elsewhere). */
export function useFollowedConsole(): WorkspaceTab | null {
  const tab = useTabs((s) => s.tabs.find((t) => t.id === s.activeId));
  const context = useChat((s) => s.context);
  const c = consoleContext(tab);
  if (!c || context.collectionId != null) return null;
  const same = c.dataSourceId === context.dataSourceId && (c.databaseName ?? '') === (context.databaseName ?? '') && (c.schemaName ?? '') === (context.schemaName ?? '');
  return same ? tab! : null;
}

/** Keeps the chat's context on the active console while the chat is shown. */
export function useFollowActiveConsole(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let applied = '';
    const sync = () => {
      const tab = activeTab();
      const c = consoleContext(tab);
      if (!c || !tab) return;
      const key = bindingKey(tab);
      if (key === applied) return;
      applied = key;
      const cur = useChat.getState().context;
      if (cur.dataSourceId === c.dataSourceId && cur.databaseName === c.databaseName && cur.schemaName === c.schemaName && cur.collectionId == null) return;
      useChat.getState().setContext(c);
    };
    sync();
    return useTabs.subscribe(sync);
  }, [enabled]);
}
