/**
 * The explorer's search reaches the catalog, not only the nodes already loaded (issue 25 item 9):
 * for every database/schema of a connected data source whose Tables folder has not been opened,
 * the server is asked for the tables whose name holds the text (the list route's searchKey), and
 * the matches show under their folder like loaded nodes. Capped so a wide tree costs bounded calls.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { metaApi } from '../meta-api';
import { tableNodeOf } from './loaders';
import { useTree } from './tree-store';
import { childKey, type TreeNode } from './types';

const DEBOUNCE_MS = 300;
const MIN_CHARS = 2;
const MAX_LOCATIONS = 24;
const HITS_PER_LOCATION = 50;

interface CatalogSearchState {
  /** Matches by the key of the TABLES folder they belong under (folders whose children are not loaded). */
  hits: Record<string, TreeNode[] | undefined>;
  searching: boolean;
}
export const useCatalogSearch = create<CatalogSearchState>(() => ({ hits: {}, searching: false }));

/** Location nodes (where a Tables folder hangs) among the loaded nodes, relational engines only. */
function locations(children: Record<string, TreeNode[] | undefined>): TreeNode[] {
  const out: TreeNode[] = [];
  for (const list of Object.values(children)) {
    for (const n of list ?? []) {
      const type = n.extraParams.databaseType as DatabaseType | undefined;
      if (!type || type === 'REDIS' || n.extraParams.hasPermission === false) continue;
      const level = supportsSchema(type) ? 'SCHEMA' : supportsDatabase(type) ? 'DATABASE' : 'DATA_SOURCE';
      if (n.treeNodeType === level) out.push(n);
    }
  }
  return out;
}

async function searchCatalog(text: string, isCurrent: () => boolean): Promise<void> {
  const tree = useTree.getState();
  const hits: Record<string, TreeNode[]> = {};
  for (const loc of locations(tree.children).slice(0, MAX_LOCATIONS)) {
    const folderKey = childKey(loc.key, 'tables');
    if (useTree.getState().children[folderKey]) continue; // loaded: the tree filters it itself
    // The folder nodes of the location come from its loader (no request for a database or schema).
    if (!useTree.getState().children[loc.key]) await useTree.getState().load(loc).catch(() => undefined);
    const folder = useTree.getState().children[loc.key]?.find((n) => n.key === folderKey);
    if (!folder || !isCurrent()) continue;
    const p = folder.extraParams;
    try {
      const page = await metaApi.tables({ dataSourceId: p.dataSourceId!, databaseName: p.databaseName ?? null, schemaName: p.schemaName ?? null }, { searchKey: text, pageSize: HITS_PER_LOCATION });
      if (page.data.length) hits[folderKey] = page.data.map((t) => tableNodeOf(folder, t));
    } catch {
      /* a source that cannot answer shows nothing more */
    }
    if (!isCurrent()) return;
    useCatalogSearch.setState({ hits: { ...hits } });
  }
}

/** Runs the catalog search for the explorer's search text (debounced; a newer text cancels an older one). */
export function useCatalogSearchFor(search: string): Record<string, TreeNode[] | undefined> {
  const hits = useCatalogSearch((s) => s.hits);
  useEffect(() => {
    const text = search.trim();
    useCatalogSearch.setState({ hits: {} });
    if (text.length < MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(() => {
      useCatalogSearch.setState({ searching: true });
      void searchCatalog(text, () => live).finally(() => live && useCatalogSearch.setState({ searching: false }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search]);
  return hits;
}
