/**
 * Open workspace tabs (spec 01 §2 tab types), the active one, and their persistence across reloads.
 * Every feature opens and closes tabs through this store; `WorkspaceMain` renders them by type.
 */
import { create } from 'zustand';
import type { TabType } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';

export interface TabBinding {
  dataSourceId?: number | null;
  dataSourceName?: string | null;
  databaseType?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
}
export interface WorkspaceTab extends TabBinding {
  /** Unique key: `console-<id>`, `table-data-<ds>-<db>-<schema>-<table>`, … */
  id: string;
  type: TabType;
  title: string;
  tableName?: string | null;
  consoleId?: number | null;
  /** Free-form parameters of the tab type (view name, file path…). */
  params?: Record<string, unknown>;
}

const KEY = 'askdb.workspace.tabs';

interface TabsState {
  tabs: WorkspaceTab[];
  activeId: string | null;
  /** Opens (or focuses) a tab. Returns false when it would exceed the open-console limit. */
  open(tab: WorkspaceTab): boolean;
  close(id: string): void;
  activate(id: string): void;
  update(id: string, patch: Partial<WorkspaceTab>): void;
  consoleCount(): number;
}

function load(): Pick<TabsState, 'tabs' | 'activeId'> {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) {
      const s = JSON.parse(raw) as { tabs: WorkspaceTab[]; activeId: string | null };
      if (Array.isArray(s.tabs)) return { tabs: s.tabs, activeId: s.tabs.some((t) => t.id === s.activeId) ? s.activeId : s.tabs[0]?.id ?? null };
    }
  } catch {
    /* a broken entry starts empty */
  }
  return { tabs: [], activeId: null };
}

function save(s: Pick<TabsState, 'tabs' | 'activeId'>): void {
  localStorage.setItem(KEY, JSON.stringify({ tabs: s.tabs, activeId: s.activeId }));
}

export const useTabs = create<TabsState>((set, get) => ({
  ...load(),
  open(tab) {
    const s = get();
    if (s.tabs.some((t) => t.id === tab.id)) {
      set({ activeId: tab.id });
      save(get());
      return true;
    }
    if (tab.type === 'CONSOLE' && s.consoleCount() >= LIMITS.maxOpenConsoles) return false;
    set({ tabs: [...s.tabs, tab], activeId: tab.id });
    save(get());
    return true;
  },
  close(id) {
    const s = get();
    const i = s.tabs.findIndex((t) => t.id === id);
    if (i < 0) return;
    const tabs = s.tabs.filter((t) => t.id !== id);
    const activeId = s.activeId === id ? (tabs[i] ?? tabs[i - 1])?.id ?? null : s.activeId;
    set({ tabs, activeId });
    save(get());
  },
  activate(id) {
    set({ activeId: id });
    save(get());
  },
  update(id, patch) {
    set({ tabs: get().tabs.map((t) => (t.id === id ? { ...t, ...patch } : t)) });
    save(get());
  },
  consoleCount() {
    return get().tabs.filter((t) => t.type === 'CONSOLE').length;
  },
}));
