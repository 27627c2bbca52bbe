/** Pending grid edits (updated cells, deleted rows, new rows) and their conversion into row changes. */
import type { Cell, RowChange } from './dml';

export interface EditState {
  /** Row index → the row's edited values (whole row). */
  updates: Record<number, Cell[]>;
  deleted: Record<number, true>;
  /** New rows; `undefined` = leave the column to its default. */
  inserts: (Cell | undefined)[][];
}

export const emptyEdits = (): EditState => ({ updates: {}, deleted: {}, inserts: [] });

/** A display row: an existing row of the page, or a new one. */
export type RowRef = { kind: 'row'; index: number } | { kind: 'new'; index: number };

export type EditAction =
  | { type: 'set'; ref: RowRef; col: number; value: Cell; rows: Cell[][] }
  | { type: 'delete'; refs: RowRef[] }
  | { type: 'revert'; refs: RowRef[] }
  | { type: 'add'; width: number }
  | { type: 'reset' };

export function editsReducer(s: EditState, a: EditAction): EditState {
  switch (a.type) {
    case 'reset':
      return emptyEdits();
    case 'add':
      return { ...s, inserts: [...s.inserts, Array.from({ length: a.width }, () => undefined)] };
    case 'set': {
      if (a.ref.kind === 'new') {
        const inserts = s.inserts.slice();
        const row = inserts[a.ref.index]!.slice();
        row[a.col] = a.value;
        inserts[a.ref.index] = row;
        return { ...s, inserts };
      }
      const original = a.rows[a.ref.index]!;
      const row = (s.updates[a.ref.index] ?? original).slice();
      row[a.col] = a.value;
      const updates = { ...s.updates };
      if (row.every((v, i) => v === original[i])) delete updates[a.ref.index];
      else updates[a.ref.index] = row;
      return { ...s, updates };
    }
    case 'delete': {
      const deleted = { ...s.deleted };
      const drop = new Set<number>();
      for (const r of a.refs) {
        if (r.kind === 'row') deleted[r.index] = true;
        else drop.add(r.index);
      }
      return { ...s, deleted, inserts: s.inserts.filter((_, i) => !drop.has(i)) };
    }
    case 'revert': {
      const deleted = { ...s.deleted };
      const updates = { ...s.updates };
      const drop = new Set<number>();
      for (const r of a.refs) {
        if (r.kind === 'row') {
          delete deleted[r.index];
          delete updates[r.index];
        } else drop.add(r.index);
      }
      return { updates, deleted, inserts: s.inserts.filter((_, i) => !drop.has(i)) };
    }
  }
}

export function pendingCount(s: EditState): number {
  return Object.keys(s.deleted).length + Object.keys(s.updates).filter((k) => !s.deleted[Number(k)]).length + s.inserts.length;
}

/** Deletes first, then updates, then inserts: a re-inserted key never collides with the row it replaces. */
export function toChanges(s: EditState, rows: Cell[][]): RowChange[] {
  const out: RowChange[] = [];
  for (const k of Object.keys(s.deleted)) out.push({ kind: 'delete', original: rows[Number(k)]! });
  for (const [k, values] of Object.entries(s.updates)) if (!s.deleted[Number(k)]) out.push({ kind: 'update', original: rows[Number(k)]!, values });
  for (const values of s.inserts) out.push({ kind: 'insert', values });
  return out;
}
