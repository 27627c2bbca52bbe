/**
 * Groups a Redis database's keys into a tree by a prefix separator (':' by default), as key-value
 * clients do: `user:1:name` sits under `user:` → `user:1:`. A group lists its subgroups first, then
 * its keys, each by name. The separator is a per-data-source preference kept in this browser.
 */
export const DEFAULT_SEPARATOR = ':';
const SEPARATOR_KEY = (dataSourceId: number) => `askdb.redis.separator.${dataSourceId}`;

export function separatorOf(dataSourceId: number): string {
  return localStorage.getItem(SEPARATOR_KEY(dataSourceId)) ?? DEFAULT_SEPARATOR;
}
export function setSeparator(dataSourceId: number, separator: string): void {
  localStorage.setItem(SEPARATOR_KEY(dataSourceId), separator);
}

export interface KeyEntry { name: string; type: string; ttl: number }
export interface KeyLevel {
  /** Subgroups: the full prefix (ending in the separator), its last segment and how many keys it holds. */
  groups: { prefix: string; label: string; count: number }[];
  keys: KeyEntry[];
}

/**
 * The level of the key tree under `prefix` ('' for the top): keys whose name has no further
 * separator after the prefix, and the groups formed by the next segment. An empty separator means
 * a flat list. A key equal to a group's name (`user` beside `user:1`) stays a key.
 */
export function keyLevel(keys: readonly KeyEntry[], prefix: string, separator: string): KeyLevel {
  const groups = new Map<string, number>();
  const direct: KeyEntry[] = [];
  for (const k of keys) {
    if (!k.name.startsWith(prefix)) continue;
    const rest = k.name.slice(prefix.length);
    const at = separator ? rest.indexOf(separator) : -1;
    // A separator at the very start or end of the remainder names no group segment.
    if (at <= 0 || at + separator.length >= rest.length) {
      direct.push(k);
      continue;
    }
    const head = rest.slice(0, at + separator.length);
    groups.set(head, (groups.get(head) ?? 0) + 1);
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    groups: [...groups].sort(([a], [b]) => byName(a, b)).map(([head, count]) => ({ prefix: prefix + head, label: head, count })),
    keys: direct.sort((a, b) => byName(a.name, b.name)),
  };
}
