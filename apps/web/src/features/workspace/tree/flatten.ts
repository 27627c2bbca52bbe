/**
 * The visible rows of the tree as one flat list (what the virtual list renders): expanded nodes'
 * loaded children in order, or, while searching, the matches and the path to them.
 */
import { NO_PERMISSION_TYPES, type TreeNode } from './types';

export interface FlatRow {
  node: TreeNode;
  depth: number;
  /** Shown open: expanded by the user, or opened by a search to show a match below. */
  open: boolean;
}

export interface FlattenInput {
  children: Record<string, TreeNode[] | undefined>;
  expanded: Record<string, boolean | undefined>;
  search?: string;
  hideNoPermission?: boolean;
  /** While searching: catalog matches under folders whose children are not loaded (catalog-search.ts). */
  searchHits?: Record<string, TreeNode[] | undefined>;
}

const hidden = (n: TreeNode, hideNoPermission: boolean) => hideNoPermission && n.extraParams.hasPermission === false && NO_PERMISSION_TYPES.has(n.treeNodeType);

export function flatten({ children, expanded, search, hideNoPermission = false, searchHits = {} }: FlattenInput): FlatRow[] {
  const out: FlatRow[] = [];
  const needle = search?.trim().toLowerCase() ?? '';

  const plain = (parent: string, depth: number) => {
    const list = children[parent];
    if (!list) return;
    for (const node of list) {
      if (hidden(node, hideNoPermission)) continue;
      const open = !node.isLeaf && !!expanded[node.key];
      out.push({ node, depth, open });
      if (open) plain(node.key, depth + 1);
    }
  };
  if (!needle) {
    plain('', 0);
    return out;
  }

  const matches = (n: TreeNode) =>
    n.originalTitle.toLowerCase().includes(needle) || (n.decorativeParams?.comment ?? '').toLowerCase().includes(needle);
  // Returns whether anything under `parent` was emitted.
  const filtered = (parent: string, depth: number): boolean => {
    const list = children[parent] ?? searchHits[parent];
    if (!list) return false;
    let any = false;
    for (const node of list) {
      if (hidden(node, hideNoPermission)) continue;
      if (matches(node)) {
        const open = !node.isLeaf && !!expanded[node.key];
        out.push({ node, depth, open });
        if (open) plain(node.key, depth + 1);
        any = true;
        continue;
      }
      const at = out.length;
      out.push({ node, depth, open: true });
      if (filtered(node.key, depth + 1)) any = true;
      else out.length = at;
    }
    return any;
  };
  filtered('', 0);
  return out;
}
