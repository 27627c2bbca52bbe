/**
 * Join suggestions from foreign keys (either direction) and same-named key columns:
 * after `JOIN` a whole `customers c ON c.id = o.customer_id`, after `ON` the condition.
 */
import type { CompletionItem } from '@askdb/contracts';
import type { CatalogIndex, Relation } from '../catalog/catalog-index.js';
import type { Resolver } from '../parser/resolve.js';
import type { Source } from '../parser/model.js';
import type { CursorContext } from './context.js';
import { aliasFor, type ItemOptions } from './items.js';

const PLACEHOLDER = 'zz_askdb_cursor';

interface Joined {
  rel: Relation;
  qualifier: string;
}

function relationsInScope(ctx: CursorContext, resolver: Resolver): { list: Joined[]; sources: Source[] } {
  const list: Joined[] = [];
  const sources = ctx.scope?.sources ?? [];
  for (const s of sources) {
    if (s.kind === 'table' && s.path.parts[s.path.parts.length - 1] === PLACEHOLDER) continue;
    const r = resolver.resolve(s, ctx.scope!);
    if (r.relation) list.push({ rel: r.relation, qualifier: r.qualifier ?? r.relation.name });
  }
  return { list, sources };
}

/** `a.x = b.y [AND …]` conditions between two relations: foreign keys first, then shared `…id` columns. */
function conditions(index: CatalogIndex, a: Joined, b: Joined, o: ItemOptions): string[] {
  const q = o.dialect.quoteIdentifier;
  const ref = (j: Joined, col: string) => `${q(j.qualifier)}.${q(col)}`;
  const out: string[] = [];
  for (const fk of index.foreignKeys(a.rel.name)) {
    const from = fk.fromTable.toLowerCase();
    const to = fk.toTable.toLowerCase();
    let left: Joined | undefined;
    let right: Joined | undefined;
    if (from === a.rel.lower && to === b.rel.lower) [left, right] = [a, b];
    else if (from === b.rel.lower && to === a.rel.lower) [left, right] = [b, a];
    if (!left || !right || fk.fromColumns.length !== fk.toColumns.length || !fk.fromColumns.length) continue;
    // Written from the newly joined side: `c.id = o.customer_id`.
    const parts = fk.fromColumns.map((c, i) => (left === a ? `${ref(a, c)} = ${ref(b, fk.toColumns[i]!)}` : `${ref(a, fk.toColumns[i]!)} = ${ref(b, c)}`));
    out.push(parts.join(' AND '));
  }
  for (const c of a.rel.columns) {
    const l = c.name.toLowerCase();
    if (!l.endsWith('id') || l === 'id') continue;
    const other = index.column(b.rel, c.name);
    if (!other || (c.primaryKey && other.primaryKey)) continue;
    const cond = `${ref(a, c.name)} = ${ref(b, other.name)}`;
    if (!out.includes(cond)) out.push(cond);
  }
  return out;
}

/** After `ON`: conditions between the table just joined and the ones before it. */
export function joinConditionItems(ctx: CursorContext, index: CatalogIndex, resolver: Resolver, o: ItemOptions): CompletionItem[] {
  const { list } = relationsInScope(ctx, resolver);
  if (list.length < 2) return [];
  const joined = list[list.length - 1]!;
  const out: CompletionItem[] = [];
  for (let i = list.length - 2; i >= 0; i--) {
    for (const cond of conditions(index, joined, list[i]!, o)) out.push({ label: cond, kind: 'join clause', insertText: cond, detail: `${joined.rel.name} ↔ ${list[i]!.rel.name}` });
  }
  return out;
}

/** After `JOIN`: related tables with an alias and their ON condition. */
export function joinClauseItems(ctx: CursorContext, index: CatalogIndex, resolver: Resolver, o: ItemOptions): CompletionItem[] {
  const { list } = relationsInScope(ctx, resolver);
  if (!list.length) return [];
  const taken = new Set(list.map((j) => j.qualifier.toLowerCase()));
  const q = o.dialect.quoteIdentifier;
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (let i = list.length - 1; i >= 0; i--) {
    const existing = list[i]!;
    // The tables it references first (orders → customers), then the ones referencing it (order_items → orders).
    const links = [...index.foreignKeys(existing.rel.name)].sort((x, y) => {
      const ox = x.fromTable.toLowerCase() === existing.rel.lower ? 0 : 1;
      const oy = y.fromTable.toLowerCase() === existing.rel.lower ? 0 : 1;
      const nx = ox ? x.fromTable : x.toTable;
      const ny = oy ? y.fromTable : y.toTable;
      return ox - oy || (nx < ny ? -1 : nx > ny ? 1 : 0);
    });
    for (const fk of links) {
      const otherName = fk.fromTable.toLowerCase() === existing.rel.lower ? fk.toTable : fk.fromTable;
      const rel = index.relation(otherName);
      if (!rel) continue;
      const alias = aliasFor(rel.name, taken);
      const candidate: Joined = { rel, qualifier: alias };
      for (const cond of conditions(index, candidate, existing, o).slice(0, 1)) {
        const text = `${q(rel.name)} ${alias} ON ${cond}`;
        if (seen.has(text)) continue;
        seen.add(text);
        out.push({ label: text, kind: 'join clause', insertText: text, detail: `${rel.name} ↔ ${existing.rel.name}` });
      }
    }
  }
  return out;
}
