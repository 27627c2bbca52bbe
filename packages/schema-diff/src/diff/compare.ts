/** Equality of model parts, the way a user means it: spelling differences do not count. */
import { engineTraits } from '../engine.js';
import type {
  CheckModel, ColumnModel, EngineFamily, ForeignKeyModel, IndexModel, PrimaryKeyModel, SequenceModel, UniqueModel,
  ViewModel,
} from '../model.js';
import { expressionKey, tidySql } from '../normalize/expression.js';
import type { ColumnChange } from '../operations.js';

export function columnChanges(from: ColumnModel, to: ColumnModel): ColumnChange[] {
  const changes: ColumnChange[] = [];
  if (from.type !== to.type) changes.push('type');
  if (from.nullable !== to.nullable) changes.push('nullable');
  if (expressionKey(from.default) !== expressionKey(to.default)) changes.push('default');
  if (from.identity !== to.identity) changes.push('identity');
  if ((from.collation ?? '') !== (to.collation ?? '')) changes.push('collation');
  if ((from.comment ?? '') !== (to.comment ?? '')) changes.push('comment');
  if (JSON.stringify(from.generated ?? null) !== JSON.stringify(to.generated ?? null)) changes.push('generated');
  if ((from.onUpdate ?? '') !== (to.onUpdate ?? '')) changes.push('default');
  if (!!from.sparse !== !!to.sparse) changes.push('type');
  return changes;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function samePrimaryKey(engine: EngineFamily, a: PrimaryKeyModel | null, b: PrimaryKeyModel | null): boolean {
  if (!a || !b) return !a && !b;
  if (engineTraits(engine).namedPrimaryKey && a.name && b.name && a.name !== b.name) return false;
  return sameList(a.columns, b.columns) && (a.deferrable ?? '') === (b.deferrable ?? '');
}

export function sameUnique(a: UniqueModel, b: UniqueModel): boolean {
  return sameList(a.columns, b.columns) && (a.deferrable ?? '') === (b.deferrable ?? '');
}

export function sameCheck(a: CheckModel, b: CheckModel): boolean {
  return expressionKey(a.expression) === expressionKey(b.expression);
}

export function sameForeignKey(a: ForeignKeyModel, b: ForeignKeyModel): boolean {
  return sameList(a.columns, b.columns) && a.refTable === b.refTable && (a.refSchema ?? '') === (b.refSchema ?? '')
    && sameList(a.refColumns, b.refColumns) && a.onDelete === b.onDelete && a.onUpdate === b.onUpdate && (a.deferrable ?? '') === (b.deferrable ?? '');
}

export function sameIndex(a: IndexModel, b: IndexModel): boolean {
  if (a.definition && b.definition) return a.definition.replace(/\s+/g, ' ') === b.definition.replace(/\s+/g, ' ');
  return a.unique === b.unique && (a.method ?? '') === (b.method ?? '') && expressionKey(a.where) === expressionKey(b.where)
    && a.columns.length === b.columns.length
    && a.columns.every((c, i) => {
      const d = b.columns[i]!;
      return c.name === d.name && expressionKey(c.expression) === expressionKey(d.expression) && c.order === d.order && (c.length ?? null) === (d.length ?? null);
    });
}

export function sameView(a: ViewModel, b: ViewModel): boolean {
  return !!a.materialized === !!b.materialized && expressionKey(tidySql(a.definition)) === expressionKey(tidySql(b.definition));
}

export function sameSequence(a: SequenceModel, b: SequenceModel): boolean {
  return (a.dataType ?? '') === (b.dataType ?? '') && (a.start ?? '') === (b.start ?? '') && (a.increment ?? '') === (b.increment ?? '')
    && (a.minValue ?? '') === (b.minValue ?? '') && (a.maxValue ?? '') === (b.maxValue ?? '') && a.cycle === b.cycle;
}

/**
 * Pair up two lists of constraints: by name where both sides carry one (and the engine keeps
 * names), otherwise by content. Returns matched pairs and the leftovers of each side.
 */
export function pairUp<T extends { name: string | null }>(
  from: T[], to: T[], same: (a: T, b: T) => boolean, useNames: boolean,
): { pairs: [T, T][]; onlyFrom: T[]; onlyTo: T[] } {
  const pairs: [T, T][] = [];
  const restFrom = [...from];
  const restTo: T[] = [];
  for (const t of to) {
    let i = useNames && t.name ? restFrom.findIndex((f) => f.name === t.name) : -1;
    if (i < 0) i = restFrom.findIndex((f) => (!useNames || !f.name || !t.name || f.name === t.name) && same(f, t));
    if (i < 0) restTo.push(t);
    else pairs.push([restFrom.splice(i, 1)[0]!, t]);
  }
  return { pairs, onlyFrom: restFrom, onlyTo: restTo };
}
