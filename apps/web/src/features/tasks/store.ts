/** Which task dialog is open (drawer, import wizard, export dialog) and what it works on; opened from the header, the tree and the results. */
import { create } from 'zustand';
import type { DatabaseType } from '@askdb/contracts';

export interface TaskTarget {
  dataSourceId: number;
  databaseType?: DatabaseType;
  databaseName?: string | null;
  schemaName?: string | null;
  tableName?: string | null;
}
export interface ExportRequest extends TaskTarget {
  target: 'table' | 'query' | 'database';
  sql?: string;
}

interface TaskDialogs {
  drawerOpen: boolean;
  importFor: TaskTarget | null;
  exportFor: ExportRequest | null;
  /** Bumped when a task starts, so the list reloads. */
  version: number;
  openDrawer(open?: boolean): void;
  openImport(t: TaskTarget | null): void;
  openExport(e: ExportRequest | null): void;
  started(): void;
}

export const useTaskDialogs = create<TaskDialogs>((set) => ({
  drawerOpen: false,
  importFor: null,
  exportFor: null,
  version: 0,
  openDrawer: (open = true) => set({ drawerOpen: open }),
  openImport: (importFor) => set({ importFor }),
  openExport: (exportFor) => set({ exportFor }),
  started: () => set((s) => ({ version: s.version + 1, drawerOpen: true })),
}));

export const openTaskImport = (t: TaskTarget) => useTaskDialogs.getState().openImport(t);
export const openTaskExport = (e: ExportRequest) => useTaskDialogs.getState().openExport(e);
