/**
 * Sort and filter over the rows loaded so far (spec 01 / issue 5): the grid shows rows through an index
 * array, so the loaded rows themselves never move. Numbers sort as numbers, NULL first ascending.
 */
import type { ResultHeader } from '@askdb/contracts';

type Row = (string | null)[];
export interface SortSpec {
  column: number;
  dir: 'asc' | 'desc';
}

/** Row indices whose text contains `filter` in any cell (case-insensitive); null = all rows. */
export function filterRows(rows: Row[], filter: string): Int32Array | null {
  const f = filter.trim().toLowerCase();
  if (!f) return null;
  const out = new Int32Array(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    for (let c = 0; c < r.length; c++) {
      const v = r[c];
      if (v === null ? 'null'.includes(f) && f.length === 4 : v.toLowerCase().includes(f)) {
        out[n++] = i;
        break;
      }
    }
  }
  return out.slice(0, n);
}

export function sortRows(rows: Row[], base: Int32Array | null, headers: ResultHeader[], sort: SortSpec | null): Int32Array | null {
  if (!sort) return base;
  const idx = base ? Int32Array.from(base) : Int32Array.from({ length: rows.length }, (_, i) => i);
  const c = sort.column;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const numeric = headers[c]?.dataType === 'NUMERIC';
  if (numeric) {
    const keys = new Float64Array(rows.length);
    for (let i = 0; i < idx.length; i++) {
      const v = rows[idx[i]!]![c];
      keys[idx[i]!] = v === null || v === undefined ? -Infinity : Number(v);
    }
    idx.sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      return (x < y ? -1 : x > y ? 1 : a - b) * (x === y ? 1 : sign);
    });
  } else {
    idx.sort((a, b) => {
      const x = rows[a]![c] ?? null;
      const y = rows[b]![c] ?? null;
      if (x === y) return a - b;
      if (x === null) return -sign;
      if (y === null) return sign;
      return (x < y ? -1 : 1) * sign;
    });
  }
  return idx;
}

/** The view: filtered then sorted indices, or null when rows show in load order. */
export function viewOf(rows: Row[], headers: ResultHeader[], filter: string, sort: SortSpec | null): Int32Array | null {
  return sortRows(rows, filterRows(rows, filter), headers, sort);
}
