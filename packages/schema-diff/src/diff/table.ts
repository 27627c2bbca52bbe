/** One kept table: what it should become, and the operations that get it there, by phase. */
import { engineTraits } from '../engine.js';
import type { EngineFamily, ForeignKeyModel, TableModel } from '../model.js';
import type { Operation } from '../operations.js';
import { columnChanges, pairUp, sameCheck, sameForeignKey, sameIndex, sameList, samePrimaryKey, sameUnique } from './compare.js';

export interface TablePlan {
  current: TableModel;
  /** Current column name → desired column name. */
  renames: Map<string, string>;
  currentName: string;
  desiredName: string;
  /** Phase "drop constraints": indexes, checks, uniques, primary key (named as before renames). */
  drops: Operation[];
  /** Foreign keys of this table to drop first (as they are now). */
  dropForeignKeys: ForeignKeyModel[];
  /** Phase "columns": renames, drops, adds, alters, table comment (named as after renames). */
  columns: Operation[];
  /** Phase "add constraints": primary key, uniques, checks, indexes. */
  adds: Operation[];
  /** Foreign keys to add once every table is in shape. */
  addForeignKeys: ForeignKeyModel[];
  /** Desired names of columns whose type changes. */
  typeChanged: Set<string>;
  /** Foreign keys kept as they are (desired form): candidates for a drop/re-add when what they point at changes. */
  keptForeignKeys: ForeignKeyModel[];
}

/** Rename columns of `t` per `renames` (old → new), in the columns and in every constraint. */
export function renameColumns(t: TableModel, renames: Map<string, string>): TableModel {
  if (!renames.size) return t;
  const r = (c: string) => renames.get(c) ?? c;
  return {
    ...t,
    columns: t.columns.map((c) => ({ ...c, name: r(c.name) })),
    primaryKey: t.primaryKey && { ...t.primaryKey, columns: t.primaryKey.columns.map(r) },
    uniques: t.uniques.map((u) => ({ ...u, columns: u.columns.map(r) })),
    foreignKeys: t.foreignKeys.map((f) => ({ ...f, columns: f.columns.map(r) })),
    indexes: t.indexes.map((ix) => ({ ...ix, columns: ix.columns.map((c) => ({ ...c, name: c.name && r(c.name) })) })),
  };
}

/**
 * What the target table becomes: the source table, plus (with noDrops) whatever the target has
 * that the source does not, as long as it only uses columns that stay.
 */
export function desiredTable(engine: EngineFamily, current: TableModel, source: TableModel, noDrops: boolean): TableModel {
  if (!noDrops) return source;
  const traits = engineTraits(engine);
  const names = new Set(source.columns.map((c) => c.name));
  const columns = [...source.columns, ...current.columns.filter((c) => !names.has(c.name))];
  const have = new Set(columns.map((c) => c.name));
  const fits = (cols: (string | null)[]) => cols.every((c) => c === null || have.has(c));
  const keep = <T extends { name: string | null }>(from: T[], to: T[], same: (a: T, b: T) => boolean, useNames: boolean, cols: (x: T) => (string | null)[]) =>
    [...to, ...pairUp(from, to, same, useNames).onlyFrom.filter((x) => fits(cols(x)) && !to.some((y) => x.name && y.name === x.name))];
  return {
    ...source,
    columns,
    primaryKey: source.primaryKey ?? current.primaryKey,
    uniques: keep(current.uniques, source.uniques, sameUnique, traits.namedUnique, (u) => u.columns),
    checks: keep(current.checks, source.checks, sameCheck, traits.namedCheck, () => []),
    foreignKeys: keep(current.foreignKeys, source.foreignKeys, sameForeignKey, traits.namedForeignKey, (f) => f.columns),
    indexes: keep(current.indexes, source.indexes, sameIndex, true, (ix) => ix.columns.map((c) => c.name)),
  };
}

/** Where a foreign key of the current schema points once renames are done. */
export type RefRenamer = (refTable: string, refColumns: string[]) => { refTable: string; refColumns: string[] };

/** Operations turning `current` into `desired`; `renames` maps current column names to desired ones. */
export function planTable(
  engine: EngineFamily, current: TableModel, desired: TableModel, renames: Map<string, string>, refRenames?: RefRenamer,
): TablePlan {
  const traits = engineTraits(engine);
  const renamed = renameColumns(current, renames);
  const cur = refRenames
    ? { ...renamed, foreignKeys: renamed.foreignKeys.map((f) => (f.refSchema ? f : { ...f, ...refRenames(f.refTable, f.refColumns) })) }
    : renamed;
  const table = desired.name;
  const plan: TablePlan = {
    current, renames, currentName: current.name, desiredName: table, drops: [], dropForeignKeys: [], columns: [], adds: [], addForeignKeys: [],
    typeChanged: new Set(), keptForeignKeys: [],
  };
  const at = current.name;

  for (const [from, to] of renames) plan.columns.push({ kind: 'renameColumn', table, from, to });
  const wanted = new Set(desired.columns.map((c) => c.name));
  for (const c of cur.columns) if (!wanted.has(c.name)) plan.columns.push({ kind: 'dropColumn', table, column: c });
  for (const c of desired.columns) {
    const before = cur.columns.find((x) => x.name === c.name);
    if (!before) {
      plan.columns.push({ kind: 'addColumn', table, column: c });
      continue;
    }
    const changes = columnChanges(before, c);
    if (changes.length) plan.columns.push({ kind: 'alterColumn', table, from: before, to: c, changes });
    if (changes.includes('type')) plan.typeChanged.add(c.name);
  }
  if ((cur.comment ?? '') !== (desired.comment ?? '')) plan.columns.push({ kind: 'setTableComment', table, comment: desired.comment, previous: cur.comment });
  if (desired.options && JSON.stringify(cur.options ?? null) !== JSON.stringify(desired.options)) plan.columns.push({ kind: 'setTableOptions', table, options: desired.options });

  if (!samePrimaryKey(engine, cur.primaryKey, desired.primaryKey)) {
    if (cur.primaryKey) plan.drops.push({ kind: 'dropPrimaryKey', table: at, primaryKey: cur.primaryKey });
    if (desired.primaryKey) plan.adds.push({ kind: 'addPrimaryKey', table, primaryKey: desired.primaryKey });
  }
  const u = pairUp(cur.uniques, desired.uniques, sameUnique, traits.namedUnique);
  for (const [a, b] of u.pairs) if (!sameUnique(a, b)) { u.onlyFrom.push(a); u.onlyTo.push(b); }
  for (const x of u.onlyFrom) plan.drops.push({ kind: 'dropUnique', table: at, unique: x });
  for (const x of u.onlyTo) plan.adds.push({ kind: 'addUnique', table, unique: x });

  const ck = pairUp(cur.checks, desired.checks, sameCheck, traits.namedCheck);
  for (const [a, b] of ck.pairs) if (!sameCheck(a, b)) { ck.onlyFrom.push(a); ck.onlyTo.push(b); }
  for (const x of ck.onlyFrom) plan.drops.push({ kind: 'dropCheck', table: at, check: x });
  for (const x of ck.onlyTo) plan.adds.push({ kind: 'addCheck', table, check: x });

  const ix = pairUp(cur.indexes, desired.indexes, sameIndex, true);
  for (const [a, b] of ix.pairs) if (!sameIndex(a, b)) { ix.onlyFrom.push(a); ix.onlyTo.push(b); }
  for (const x of ix.onlyFrom) plan.drops.unshift({ kind: 'dropIndex', table: at, index: x });
  for (const x of ix.onlyTo) plan.adds.push({ kind: 'addIndex', table, index: x });

  const fk = pairUp(cur.foreignKeys, desired.foreignKeys, sameForeignKey, traits.namedForeignKey);
  for (const [a, b] of fk.pairs) {
    if (sameForeignKey(a, b)) plan.keptForeignKeys.push(b);
    else { fk.onlyFrom.push(a); fk.onlyTo.push(b); }
  }
  plan.dropForeignKeys.push(...fk.onlyFrom.map((f) => originalForeignKey(current, f, renames)));
  plan.addForeignKeys.push(...fk.onlyTo);
  return plan;
}

/** A foreign key of the renamed view of a table, named by its columns as they are before renames. */
export function originalForeignKey(current: TableModel, fk: ForeignKeyModel, renames: Map<string, string>): ForeignKeyModel {
  const byName = fk.name ? current.foreignKeys.find((f) => f.name === fk.name) : undefined;
  if (byName) return byName;
  const back = new Map([...renames].map(([a, b]) => [b, a]));
  const columns = fk.columns.map((c) => back.get(c) ?? c);
  return current.foreignKeys.find((f) => sameList(f.columns, columns)) ?? { ...fk, columns };
}
