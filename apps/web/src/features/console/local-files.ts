/**
 * Local SQL files opened in the browser: their text is kept in localStorage per tab (so a reload keeps
 * it), with the content last saved to disk to show unsaved changes. Saving writes back through the file
 * handle where the browser grants one (File System Access API), otherwise downloads the file under its name.
 */
interface LocalFile {
  fileName: string;
  content: string;
  savedContent: string;
}
const PREFIX = 'askdb.sqlfile.';
type Handle = { createWritable(): Promise<{ write(d: string): Promise<void>; close(): Promise<void> }>; name: string };
const handles = new Map<string, Handle>();

export const localFiles = {
  get(tabId: string): LocalFile | null {
    try {
      const raw = localStorage.getItem(PREFIX + tabId);
      return raw ? (JSON.parse(raw) as LocalFile) : null;
    } catch {
      return null;
    }
  },
  put(tabId: string, f: LocalFile, handle?: Handle): void {
    localStorage.setItem(PREFIX + tabId, JSON.stringify(f));
    if (handle) handles.set(tabId, handle);
  },
  setContent(tabId: string, content: string): void {
    const f = localFiles.get(tabId);
    if (f) localFiles.put(tabId, { ...f, content });
  },
  markSaved(tabId: string, content: string): void {
    const f = localFiles.get(tabId);
    if (f) localFiles.put(tabId, { ...f, content, savedContent: content });
  },
  handle(tabId: string): Handle | undefined {
    return handles.get(tabId);
  },
  remove(tabId: string): void {
    localStorage.removeItem(PREFIX + tabId);
    handles.delete(tabId);
  },
};

/** Writes through the file handle when there is one; false when the caller should download instead. */
export async function writeBack(tabId: string, content: string): Promise<boolean> {
  const h = handles.get(tabId);
  if (!h) return false;
  try {
    const w = await h.createWritable();
    await w.write(content);
    await w.close();
    return true;
  } catch (e) {
    console.error('Writing the file failed:', e);
    return false;
  }
}

export { downloadText } from '../../lib/download';
