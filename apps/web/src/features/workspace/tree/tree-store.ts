/**
 * State of the explorer tree: loaded children by parent key, expanded/loading/error flags, the
 * selection, the search text and the data source and group lists the root is built from. The data
 * source list is also what the data-source picker offers.
 */
import { create } from 'zustand';
import type { DataSourceSummary } from '@askdb/contracts';
import { metaApi, type GroupItem } from '../meta-api';
import { buildRoot, loadChildren, savedConsoles, sortPinnedFirst } from './loaders';
import { ROOT_KEY, type TreeNode } from './types';
import { loadExpanded, saveExpanded } from './expanded-state';

const HIDE_KEY = 'askdb.workspace.hideNoPermission';

interface TreeState {
  children: Record<string, TreeNode[] | undefined>;
  expanded: Record<string, boolean | undefined>;
  loading: Record<string, boolean | undefined>;
  errors: Record<string, string | undefined>;
  selected: string | null;
  search: string;
  hideNoPermission: boolean;
  rootLoaded: boolean;
  rootError: string | null;
  /** When the root (data sources and groups) last loaded without error (Date.now()); 0 before. */
  rootLoadedAt: number;
  dataSources: DataSourceSummary[];
  groups: GroupItem[];
  loadRoot(): Promise<void>;
  toggle(node: TreeNode): void;
  expand(node: TreeNode): Promise<void>;
  collapse(key: string): void;
  load(node: TreeNode, refresh?: boolean): Promise<void>;
  /** Reloads a node's children (and forgets its descendants'); the root when `key` is ''. */
  refresh(key: string): Promise<void>;
  select(key: string | null): void;
  setSearch(s: string): void;
  setHideNoPermission(v: boolean): void;
  patchNode(key: string, patch: Partial<TreeNode>, resortPinned?: boolean): void;
  find(key: string): TreeNode | undefined;
}

function errorText(e: unknown): string {
  return (e as Error)?.message || String(e);
}

/** Children of expanded nodes whose children are not loaded (after a reload, or a refresh above them) load now. */
function loadExpandedKids(kids: TreeNode[]): void {
  const { expanded, children, loading, load } = useTree.getState();
  for (const k of kids) if (!k.isLeaf && expanded[k.key] && !children[k.key] && !loading[k.key]) void load(k);
}

export const useTree = create<TreeState>((set, get) => ({
  children: {},
  expanded: loadExpanded(),
  loading: {},
  errors: {},
  selected: null,
  search: '',
  hideNoPermission: localStorage.getItem(HIDE_KEY) === '1',
  rootLoaded: false,
  rootError: null,
  rootLoadedAt: 0,
  dataSources: [],
  groups: [],

  async loadRoot() {
    set({ loading: { ...get().loading, [ROOT_KEY]: true } });
    try {
      const [page, groups] = await Promise.all([metaApi.dataSources(), metaApi.groups().catch(() => [] as GroupItem[])]);
      const built = buildRoot(groups, page.data);
      set({ children: { ...get().children, ...built }, dataSources: page.data, groups, rootLoaded: true, rootError: null, rootLoadedAt: Date.now() });
      for (const list of Object.values(built)) loadExpandedKids(list);
    } catch (e) {
      set({ rootError: errorText(e), rootLoaded: true });
    } finally {
      const { [ROOT_KEY]: _, ...loading } = get().loading;
      set({ loading });
    }
  },

  toggle(node) {
    if (node.isLeaf) return;
    if (get().expanded[node.key]) get().collapse(node.key);
    else void get().expand(node);
  },

  async expand(node) {
    if (node.isLeaf) return;
    set({ expanded: { ...get().expanded, [node.key]: true } });
    saveExpanded(get().expanded);
    if (!get().children[node.key] && !get().loading[node.key]) await get().load(node);
  },

  collapse(key) {
    const { [key]: _, ...expanded } = get().expanded;
    set({ expanded });
    saveExpanded(expanded);
  },

  async load(node, refresh = false) {
    set({ loading: { ...get().loading, [node.key]: true }, errors: { ...get().errors, [node.key]: undefined } });
    try {
      const kids = await loadChildren(node, refresh);
      set({ children: { ...get().children, [node.key]: kids } });
      loadExpandedKids(kids);
    } catch (e) {
      set({ errors: { ...get().errors, [node.key]: errorText(e) }, children: { ...get().children, [node.key]: [] } });
    } finally {
      const { [node.key]: _, ...loading } = get().loading;
      set({ loading });
    }
  },

  async refresh(key) {
    if (key === ROOT_KEY) {
      void savedConsoles(true).catch(() => {});
      return get().loadRoot();
    }
    const node = get().find(key);
    if (!node) return;
    const prefix = key + '/';
    const children: Record<string, TreeNode[] | undefined> = {};
    for (const [k, v] of Object.entries(get().children)) if (!k.startsWith(prefix)) children[k] = v;
    delete children[key];
    set({ children });
    if (node.treeNodeType === 'CONSOLES') await savedConsoles(true).catch(() => []);
    await get().load(node, true);
  },

  select(key) {
    set({ selected: key });
  },
  setSearch(search) {
    set({ search });
  },
  setHideNoPermission(v) {
    localStorage.setItem(HIDE_KEY, v ? '1' : '0');
    set({ hideNoPermission: v });
  },

  patchNode(key, patch, resortPinned = false) {
    const children = { ...get().children };
    for (const [parent, list] of Object.entries(children)) {
      const i = list?.findIndex((n) => n.key === key) ?? -1;
      if (!list || i < 0) continue;
      const next = list.slice();
      next[i] = { ...next[i]!, ...patch };
      children[parent] = resortPinned ? sortPinnedFirst([...next].sort((a, b) => a.originalTitle.localeCompare(b.originalTitle))) : next;
      set({ children });
      return;
    }
  },

  find(key) {
    for (const list of Object.values(get().children)) {
      const n = list?.find((x) => x.key === key);
      if (n) return n;
    }
    return undefined;
  },
}));
