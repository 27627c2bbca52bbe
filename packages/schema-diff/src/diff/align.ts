/**
 * Before comparing: make names comparable (case-insensitive matching adopts the target's
 * spelling) and, when asked, detect renamed tables and columns.
 */
import type { ColumnModel, SchemaModel, TableModel } from '../model.js';

/** Rewrite source names to the target's spelling wherever they match ignoring case. */
export function alignCase(source: SchemaModel, target: SchemaModel): SchemaModel {
  const tableNames = spellings(target.tables.map((t) => t.name));
  const tableOf = (name: string) => tableNames.get(name.toLowerCase()) ?? name;
  const columnsByTable = new Map(target.tables.map((t) => [t.name, spellings(t.columns.map((c) => c.name))]));
  const columnOf = (table: string, name: string) => columnsByTable.get(table)?.get(name.toLowerCase()) ?? name;
  const tables = source.tables.map((t): TableModel => {
    const name = tableOf(t.name);
    const col = (c: string) => columnOf(name, c);
    return {
      ...t,
      name,
      columns: t.columns.map((c) => ({ ...c, name: col(c.name) })),
      primaryKey: t.primaryKey && { ...t.primaryKey, columns: t.primaryKey.columns.map(col) },
      uniques: t.uniques.map((u) => ({ ...u, columns: u.columns.map(col) })),
      foreignKeys: t.foreignKeys.map((f) => {
        const ref = f.refSchema ? f.refTable : tableOf(f.refTable);
        return { ...f, columns: f.columns.map(col), refTable: ref, refColumns: f.refColumns.map((c) => columnOf(ref, c)) };
      }),
      indexes: t.indexes.map((ix) => ({ ...ix, columns: ix.columns.map((c) => ({ ...c, name: c.name && col(c.name) })) })),
    };
  });
  const viewNames = spellings(target.views.map((v) => v.name));
  const sequenceNames = spellings(target.sequences.map((s) => s.name));
  return {
    ...source,
    tables,
    views: source.views.map((v) => ({ ...v, name: viewNames.get(v.name.toLowerCase()) ?? v.name })),
    sequences: source.sequences.map((s) => ({ ...s, name: sequenceNames.get(s.name.toLowerCase()) ?? s.name })),
  };
}

function spellings(names: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const n of names) if (!m.has(n.toLowerCase())) m.set(n.toLowerCase(), n);
  return m;
}

const columnShape = (c: ColumnModel) => `${c.type}|${c.nullable}|${c.identity ?? ''}`;

/**
 * Tables only in the target that look like a table only in the source (same column names and
 * types, in order) are renames: returns target name → source name.
 */
export function detectTableRenames(onlySource: TableModel[], onlyTarget: TableModel[]): Map<string, string> {
  const renames = new Map<string, string>();
  const shape = (t: TableModel) => t.columns.map((c) => `${c.name}:${columnShape(c)}`).join(',');
  const free = [...onlyTarget];
  for (const s of onlySource) {
    const candidates = free.filter((t) => shape(t) === shape(s));
    if (candidates.length !== 1) continue;
    renames.set(candidates[0]!.name, s.name);
    free.splice(free.indexOf(candidates[0]!), 1);
  }
  return renames;
}

/**
 * Columns dropped from `from` and added in `to` with the same definition and the same position
 * among the changed columns are renames: returns old name → new name.
 */
export function detectColumnRenames(from: TableModel, to: TableModel): Map<string, string> {
  const toNames = new Set(to.columns.map((c) => c.name));
  const fromNames = new Set(from.columns.map((c) => c.name));
  const dropped = from.columns.filter((c) => !toNames.has(c.name));
  const added = to.columns.filter((c) => !fromNames.has(c.name));
  const renames = new Map<string, string>();
  const used = new Set<string>();
  for (const d of dropped) {
    const same = added.filter((a) => !used.has(a.name) && columnShape(a) === columnShape(d));
    const pick = same.length === 1 ? same[0] : same.find((a) => to.columns.indexOf(a) === from.columns.indexOf(d));
    if (!pick) continue;
    renames.set(d.name, pick.name);
    used.add(pick.name);
  }
  return renames;
}
