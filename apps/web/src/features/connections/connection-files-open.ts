/** Whether the connection files dialog is open: the explorer's menu opens it without loading the dialog (issue 28 point 4). */
import { create } from 'zustand';

export const useConnectionFilesOpen = create<{ open: boolean; onImported?: () => void; set(open: boolean, onImported?: () => void): void }>((set) => ({
  open: false,
  set: (open, onImported) => set({ open, onImported }),
}));
export const openConnectionFiles = (onImported?: () => void) => useConnectionFilesOpen.getState().set(true, onImported);
