/** Opens a local .sql file in its own tab (LOCAL_SQL_FILE), bound like the tab it was opened from. */
import { useTabs, type TabBinding } from '../workspace/tabs-store';
import { localFiles } from './local-files.js';
import type { FileSystemHandleLike } from './file-picker.js';

/** `handle`: the File System Access handle when the file was picked through it — Save then writes back to the file. */
export async function openLocalFile(file: File, binding: TabBinding, handle?: FileSystemHandleLike): Promise<void> {
  const content = await file.text();
  const id = `sqlfile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  localFiles.put(id, { fileName: file.name, content, savedContent: content }, handle);
  useTabs.getState().open({ id, type: 'LOCAL_SQL_FILE', title: file.name, params: { fileName: file.name }, ...binding });
}
