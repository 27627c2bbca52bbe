/**
 * `openNewConsole(binding)`: creates a console on the server (a DRAFT, spec 01 §4) bound to a data
 * source/database/schema and opens it as a tab. Used by the tree's "New console" and by Cmd/Ctrl+T.
 * Refuses beyond the spec's 20 open consoles (spec 01 §5, §9) with the spec's message.
 */
import { LIMITS, type SavedConsole } from '@askdb/contracts';
import { api } from '../../lib/api';
import { i18n } from '../../i18n';
import { notify } from './notify';
import { useTabs, type TabBinding, type WorkspaceTab } from './tabs-store';

export function consoleTabOf(c: Pick<SavedConsole, 'id' | 'name' | 'dataSourceId' | 'databaseName' | 'schemaName' | 'type'> & { dataSourceName?: string | null }): WorkspaceTab {
  return {
    id: `console-${c.id}`,
    type: 'CONSOLE',
    title: c.name,
    consoleId: c.id,
    dataSourceId: c.dataSourceId,
    dataSourceName: c.dataSourceName ?? null,
    databaseType: c.type,
    databaseName: c.databaseName,
    schemaName: c.schemaName,
  };
}

/** Whether another console tab may open; shows the spec's message when not. */
export function canOpenConsole(): boolean {
  if (useTabs.getState().consoleCount() < LIMITS.maxOpenConsoles) return true;
  void notify().warning(i18n.t('workspace.console.limit', { max: LIMITS.maxOpenConsoles }));
  return false;
}

/** Creates and opens a new console; resolves to its tab, or null when refused or failed (a message was shown). */
export async function openNewConsole(binding: TabBinding = {}, opts: { name?: string; ddl?: string } = {}): Promise<WorkspaceTab | null> {
  if (!canOpenConsole()) return null;
  const name = opts.name ?? defaultConsoleName(binding);
  try {
    const id = await api<number>('/api/operation/saved/create', {
      body: {
        name,
        status: 'DRAFT',
        ddl: opts.ddl ?? '',
        dataSourceId: binding.dataSourceId ?? null,
        dataSourceName: binding.dataSourceName ?? null,
        databaseName: binding.databaseName ?? null,
        schemaName: binding.schemaName ?? null,
        type: binding.databaseType ?? null,
        tabOpened: true,
        operationType: 'CONSOLE',
      },
    });
    const tab = consoleTabOf({ id, name, dataSourceId: binding.dataSourceId ?? null, dataSourceName: binding.dataSourceName, databaseName: binding.databaseName ?? null, schemaName: binding.schemaName ?? null, type: binding.databaseType ?? null });
    if (!useTabs.getState().open(tab)) {
      void notify().warning(i18n.t('workspace.console.limit', { max: LIMITS.maxOpenConsoles }));
      return null;
    }
    return tab;
  } catch (e) {
    void notify().error((e as Error).message);
    return null;
  }
}

function defaultConsoleName(b: TabBinding): string {
  const where = b.schemaName ?? b.databaseName ?? b.dataSourceName;
  return where ? `${where} ${i18n.t('workspace.console.suffix')}` : i18n.t('workspace.console.new');
}
