/** Opens a local .sql file in its own tab (LOCAL_SQL_FILE), bound like the tab it was opened from. */
import { useTabs, type TabBinding } from '../workspace/tabs-store';
import { localFiles } from './local-files.js';

export async function openLocalFile(file: File, binding: TabBinding): Promise<void> {
  const content = await file.text();
  const id = `sqlfile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  localFiles.put(id, { fileName: file.name, content, savedContent: content });
  useTabs.getState().open({ id, type: 'LOCAL_SQL_FILE', title: file.name, params: { fileName: file.name }, ...binding });
}
