/** Which workspace dialog is open (connection, typed-name drop, rename prompt): opened from menus, rendered once by the explorer. */
import { create } from 'zustand';
import type { DatabaseType } from '@askdb/contracts';
import type { TabTarget } from './open-tabs';

export type ConnectionDialogState = { mode: 'create'; type: DatabaseType; groupId?: number | null } | { mode: 'edit'; id: number };
export interface PromptState {
  title: string;
  initial: string;
  onOk(value: string): Promise<void> | void;
}

interface DialogsState {
  connection: ConnectionDialogState | null;
  dropTable: (TabTarget & { tableName: string }) | null;
  prompt: PromptState | null;
  openConnection(s: ConnectionDialogState): void;
  openDropTable(t: TabTarget & { tableName: string }): void;
  openPrompt(p: PromptState): void;
  close(which: 'connection' | 'dropTable' | 'prompt'): void;
}

export const useDialogs = create<DialogsState>((set) => ({
  connection: null,
  dropTable: null,
  prompt: null,
  openConnection: (connection) => set({ connection }),
  openDropTable: (dropTable) => set({ dropTable }),
  openPrompt: (prompt) => set({ prompt }),
  close: (which) => set({ [which]: null } as Partial<DialogsState>),
}));
