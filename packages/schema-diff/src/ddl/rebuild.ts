/**
 * For engines whose ALTER TABLE cannot do everything (SQLite, DuckDB): decide which tables are
 * rebuilt (create the desired table, copy the rows, swap), and where in the script that happens.
 * New tables are built in the same place, parents first, with their foreign keys inline (these
 * engines cannot add a foreign key to an existing table).
 */
import type { TableModel } from '../model.js';
import { operationTable, type Operation, type SchemaDiff } from '../operations.js';

export interface BuildTable {
  desired: TableModel;
  /** Present when the table exists and is rebuilt: its rows are copied over. */
  current?: TableModel;
  /** Desired column name → current column name, for the columns whose rows are kept. */
  copy: [string, string][];
}

export type Step =
  | { kind: 'op'; op: Operation }
  /** Before anything is dropped: set the rows of rebuilt tables aside and drop them, dependents first. */
  | { kind: 'stash'; tables: BuildTable[] }
  /** After sequences, where new tables would be created: create (and refill) tables, parents first. */
  | { kind: 'build'; tables: BuildTable[] };

export interface RebuildRules {
  /** Whether the engine's ALTER can run this operation on the table as it is. */
  canAlter(op: Operation, current: TableModel, desired: TableModel): boolean;
  /** Tables that reference a rebuilt table are rebuilt too (DuckDB cannot drop a referenced table). */
  rebuildReferencing: boolean;
  /** Whether ALTER TABLE … RENAME works on the table as it is; otherwise the table is rebuilt under its new name. */
  canRename?(current: TableModel, all: TableModel[]): boolean;
}

const EARLY = new Set<Operation['kind']>(['dropIndex', 'dropCheck', 'dropUnique', 'dropPrimaryKey', 'dropTable', 'renameTable', 'createSequence', 'alterSequence']);
const LATE_START = new Set<Operation['kind']>([
  'createTable', 'renameColumn', 'dropColumn', 'addColumn', 'alterColumn', 'setTableComment', 'addPrimaryKey', 'addUnique',
  'addCheck', 'addIndex', 'addForeignKey', 'createView', 'dropSequence',
]);

export function planSteps(diff: SchemaDiff, rules: RebuildRules): Step[] {
  const renamed = new Map<string, string>();
  for (const op of diff.operations) if (op.kind === 'renameTable') renamed.set(op.from, op.to);
  const desiredOf = (name: string) => diff.desired.tables.find((t) => t.name === name);
  const currentByDesired = new Map<string, TableModel>();
  for (const t of diff.current.tables) {
    const d = desiredOf(renamed.get(t.name) ?? t.name);
    if (d) currentByDesired.set(d.name, t);
  }
  const created = new Set(diff.operations.flatMap((op) => (op.kind === 'createTable' ? [op.table.name] : [])));
  const dropped = new Set(diff.operations.flatMap((op) => (op.kind === 'dropTable' ? [op.table.name] : [])));
  const tableOf = (op: Operation): string | null => {
    const t = operationTable(op);
    if (!t || op.kind === 'createTable' || op.kind === 'dropTable' || op.kind === 'renameTable') return null;
    return op.kind.startsWith('drop') && op.kind !== 'dropColumn' ? renamed.get(t) ?? t : t;
  };

  const rebuild = new Set<string>();
  for (const op of diff.operations) {
    const t = tableOf(op);
    if (!t || created.has(t) || dropped.has(t)) continue;
    const current = currentByDesired.get(t);
    const desired = desiredOf(t);
    if (current && desired && !rules.canAlter(op, current, desired)) rebuild.add(t);
  }
  for (const op of diff.operations) {
    if (op.kind !== 'renameTable' || !rules.canRename) continue;
    const current = currentByDesired.get(op.to);
    if (current && !rules.canRename(current, diff.current.tables)) rebuild.add(op.to);
  }
  if (rules.rebuildReferencing) {
    let grew = true;
    while (grew) {
      grew = false;
      for (const [name, cur] of currentByDesired) {
        if (rebuild.has(name)) continue;
        if (cur.foreignKeys.some((f) => !f.refSchema && rebuild.has(renamed.get(f.refTable) ?? f.refTable))) {
          rebuild.add(name);
          grew = true;
        }
      }
    }
  }

  const builds: BuildTable[] = [];
  for (const name of rebuild) {
    const current = currentByDesired.get(name)!;
    const desired = desiredOf(name)!;
    builds.push({ desired, current, copy: copyColumns(diff, current, desired) });
  }
  for (const op of diff.operations) {
    if (op.kind !== 'createTable') continue;
    const fks = diff.operations.flatMap((o) => (o.kind === 'addForeignKey' && o.table === op.table.name ? [o.foreignKey] : []));
    builds.push({ desired: { ...op.table, foreignKeys: fks }, copy: [] });
  }
  const ordered = parentsFirst(builds);

  const steps: Step[] = [];
  let stashed = false;
  let built = false;
  const stash = () => {
    // Dropped while the current foreign keys still hold: children (as they are now) first.
    const now = parentsFirst(builds.filter((b) => b.current).map((b) => ({ ...b, desired: { ...b.current!, name: b.desired.name } })));
    if (!stashed && rebuild.size) steps.push({ kind: 'stash', tables: now.reverse().map((n) => builds.find((b) => b.desired.name === n.desired.name)!) });
    stashed = true;
  };
  for (const op of diff.operations) {
    if (EARLY.has(op.kind)) stash();
    if (LATE_START.has(op.kind)) {
      stash();
      if (!built && ordered.length) steps.push({ kind: 'build', tables: ordered });
      built = true;
    }
    const t = tableOf(op);
    if (op.kind === 'createTable' || (t && (rebuild.has(t) || created.has(t)))) continue;
    if (op.kind === 'renameTable' && rebuild.has(op.to)) continue; // the rebuild creates it under the new name
    // A foreign key of a table that is dropped goes with the table.
    if (op.kind === 'dropForeignKey' && dropped.has(op.table)) continue;
    steps.push({ kind: 'op', op });
  }
  stash();
  if (!built && ordered.length) steps.push({ kind: 'build', tables: ordered });
  return orderDrops(steps);
}

/** The tables a plan rebuilds (creates anew over existing rows), by their desired names. */
export function rebuiltBy(steps: Step[]): Set<string> {
  return new Set(steps.flatMap((s) => (s.kind === 'build' ? s.tables.filter((b) => b.current).map((b) => b.desired.name) : [])));
}

/** Columns whose rows survive: same name (after column renames) in both tables. */
function copyColumns(diff: SchemaDiff, current: TableModel, desired: TableModel): [string, string][] {
  const renames = new Map<string, string>();
  for (const op of diff.operations) if (op.kind === 'renameColumn' && op.table === desired.name) renames.set(op.to, op.from);
  const have = new Set(current.columns.map((c) => c.name));
  return desired.columns.flatMap((c): [string, string][] => {
    const from = renames.get(c.name) ?? c.name;
    return have.has(from) ? [[c.name, from]] : [];
  });
}

/** Tables ordered so that each comes after the tables its foreign keys point at (cycles keep their order). */
function parentsFirst(tables: BuildTable[]): BuildTable[] {
  const byName = new Map(tables.map((b) => [b.desired.name, b]));
  const out: BuildTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (b: BuildTable) => {
    if (state.get(b.desired.name)) return;
    state.set(b.desired.name, 'visiting');
    for (const f of b.desired.foreignKeys) {
      const parent = !f.refSchema && f.refTable !== b.desired.name ? byName.get(f.refTable) : undefined;
      if (parent) visit(parent);
    }
    state.set(b.desired.name, 'done');
    out.push(b);
  };
  for (const b of tables) visit(b);
  return out;
}

/** DROP TABLE of several tables: the ones that reference others first. */
function orderDrops(steps: Step[]): Step[] {
  const drops = steps.filter((s) => s.kind === 'op' && s.op.kind === 'dropTable');
  if (drops.length < 2) return steps;
  const tables = drops.map((s) => (s.kind === 'op' && s.op.kind === 'dropTable' ? s.op.table : null)!);
  const order = parentsFirst(tables.map((t) => ({ desired: t, copy: [] }))).reverse().map((b) => b.desired.name);
  const sorted = [...drops].sort((a, b) => order.indexOf(nameOf(a)) - order.indexOf(nameOf(b)));
  let i = 0;
  return steps.map((s) => (s.kind === 'op' && s.op.kind === 'dropTable' ? sorted[i++]! : s));
}

function nameOf(s: Step): string {
  return s.kind === 'op' && s.op.kind === 'dropTable' ? s.op.table.name : '';
}
