/**
 * The explorer's expanded nodes survive a reload (issue 25 item 9): their keys are kept in this
 * browser and, as each node's children load, the expanded ones among them load theirs in turn.
 */
const KEY = 'askdb.workspace.expanded';
/** More would only slow the first paint: a tree opened that wide is not read at once anyway. */
const MAX_KEYS = 500;

export function loadExpanded(): Record<string, boolean | undefined> {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? Object.fromEntries(list.filter((k): k is string => typeof k === 'string').map((k) => [k, true])) : {};
  } catch {
    return {};
  }
}

/** Saves at once: a reload right after an expand must still find it. */
export function saveExpanded(expanded: Record<string, boolean | undefined>): void {
  const keys = Object.keys(expanded).filter((k) => expanded[k]).slice(-MAX_KEYS);
  try {
    localStorage.setItem(KEY, JSON.stringify(keys));
  } catch {
    /* storage full or disabled: the tree still works, it just forgets */
  }
}
