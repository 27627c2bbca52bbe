/**
 * A copy of every console's text in localStorage, written on each change, so nothing typed is lost
 * when the page reloads or the tab crashes before the server has it. `baseVersion` is the console
 * version the text was edited from, to tell our unsaved edits from an older copy.
 */
export interface LocalDraft {
  ddl: string;
  /** ms since epoch of the last edit. */
  at: number;
  baseVersion: number;
  /** Whether this text had reached the server when it was written. */
  persisted: boolean;
}

const PREFIX = 'askdb.console.text.';
const key = (consoleId: number) => PREFIX + consoleId;

export const localDrafts = {
  get(consoleId: number): LocalDraft | null {
    try {
      const raw = localStorage.getItem(key(consoleId));
      if (!raw) return null;
      const d = JSON.parse(raw) as LocalDraft;
      return typeof d?.ddl === 'string' ? d : null;
    } catch {
      return null;
    }
  },
  set(consoleId: number, d: LocalDraft): void {
    try {
      localStorage.setItem(key(consoleId), JSON.stringify(d));
    } catch (e) {
      // Quota exceeded: the server copy (auto-save) still protects the text.
      console.error('Could not keep the console text in localStorage:', e);
    }
  },
  remove(consoleId: number): void {
    localStorage.removeItem(key(consoleId));
  },
};
export type LocalDrafts = typeof localDrafts;
