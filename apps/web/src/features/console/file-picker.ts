/**
 * Opening a local SQL file through the File System Access API where the browser has it (Chromium):
 * the file comes with a writable handle, so Save writes back to the same file (local-files.ts).
 * Elsewhere the caller falls back to a plain file input (and Save downloads).
 */
export type FileSystemHandleLike = { createWritable(): Promise<{ write(d: string): Promise<void>; close(): Promise<void> }>; name: string };
type Picker = (o: object) => Promise<(FileSystemHandleLike & { getFile(): Promise<File> })[]>;

/** The picked file and its handle; undefined when the user cancelled; null when the API is missing (use the file input). */
export async function pickSqlFile(): Promise<{ file: File; handle: FileSystemHandleLike } | null | undefined> {
  const picker = (window as unknown as { showOpenFilePicker?: Picker }).showOpenFilePicker;
  if (typeof picker !== 'function') return null;
  try {
    const [h] = await picker({ multiple: false, types: [{ description: 'SQL', accept: { 'text/plain': ['.sql', '.txt'] } }] });
    if (!h) return undefined;
    return { file: await h.getFile(), handle: h };
  } catch (e) {
    if ((e as Error).name === 'AbortError') return undefined;
    return null;
  }
}
