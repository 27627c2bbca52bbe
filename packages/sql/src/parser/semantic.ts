/**
 * Checks an analysed statement against the bound schema: tables and columns that do not exist.
 * Conservative by design: a name is reported only when every place it could come from is known
 * (no opaque sources, no SELECT * over unknown tables, no other schema), so valid SQL stays clean.
 */
import type { SqlIdentifier } from '@askdb/contracts';
import type { ColumnRef, Scope, Source, StatementAnalysis, SyntaxIssue } from './model.js';
import { Resolver, type ResolvedSource } from './resolve.js';

/** Names every engine resolves without a table (pseudo-columns, trigger rows, variables). */
const PSEUDO = new Set([
  'rowid', 'oid', 'ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'rownum', 'level', '_rowid_', 'user', 'sysdate',
  'current_user', 'session_user', 'excluded', 'new', 'old', 'inserted', 'deleted', 'true', 'false', 'null', 'default',
  'connect_by_root', 'connect_by_isleaf', 'rownumber', '_file', '_part', '_partition_id',
]);
const SPECIAL_QUALIFIERS = new Set(['new', 'old', 'excluded', 'inserted', 'deleted', 'this', 'self']);

export interface CheckResult {
  issues: SyntaxIssue[];
  identifiers: SqlIdentifier[];
}

export function checkStatement(a: StatementAnalysis, resolver: Resolver): CheckResult {
  const issues: SyntaxIssue[] = [];
  const ids = new IdentifierList();
  const scopeOf = new Map<Source, Scope>();
  for (const s of a.scopes) for (const src of s.sources) scopeOf.set(src, s);

  for (const scope of a.scopes) {
    for (const c of scope.ctes) ids.add({ name: c.name, type: 'cte' });
    for (const src of scope.sources) {
      const r = resolver.resolve(src, scope);
      if (src.kind === 'table') {
        const name = src.path.parts[src.path.parts.length - 1]!;
        if (src.path.parts.length > 1) ids.add({ name: src.path.parts[src.path.parts.length - 2]!, type: src.path.parts.length > 2 || resolver.ctx.def !== 'mysql' ? 'schema' : 'database' });
        ids.add({ name: r.relation?.name ?? name, type: r.cte ? 'cte' : r.relation?.kind ?? 'table', ...(src.alias ? { alias: src.alias } : {}) });
        if (r.missing && !aliasOfSameScope(scope, src, name)) {
          const k = src.path.parts.length - 1;
          issues.push({ code: 'unknownTable', params: { name }, start: src.path.starts[k]!, end: src.path.ends[k]! });
        }
      }
      if (src.alias) ids.add({ name: src.alias, type: 'alias', ...(r.relation ? { table: r.relation.name } : src.kind === 'table' ? { table: src.path.parts[src.path.parts.length - 1]! } : {}) });
    }
  }
  // Tables named by DDL (ALTER TABLE, TRUNCATE, CREATE INDEX … ON) that are not in any scope.
  for (const t of a.tables) {
    if (scopeOf.has(t)) continue;
    const name = t.path.parts[t.path.parts.length - 1]!;
    const r = resolver.resolve(t, a.root);
    ids.add({ name: r.relation?.name ?? name, type: r.relation?.kind ?? 'table' });
    if (r.missing && a.kind === 'TRUNCATE') {
      const k = t.path.parts.length - 1;
      issues.push({ code: 'unknownTable', params: { name }, start: t.path.starts[k]!, end: t.path.ends[k]! });
    }
  }
  for (const f of a.functions) ids.add({ name: f.name, type: 'function' });
  for (const col of a.columns) checkColumn(col, resolver, issues, ids);
  return { issues, identifiers: ids.list };
}

/** `UPDATE o SET … FROM orders o` and `DELETE t FROM orders t`: the target is an alias of a FROM item. */
function aliasOfSameScope(scope: Scope, src: Source, name: string): boolean {
  if (src.kind !== 'table' || src.role !== 'target' || src.path.parts.length > 1) return false;
  const l = name.toLowerCase();
  return scope.sources.some((s) => s !== src && s.alias?.toLowerCase() === l);
}

function checkColumn(col: ColumnRef, resolver: Resolver, issues: SyntaxIssue[], ids: IdentifierList): void {
  const parts = col.path.parts;
  const name = parts[parts.length - 1]!;
  const last = parts.length - 1;
  const at = { start: col.path.starts[last]!, end: col.path.ends[last]! };
  const def = resolver.ctx.def;

  if (col.target) {
    const r = resolver.resolve(col.target, col.scope);
    if (r.columns && r.relation && !resolver.ctx.index?.column(r.relation, name)) {
      issues.push({ code: 'unknownColumnIn', params: { name, table: r.relation.name }, ...at });
    }
    ids.add({ name, type: 'column', ...(r.relation ? { table: r.relation.name } : {}) });
    return;
  }
  if (parts.length === 1) {
    if (PSEUDO.has(name.toLowerCase())) return;
    let anySource = false;
    let unknown = false;
    for (const { source, scope } of resolver.visibleSources(col.scope)) {
      anySource = true;
      const r = resolver.resolve(source, scope);
      if (!r.columns) {
        unknown = true;
        continue;
      }
      if (hasColumn(r, name, resolver)) {
        ids.add({ name, type: 'column', ...(tableName(r) ? { table: tableName(r)! } : {}) });
        return;
      }
    }
    ids.add({ name, type: 'column' });
    if (unknown || !anySource) return;
    if ((col.mayBeAlias || def === 'sqlite') && isSelectAlias(col.scope, name)) return;
    if (def === 'sqlite' && col.path.quoted[0]) return; // SQLite reads an unknown "x" as a string
    issues.push({ code: 'unknownColumn', params: { name }, ...at });
    return;
  }
  // Qualified: q.col or schema.q.col
  const qualifier = parts.slice(0, -1);
  const qLast = qualifier[qualifier.length - 1]!.toLowerCase();
  if (SPECIAL_QUALIFIERS.has(qLast)) return;
  for (const { source, scope } of resolver.visibleSources(col.scope)) {
    if (!resolver.matchesQualifier(source, scope, qualifier)) continue;
    const r = resolver.resolve(source, scope);
    ids.add({ name, type: 'column', ...(tableName(r) ? { table: tableName(r)! } : {}) });
    if (r.columns && !hasColumn(r, name, resolver) && !PSEUDO.has(name.toLowerCase())) {
      issues.push({ code: 'unknownColumnIn', params: { name, table: r.qualifier ?? tableName(r) ?? '' }, ...at });
    }
    return;
  }
  ids.add({ name, type: 'column' });
  // No source answers to the qualifier. Struct fields (DuckDB, ClickHouse) look the same: not reported there.
  if (def === 'duckdb' || def === 'clickhouse' || parts.length > 2) return;
  let anyUnknown = false;
  for (const { source, scope } of resolver.visibleSources(col.scope)) {
    const r = resolver.resolve(source, scope);
    if (source.kind !== 'table' || !r.columns) anyUnknown = true;
    else if (hasColumn(r, qualifier[0]!, resolver)) anyUnknown = true; // a column of a composite/record type
  }
  if (anyUnknown) return;
  issues.push({ code: 'unknownQualifier', params: { name: qualifier[0]! }, start: col.path.starts[0]!, end: col.path.ends[0]! });
}

function hasColumn(r: ResolvedSource, name: string, resolver: Resolver): boolean {
  if (r.relation) return !!resolver.ctx.index?.column(r.relation, name);
  const l = name.toLowerCase();
  return !!r.columns?.some((c) => c.toLowerCase() === l);
}

function tableName(r: ResolvedSource): string | undefined {
  if (r.relation) return r.relation.name;
  if (r.cte) return r.cte.name;
  return r.qualifier;
}

function isSelectAlias(scope: Scope, name: string): boolean {
  const l = name.toLowerCase();
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.items.some((i) => i.name?.toLowerCase() === l)) return true;
  return false;
}

class IdentifierList {
  readonly list: SqlIdentifier[] = [];
  private readonly seen = new Set<string>();
  add(id: SqlIdentifier): void {
    const key = `${id.type}\u0000${id.name.toLowerCase()}\u0000${id.table ?? ''}\u0000${id.alias ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(id);
  }
}
