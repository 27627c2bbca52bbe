/**
 * Schema diff: the typed operations that make `target` structurally equal to `source`, ordered so
 * that a script runs top to bottom:
 *   drop views → drop foreign keys → drop indexes/constraints → drop tables → rename tables →
 *   create/alter sequences → create tables → column changes → add constraints/indexes →
 *   add foreign keys → create views → drop sequences.
 */
import type { SchemaModel, TableModel, ViewModel } from './model.js';
import type { Operation, SchemaDiff } from './operations.js';
import { alignCase, detectColumnRenames, detectTableRenames } from './diff/align.js';
import { sameForeignKey, sameSequence, sameView } from './diff/compare.js';
import { desiredTable, originalForeignKey, planTable, type RefRenamer, type TablePlan } from './diff/table.js';
import { creationOrder, dependentViews } from './diff/views.js';

export interface DiffOptions {
  /** Never drop tables, columns, views, sequences or constraints that only the target has. */
  noDrops?: boolean;
  /** Compare and sync views (default true). Views that depend on changed tables are always re-created. */
  includeViews?: boolean;
  /** Names match only with the same case (default true). */
  caseSensitive?: boolean;
  /** Treat a dropped + added table or column with the same definition as a rename (default false). */
  detectRenames?: boolean;
  /** Renames the caller knows (the table editor): target table name → source name, and per source table, old column → new. */
  renames?: { tables?: Record<string, string>; columns?: Record<string, Record<string, string>> };
}

export function diffSchemas(sourceModel: SchemaModel, target: SchemaModel, options: DiffOptions = {}): SchemaDiff {
  const noDrops = !!options.noDrops;
  const includeViews = options.includeViews !== false;
  const source = options.caseSensitive === false ? alignCase(sourceModel, target) : sourceModel;
  const engine = target.engine;
  const byName = <T extends { name: string }>(list: T[]) => new Map(list.map((x) => [x.name, x]));
  const targetTables = byName(target.tables);
  const sourceTables = byName(source.tables);

  let onlySource = source.tables.filter((t) => !targetTables.has(t.name));
  let onlyTarget = target.tables.filter((t) => !sourceTables.has(t.name));
  const tableRenames = options.detectRenames ? detectTableRenames(onlySource, onlyTarget) : new Map<string, string>();
  for (const [from, to] of Object.entries(options.renames?.tables ?? {})) {
    if (targetTables.has(from) && sourceTables.has(to)) tableRenames.set(from, to);
  }
  onlySource = onlySource.filter((t) => ![...tableRenames.values()].includes(t.name));
  onlyTarget = onlyTarget.filter((t) => !tableRenames.has(t.name));

  // Kept tables: same name, or renamed.
  const pairs: [TableModel, TableModel][] = [];
  for (const t of target.tables) {
    const s = sourceTables.get(tableRenames.get(t.name) ?? t.name);
    if (s) pairs.push([t, s]);
  }
  const columnRenames = new Map<string, Map<string, string>>();
  for (const [cur, src] of pairs) {
    const known = Object.entries(options.renames?.columns?.[src.name] ?? {}).filter(([from, to]) =>
      cur.columns.some((c) => c.name === from) && src.columns.some((c) => c.name === to));
    columnRenames.set(cur.name, known.length ? new Map(known) : options.detectRenames ? detectColumnRenames(cur, src) : new Map<string, string>());
  }
  // Foreign keys follow renamed tables and columns they point at: compare them under the new names.
  const followRenames: RefRenamer = (refTable, refColumns) => ({
    refTable: tableRenames.get(refTable) ?? refTable,
    refColumns: refColumns.map((c) => columnRenames.get(refTable)?.get(c) ?? c),
  });
  const plans: TablePlan[] = [];
  const desiredTables: TableModel[] = [];
  for (const [cur, src] of pairs) {
    const desired = desiredTable(engine, cur, src, noDrops);
    plans.push(planTable(engine, cur, desired, columnRenames.get(cur.name)!, followRenames));
    desiredTables.push(desired);
  }
  const dropped = noDrops ? [] : onlyTarget;
  const kept = noDrops ? onlyTarget : [];

  const desired: SchemaModel = {
    ...target,
    tables: [...desiredTables, ...onlySource, ...kept],
    views: includeViews ? [...source.views, ...(noDrops ? target.views.filter((v) => !source.views.some((s) => s.name === v.name)) : [])] : target.views,
    sequences: [...source.sequences, ...(noDrops ? target.sequences.filter((v) => !source.sequences.some((s) => s.name === v.name)) : [])],
  };

  refreshForeignKeys(plans);

  // Views: changed or removed ones, and every view over a table that changes shape.
  const touched = new Set<string>([...dropped.map((t) => t.name), ...plans.filter(changesShape).flatMap((p) => [p.currentName, p.desiredName])]);
  const desiredViews = byName(desired.views);
  const viewDrops = new Map<string, ViewModel>();
  for (const v of target.views) {
    const want = desiredViews.get(v.name);
    if (!want || !sameView(v, want)) viewDrops.set(v.name, v);
  }
  for (const v of dependentViews(target.views, new Set([...touched, ...viewDrops.keys()]))) viewDrops.set(v.name, v);
  const targetViewNames = new Set(target.views.map((v) => v.name));
  const viewCreates = desired.views.filter((v) => viewDrops.has(v.name) || !targetViewNames.has(v.name));

  const ops: Operation[] = [];
  for (const v of creationOrder([...viewDrops.values()]).reverse()) ops.push({ kind: 'dropView', view: v });
  for (const p of plans) for (const fk of p.dropForeignKeys) ops.push({ kind: 'dropForeignKey', table: p.currentName, foreignKey: fk });
  for (const t of dropped) for (const fk of t.foreignKeys) ops.push({ kind: 'dropForeignKey', table: t.name, foreignKey: fk });
  for (const p of plans) ops.push(...p.drops);
  for (const t of dropped) ops.push({ kind: 'dropTable', table: t });
  for (const [from, to] of tableRenames) ops.push({ kind: 'renameTable', from, to });
  const targetSequences = byName(target.sequences);
  for (const s of desired.sequences) {
    const cur = targetSequences.get(s.name);
    if (!cur) ops.push({ kind: 'createSequence', sequence: s });
    else if (!sameSequence(cur, s)) ops.push({ kind: 'alterSequence', from: cur, to: s });
  }
  for (const t of onlySource) ops.push({ kind: 'createTable', table: { ...t, foreignKeys: [] } });
  for (const p of plans) ops.push(...p.columns);
  for (const p of plans) ops.push(...p.adds);
  for (const t of onlySource) for (const fk of t.foreignKeys) ops.push({ kind: 'addForeignKey', table: t.name, foreignKey: fk });
  for (const p of plans) for (const fk of p.addForeignKeys) ops.push({ kind: 'addForeignKey', table: p.desiredName, foreignKey: fk });
  for (const v of creationOrder(viewCreates)) ops.push({ kind: 'createView', view: v });
  if (!noDrops) {
    const wanted = new Set(desired.sequences.map((s) => s.name));
    for (const s of target.sequences) if (!wanted.has(s.name)) ops.push({ kind: 'dropSequence', sequence: s });
  }
  return { operations: ops, current: target, desired };
}

/** A table whose columns or constraints change: views over it are re-created around the change. */
function changesShape(p: TablePlan): boolean {
  const onlyComments = p.columns.every((op) => op.kind === 'setTableComment' || (op.kind === 'alterColumn' && op.changes.every((c) => c === 'comment')));
  const onlyIndexes = [...p.drops, ...p.adds].every((op) => op.kind === 'dropIndex' || op.kind === 'addIndex');
  return !(onlyComments && onlyIndexes && !p.dropForeignKeys.length && !p.addForeignKeys.length) || p.currentName !== p.desiredName;
}

/**
 * Foreign keys that stay the same still have to be dropped and re-added when what they rest on
 * changes underneath: a column type on either side, the referenced key or its index, the index
 * on their own columns (MySQL), or the referenced table being dropped.
 */
function refreshForeignKeys(plans: TablePlan[]): void {
  const byDesired = new Map(plans.map((p) => [p.desiredName, p]));
  const droppedKeys = new Map<string, string[][]>();
  for (const p of plans) {
    const keys: string[][] = [];
    for (const op of p.drops) {
      if (op.kind === 'dropPrimaryKey') keys.push(op.primaryKey.columns);
      if (op.kind === 'dropUnique') keys.push(op.unique.columns);
      if (op.kind === 'dropIndex') keys.push(op.index.columns.map((c) => c.name ?? ''));
    }
    droppedKeys.set(p.desiredName, keys);
  }
  const overlaps = (a: string[], b: string[]) => a.some((x) => b.includes(x));
  for (const p of plans) {
    for (const fk of p.keptForeignKeys) {
      const ref = fk.refSchema ? undefined : byDesired.get(fk.refTable);
      const own = droppedKeys.get(p.desiredName) ?? [];
      const needs = fk.columns.some((c) => p.typeChanged.has(c))
        || (ref && fk.refColumns.some((c) => ref.typeChanged.has(c)))
        || (ref && (droppedKeys.get(ref.desiredName) ?? []).some((k) => overlaps(k, fk.refColumns)))
        || own.some((k) => k[0] !== undefined && fk.columns.includes(k[0]));
      if (!needs) continue;
      p.dropForeignKeys.push(originalForeignKey(p.current, fk, p.renames));
      if (!p.addForeignKeys.some((f) => sameForeignKey(f, fk))) p.addForeignKeys.push(fk);
    }
  }
}
