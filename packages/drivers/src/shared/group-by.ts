/** Groups catalog rows by their table, so a bulk catalog joins its few result sets in one pass. */
export function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Appends to the list under `key`, creating it. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Rows mapped per slice before a bulk catalog lets other work run (a turn of the event loop). */
const SLICE = 2000;

/**
 * `groupBy` with each row mapped, yielding to the event loop every 2,000 rows: a 300,000-column
 * catalog is folded without holding a server's event loop for the whole of it.
 */
export async function groupMappedInSlices<T, U>(rows: T[], keyOf: (row: T) => string, map: (row: T) => U): Promise<Map<string, U[]>> {
  const out = new Map<string, U[]>();
  for (let i = 0; i < rows.length; i += SLICE) {
    if (i) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(rows.length, i + SLICE);
    for (let k = i; k < end; k++) pushTo(out, keyOf(rows[k]!), map(rows[k]!));
  }
  return out;
}
