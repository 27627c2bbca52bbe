/**
 * Completion (spec 01 §5, issue 6): suggestions for the cursor position, best first. Candidates are
 * gathered in groups ordered by what the position calls for (columns after SELECT/WHERE, tables after
 * FROM/JOIN, …); with a typed prefix, prefix matches beat word-start matches beat fuzzy matches, then
 * the group order decides.
 */
import type { CompletionItem } from '@askdb/contracts';
import type { CatalogColumn, SchemaCatalog } from '../catalog/catalog.js';
import { catalogIndex, type CatalogIndex } from '../catalog/catalog-index.js';
import { defOf } from '../parser/parse-script.js';
import { Resolver } from '../parser/resolve.js';
import { cursorContext, type CursorContext } from './context.js';
import { fuzzyScore, matchScore, wordStartScore } from './match.js';
import { allTablesGroup, columnItem, dialectFunctionItems, itemKey, keywordItem, routineItem, snippetItems, type Group, type ItemOptions } from './items.js';
import { joinClauseItems, joinConditionItems } from './joins.js';
import { afterOperandKeywords, afterTableKeywords, expressionKeywords, startKeywords } from './keyword-sets.js';

export interface CompleteInput extends ItemOptions {
  beforeSql: string;
  afterSql?: string;
  catalog?: SchemaCatalog | null;
  /** Schemas and databases of the data source (names), for `FROM |` and `schema.` completion. */
  schemas?: string[];
  databases?: string[];
  /** The catalog of another schema or database, for `other.|` (sync; undefined when not loaded). */
  otherCatalog?: (name: string) => SchemaCatalog | null | undefined;
  /** Most items returned (default 50,000: the client caches the list fetched after a delimiter and filters it). */
  limit?: number;
  /** The cursor context when already read (a server reads it off its event loop for big texts). */
  context?: CursorContext;
}

const PLACEHOLDER = 'zz_askdb_cursor';

export function complete(input: CompleteInput): CompletionItem[] {
  const { groups, prefix } = prepare(input);
  return rank(groups, prefix, input.limit ?? 50_000);
}

/**
 * The same list as `complete`, as JSON array text. Big cached lists (all tables of a 30,000-table
 * schema) are serialized once per catalog, so answering `FROM |` costs a string concatenation.
 */
export function completeJson(input: CompleteInput): string {
  return completeJsonParts(input).join('');
}

/**
 * `completeJson` in pieces whose concatenation is the JSON array. Pieces of big cached lists are the
 * same string objects from one call to the next, so a server can keep their encoded bytes.
 */
export function completeJsonParts(input: CompleteInput): string[] {
  const { groups, prefix } = prepare(input);
  const limit = input.limit ?? 50_000;
  if (prefix) return [JSON.stringify(rank(groups, prefix, limit))];
  const small = new Set<string>();
  let total = 0;
  for (const g of groups) {
    total += g.items.length;
    if (!g.json) for (const i of g.items) small.add(itemKey(i));
  }
  const big = groups.filter((g) => g.json);
  if (total > limit || big.some((g) => [...small].some((k) => g.keys!().has(k)))) return [JSON.stringify(rank(groups, prefix, limit))];
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    if (g.json) {
      if (g.items.length) parts.push(g.json());
      continue;
    }
    const fresh = g.items.filter((i) => {
      const k = itemKey(i);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (fresh.length) parts.push(JSON.stringify(fresh).slice(1, -1));
  }
  const out: string[] = ['['];
  parts.forEach((p, i) => out.push(i ? ',' : '', p));
  out.push(']');
  return out.filter(Boolean);
}

/** Most items of a paged answer: `FROM |` on 30,000 tables sends the first ones, flagged incomplete. */
export const TIP_PAGE_SIZE = 500;

export interface CompletionPage {
  items: CompletionItem[];
  /** More items match than were sent: the editor asks again as the typed prefix grows. */
  incomplete: boolean;
}

/**
 * The list of `complete`, capped: without a prefix, big table lists keep their first `size` names
 * (the small groups — keywords, schemas, functions — stay whole); with one, the best `size` matches.
 */
export function completePage(input: CompleteInput, size = TIP_PAGE_SIZE): CompletionPage {
  const { groups, prefix } = prepare(input);
  if (!prefix) {
    let incomplete = false;
    const capped = groups.map((g): Group => {
      if (!g.lower || g.items.length <= size) return g;
      incomplete = true;
      return { items: g.items.slice(0, size) };
    });
    return { items: rank(capped, '', Number.MAX_SAFE_INTEGER), incomplete };
  }
  const items = rank(groups, prefix, size + 1);
  return items.length > size ? { items: items.slice(0, size), incomplete: true } : { items, incomplete: false };
}

function prepare(input: CompleteInput): { groups: Group[]; prefix: string } {
  const ctx = input.context ?? cursorContext(input.beforeSql ?? '', input.afterSql ?? '', input.dialect);
  if (ctx.kind === 'none') return { groups: [], prefix: '' };
  const index = input.catalog ? catalogIndex(input.catalog) : undefined;
  const resolver = new Resolver({
    index,
    def: defOf(input.dialect),
    databaseName: input.databaseName ?? input.catalog?.databaseName,
    schemaName: input.schemaName ?? input.catalog?.schemaName,
  });
  const groups = gather(ctx, input, index, resolver).map((g): Group => (Array.isArray(g) ? { items: g } : g));
  return { groups, prefix: ctx.prefix };
}

function gather(ctx: CursorContext, input: CompleteInput, index: CatalogIndex | undefined, resolver: Resolver): (CompletionItem[] | Group)[] {
  const o = input;
  const kw = (list: string[]) => list.map((k) => keywordItem(k, o));
  const functions = () => [...(index?.catalog.functions ?? []).map((f) => routineItem(f, 'function', o)), ...dialectFunctionItems(o)];
  switch (ctx.kind) {
    case 'start':
      return [kw(startKeywords(o.dialect)), snippetItems(o)];
    case 'keywords':
      return [kw(ctx.follow ?? [])];
    case 'subquery':
      return [kw(['SELECT', 'WITH']), ...(ctx.clause === 'IN' ? [columnsInScope(ctx, resolver, o), functions()] : [])];
    case 'window':
      return [kw(['PARTITION BY', 'ORDER BY', 'ROWS BETWEEN', 'RANGE BETWEEN'])];
    case 'table': {
      const groups: (CompletionItem[] | Group)[] = [];
      if (ctx.afterJoin && index) groups.push(joinClauseItems(ctx, index, resolver, o));
      groups.push(cteItems(ctx));
      if (index) groups.push(allTablesGroup(index, o, ctx.prevWord === 'INTO'));
      groups.push(nameItems(input.schemas, 'schema', o), nameItems(input.databases, 'database', o));
      if (ctx.prevWord === 'FROM' || ctx.prevWord === 'JOIN') groups.push(kw(['LATERAL']));
      return groups;
    }
    case 'afterTable':
      return [kw(afterTableKeywords(ctx, o.dialect))];
    case 'on':
      return [index ? joinConditionItems(ctx, index, resolver, o) : [], columnsInScope(ctx, resolver, o), functions(), kw(expressionKeywords(ctx))];
    case 'member':
      return memberItems(ctx, input, index, resolver);
    case 'insertColumns': {
      const listed = new Set((ctx.listed ?? []).map((c) => c.toLowerCase()));
      return [targetColumns(ctx, resolver, o).filter((i) => !listed.has(i.label.toLowerCase()))];
    }
    case 'setTarget':
      return [targetColumns(ctx, resolver, o)];
    case 'procedure':
      return [(index?.catalog.procedures ?? []).map((p) => routineItem(p, 'procedure', o)), o.dialect.name === 'postgresql' ? (index?.catalog.functions ?? []).map((p) => routineItem(p, 'procedure', o)) : []];
    case 'afterOperand':
      return [kw(afterOperandKeywords(ctx, o.dialect)), aliasItems(ctx), columnsInScope(ctx, resolver, o), functions()];
    case 'expr':
    default: {
      const aliasFirst = ctx.clause === 'ORDER' || ctx.clause === 'GROUP' || ctx.clause === 'HAVING';
      const columns = columnsInScope(ctx, resolver, o);
      const groups: (CompletionItem[] | Group)[] = [aliasFirst ? aliasItems(ctx) : [], columns, functions(), kw(expressionKeywords(ctx)), qualifierItems(ctx, resolver)];
      // No table in scope yet (`SELECT |` before FROM is typed): offer tables for `table.column`.
      if (index && ctx.prefix && !columns.length) groups.push(allTablesGroup(index, o));
      return groups;
    }
  }
}

/** Columns of every source visible at the cursor, nearest query level first; shared names get their qualifier. */
function columnsInScope(ctx: CursorContext, resolver: Resolver, o: ItemOptions): CompletionItem[] {
  if (!ctx.scope) return [];
  const seen = new Map<string, number>();
  const lists: { qualifier?: string; table?: string; cols: { name: string; col?: CatalogColumn }[] }[] = [];
  for (const { source, scope } of resolver.visibleSources(ctx.scope)) {
    if (source.kind === 'table' && source.path.parts[source.path.parts.length - 1] === PLACEHOLDER) continue;
    const r = resolver.resolve(source, scope);
    const cols = r.relation ? r.relation.columns.map((c) => ({ name: c.name, col: c })) : (r.columns ?? []).map((name) => ({ name }));
    if (!cols.length) continue;
    const table = r.relation?.name ?? r.cte?.name ?? r.qualifier;
    lists.push({ qualifier: r.qualifier === PLACEHOLDER ? undefined : r.qualifier, table, cols });
    for (const c of cols) seen.set(c.name.toLowerCase(), (seen.get(c.name.toLowerCase()) ?? 0) + 1);
  }
  const out: CompletionItem[] = [];
  for (const l of lists) {
    for (const c of l.cols) {
      const shared = (seen.get(c.name.toLowerCase()) ?? 0) > 1 && lists.length > 1;
      out.push(columnItem(c.col ?? c.name, l.table, o, shared ? l.qualifier : undefined));
    }
  }
  return out;
}

function aliasItems(ctx: CursorContext): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const item of ctx.scope?.items ?? []) {
    if (!item.name || item.name === PLACEHOLDER) continue;
    out.push({ label: item.name, kind: 'column', insertText: item.name, detail: 'alias' });
  }
  return out;
}

/** Aliases and table names usable as `q.` in the statement. */
function qualifierItems(ctx: CursorContext, resolver: Resolver): CompletionItem[] {
  if (!ctx.scope) return [];
  const out: CompletionItem[] = [];
  for (const { source, scope } of resolver.visibleSources(ctx.scope)) {
    const r = resolver.resolve(source, scope);
    if (!r.qualifier || r.qualifier === PLACEHOLDER) continue;
    out.push({ label: r.qualifier, kind: r.relation?.kind ?? 'table', insertText: r.qualifier, detail: r.relation?.name ?? r.cte?.name ?? 'subquery' });
  }
  return out;
}

function cteItems(ctx: CursorContext): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (let s = ctx.scope; s; s = s.parent) for (const c of s.ctes) out.push({ label: c.name, kind: 'table', insertText: c.name, detail: 'WITH' });
  return out;
}

function nameItems(names: string[] | undefined, kind: 'schema' | 'database', o: ItemOptions): CompletionItem[] {
  return (names ?? []).map((n) => ({ label: n, kind, insertText: o.dialect.quoteIdentifier(n), detail: kind }));
}

function targetColumns(ctx: CursorContext, resolver: Resolver, o: ItemOptions): CompletionItem[] {
  if (!ctx.target) return [];
  const r = resolver.resolve(ctx.target, ctx.analysis!.root);
  if (r.relation) return r.relation.columns.map((c) => columnItem(c, r.relation!.name, o));
  return (r.columns ?? []).map((c) => columnItem(c, undefined, o));
}

/** `q.|`: the columns of source q; or the tables of schema/database q. */
function memberItems(ctx: CursorContext, input: CompleteInput, index: CatalogIndex | undefined, resolver: Resolver): (CompletionItem[] | Group)[] {
  const q = ctx.qualifier!;
  const o = input;
  const groups: (CompletionItem[] | Group)[] = [];
  const tableContext = ['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE', 'TRUNCATE'].includes(ctx.clause);
  const schemaMembers = (): (CompletionItem[] | Group)[] => {
    const name = q[q.length - 1]!.toLowerCase();
    const current = [input.schemaName, input.databaseName, input.catalog?.schemaName, input.catalog?.databaseName].some((n) => n?.toLowerCase() === name);
    if (current && index) return [allTablesGroup(index, { ...o, needFullName: false }), (index.catalog.functions ?? []).map((f) => routineItem(f, 'function', o))];
    const other = input.otherCatalog?.(q[q.length - 1]!);
    if (other) return [allTablesGroup(catalogIndex(other), { ...o, needFullName: false })];
    return [];
  };
  if (tableContext) groups.push(...schemaMembers());
  if (ctx.scope) {
    for (const { source, scope } of resolver.visibleSources(ctx.scope)) {
      if (!resolver.matchesQualifier(source, scope, q)) continue;
      const r = resolver.resolve(source, scope);
      const table = r.relation?.name ?? r.cte?.name ?? r.qualifier;
      groups.push(r.relation ? r.relation.columns.map((c) => columnItem(c, table, o)) : (r.columns ?? []).map((c) => columnItem(c, table, o)));
      return groups;
    }
  }
  const rel = q.length === 1 ? index?.relation(q[0]!) : undefined;
  if (rel) groups.push(rel.columns.map((c) => columnItem(c, rel.name, o)));
  if (!tableContext) groups.push(...schemaMembers());
  return groups;
}

const BIG_GROUP = 2000;
/** Below this many prefix and word-start matches, a big list is searched fuzzily too. */
const ENOUGH_MATCHES = 50;

/**
 * Every match of the last fully searched prefix per big list: a longer prefix (the next keystroke, when
 * the editor asks again for an incomplete list) matches a subset of them, so only those are searched.
 */
const lastSearch = new WeakMap<Group, { prefix: string; matched: number[] }>();

/** Matches in a big sorted list: prefix by binary search, word starts by substring search, fuzzy only when few. */
function bigGroupHits(g: Group, p: string, hit: (k: number, score: number) => void): void {
  const lower = g.lower!;
  const last = lastSearch.get(g);
  const pool = last && p.startsWith(last.prefix) ? last.matched : null;
  const each = (fn: (k: number) => void) => {
    if (pool) for (const k of pool) fn(k);
    else for (let k = 0; k < lower.length; k++) fn(k);
  };
  let lo = 0;
  let hi = lower.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lower[mid]! < p) lo = mid + 1;
    else hi = mid;
  }
  const matched: number[] = [];
  let k = lo;
  for (; k < lower.length && lower[k]!.startsWith(p); k++) {
    hit(k, 3000 - Math.min(lower[k]!.length - p.length, 999));
    matched.push(k);
  }
  const prefixEnd = k;
  const isPrefix = (i: number) => i >= lo && i < prefixEnd;
  const wordStart: boolean[] = [];
  each((i) => {
    if (isPrefix(i)) return;
    const s = wordStartScore(lower[i]!, p);
    if (s < 0) return;
    hit(i, s);
    matched.push(i);
    wordStart[i] = true;
  });
  if (matched.length >= ENOUGH_MATCHES) return;
  each((i) => {
    if (isPrefix(i) || wordStart[i]) return;
    const s = fuzzyScore(lower[i]!, p);
    if (s < 0) return;
    hit(i, s);
    matched.push(i);
  });
  lastSearch.set(g, { prefix: p, matched: matched.sort((a, b) => a - b) });
}

/** Orders the groups: with no prefix as given; with one, by match tier, then group, then score. */
function rank(groups: Group[], prefix: string, limit: number): CompletionItem[] {
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  if (!prefix) {
    for (const g of groups) {
      // Cached big lists hold unique items: only check them against what came before.
      const check = !g.json || seen.size > 0;
      for (const i of g.items) {
        if (check) {
          const k = itemKey(i);
          if (seen.has(k)) continue;
          if (!g.json) seen.add(k);
        }
        out.push(i);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
  const p = prefix.toLowerCase();
  const hits: { item: CompletionItem; sort: number; seq: number }[] = [];
  let seq = 0;
  const push = (item: CompletionItem, gi: number, s: number) => {
    const tier = s >= 3000 ? 0 : s >= 2000 ? 1 : 2;
    hits.push({ item, sort: tier * 1e7 + gi * 1e4 + (4000 - s), seq: seq++ });
  };
  for (let gi = 0; gi < groups.length; gi++) {
    const g = groups[gi]!;
    const items = g.items;
    if (g.lower && items.length > BIG_GROUP) {
      bigGroupHits(g, p, (k, s) => push(items[k]!, gi, s));
      continue;
    }
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      const s = matchScore(g.lower ? g.lower[k]! : item.label.toLowerCase(), p);
      if (s < 0) continue;
      const tier = s >= 3000 ? 0 : s >= 2000 ? 1 : 2;
      // tier, then group, then the score within the tier (higher first), then the given order.
      hits.push({ item, sort: tier * 1e7 + gi * 1e4 + (4000 - s), seq: seq++ });
    }
  }
  hits.sort((a, b) => a.sort - b.sort || a.seq - b.seq);
  for (const h of hits) {
    const k = itemKey(h.item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(h.item);
    if (out.length >= limit) break;
  }
  return out;
}
