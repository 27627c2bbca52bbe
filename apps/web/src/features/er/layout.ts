/**
 * Automatic layout of an ER diagram: referenced tables to the left, referencing tables in the
 * columns to their right (longest-path layers), rows ordered by their neighbours, connected groups
 * side by side, tables without relations in a grid below.
 */
export interface ErColumn { name: string; type: string; pk: boolean; fk: boolean }
export interface ErTable { name: string; comment?: string | null; columns: ErColumn[] }
export interface ErEdge { from: string; fromColumns: string[]; to: string; toColumns: string[] }
export interface Placed extends ErTable { x: number; y: number; width: number; height: number; hidden: number }
export interface ErLayout { tables: Placed[]; width: number; height: number }

export const BOX_WIDTH = 230;
export const HEADER = 30;
export const ROW = 20;
export const MAX_ROWS = 14;
const GAP_X = 90;
const GAP_Y = 36;

export function boxHeight(t: ErTable): number {
  const rows = Math.min(t.columns.length, MAX_ROWS) + (t.columns.length > MAX_ROWS ? 1 : 0);
  return HEADER + rows * ROW + 8;
}

export function layoutEr(tables: ErTable[], edges: ErEdge[]): ErLayout {
  const names = new Set(tables.map((t) => t.name));
  const valid = edges.filter((e) => names.has(e.from) && names.has(e.to) && e.from !== e.to);
  const refs = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  const adj = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const e of valid) {
    refs.get(e.from)!.add(e.to);
    adj.get(e.from)!.add(e.to);
    adj.get(e.to)!.add(e.from);
  }
  // Layer = longest chain of references below a table (cycles are cut by the iteration cap).
  const layer = new Map<string, number>(tables.map((t) => [t.name, 0]));
  for (let pass = 0; pass < tables.length; pass++) {
    let changed = false;
    for (const t of tables) {
      const want = Math.max(0, ...[...refs.get(t.name)!].map((r) => layer.get(r)! + 1));
      if (want > layer.get(t.name)! && want < tables.length) {
        layer.set(t.name, want);
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Connected groups (by relations); lone tables go to a grid.
  const seen = new Set<string>();
  const groups: string[][] = [];
  const lone: string[] = [];
  for (const t of tables) {
    if (seen.has(t.name)) continue;
    if (adj.get(t.name)!.size === 0) {
      seen.add(t.name);
      lone.push(t.name);
      continue;
    }
    const g: string[] = [];
    const stack = [t.name];
    seen.add(t.name);
    while (stack.length) {
      const n = stack.pop()!;
      g.push(n);
      for (const m of adj.get(n)!) if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
    groups.push(g);
  }
  groups.sort((a, b) => b.length - a.length);

  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed: Placed[] = [];
  const pos = new Map<string, number>();
  let offsetX = 0;
  let maxY = 0;
  for (const g of groups) {
    const min = Math.min(...g.map((n) => layer.get(n)!));
    const layers: string[][] = [];
    for (const n of g) (layers[layer.get(n)! - min] ??= []).push(n);
    let x = offsetX;
    for (const col of layers.filter(Boolean)) {
      // Order by the mean position of already placed neighbours, then by name.
      const key = (n: string) => {
        const ps = [...adj.get(n)!].map((m) => pos.get(m)).filter((p): p is number => p !== undefined);
        return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : Number.MAX_SAFE_INTEGER;
      };
      col.sort((a, b) => key(a) - key(b) || a.localeCompare(b));
      let y = 0;
      for (const n of col) {
        const t = byName.get(n)!;
        const h = boxHeight(t);
        placed.push({ ...t, x, y, width: BOX_WIDTH, height: h, hidden: Math.max(0, t.columns.length - MAX_ROWS) });
        pos.set(n, y + h / 2);
        y += h + GAP_Y;
      }
      maxY = Math.max(maxY, y);
      x += BOX_WIDTH + GAP_X;
    }
    offsetX = x + GAP_X;
  }
  // Lone tables: a grid under the groups, as wide as them (at least four boxes).
  const perRow = Math.max(4, Math.floor(Math.max(offsetX, 1) / (BOX_WIDTH + GAP_X)));
  let y = maxY + (groups.length ? GAP_Y * 2 : 0);
  for (let i = 0; i < lone.length; i += perRow) {
    const row = lone.slice(i, i + perRow).map((n) => byName.get(n)!);
    const h = Math.max(...row.map(boxHeight));
    row.forEach((t, j) => placed.push({ ...t, x: j * (BOX_WIDTH + GAP_X), y, width: BOX_WIDTH, height: boxHeight(t), hidden: Math.max(0, t.columns.length - MAX_ROWS) }));
    y += h + GAP_Y;
  }
  const width = Math.max(0, ...placed.map((p) => p.x + p.width));
  const height = Math.max(0, ...placed.map((p) => p.y + p.height));
  return { tables: placed, width, height };
}

/** Where an edge attaches: the middle of the column's row (or the header when the row is hidden). */
export function anchorY(t: Placed, column: string): number {
  const i = t.columns.findIndex((c) => c.name === column);
  if (i < 0 || i >= MAX_ROWS) return t.y + HEADER / 2;
  return t.y + HEADER + i * ROW + ROW / 2 + 4;
}
