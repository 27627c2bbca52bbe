/**
 * New console (Cmd/Ctrl+T) and local SQL files. A stand-in for the workspace's `openNewConsole` until it
 * is in the repository: creates a DRAFT console on the server bound like the active tab and opens it.
 */
import { LIMITS } from '@askdb/contracts';
import { useTabs, type TabBinding, type WorkspaceTab } from '../workspace/tabs-store';
import { consoleApi } from './save/console-api.js';
import { localFiles } from './local-files.js';
import { notify } from './notify.js';
import { i18n } from '../../i18n';

export async function openNewConsole(binding: TabBinding = {}): Promise<WorkspaceTab | null> {
  if (useTabs.getState().consoleCount() >= LIMITS.maxOpenConsoles) {
    void notify().warning(i18n.t('console.limit', { max: LIMITS.maxOpenConsoles }));
    return null;
  }
  const where = binding.schemaName ?? binding.databaseName ?? binding.dataSourceName;
  const name = where ? `${where} ${i18n.t('console.defaultName')}` : i18n.t('console.defaultName');
  try {
    const id = await consoleApi.create({ name, dataSourceId: binding.dataSourceId ?? null, dataSourceName: binding.dataSourceName ?? null, databaseName: binding.databaseName ?? null, schemaName: binding.schemaName ?? null, type: binding.databaseType ?? null });
    const tab: WorkspaceTab = { id: `console-${id}`, type: 'CONSOLE', title: name, consoleId: id, dataSourceId: binding.dataSourceId ?? null, dataSourceName: binding.dataSourceName ?? null, databaseType: binding.databaseType ?? null, databaseName: binding.databaseName ?? null, schemaName: binding.schemaName ?? null };
    return useTabs.getState().open(tab) ? tab : null;
  } catch (e) {
    void notify().error((e as Error).message);
    return null;
  }
}

/** Opens a local .sql file in its own tab, bound like the tab it was opened from. */
export async function openLocalFile(file: File, binding: TabBinding): Promise<void> {
  const content = await file.text();
  const id = `sqlfile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  localFiles.put(id, { fileName: file.name, content, savedContent: content });
  useTabs.getState().open({ id, type: 'LOCAL_SQL_FILE', title: file.name, params: { fileName: file.name }, ...binding });
}
