/** A rectangular selection in view coordinates (r = displayed row, c = column), anchor first. */
export interface CellRange {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

export function normalize(s: CellRange): CellRange {
  return { r0: Math.min(s.r0, s.r1), r1: Math.max(s.r0, s.r1), c0: Math.min(s.c0, s.c1), c1: Math.max(s.c0, s.c1) };
}

/** The selected cells as rows of values, read through the view. */
export function selectedCells(rows: (string | null)[][], view: Int32Array | null, range: CellRange): (string | null)[][] {
  const s = normalize(range);
  const out: (string | null)[][] = [];
  for (let r = s.r0; r <= s.r1; r++) {
    const row = rows[view ? view[r]! : r];
    if (!row) continue;
    out.push(row.slice(s.c0, s.c1 + 1).map((v) => (v === undefined ? null : v)));
  }
  return out;
}
