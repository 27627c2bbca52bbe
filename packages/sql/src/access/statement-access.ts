/**
 * Which tables and columns one statement reads and writes, and whether it changes structure — what
 * the server checks against a member's table- and column-level grants before the database sees the
 * statement (issue 13). Built on the parser's scopes and the shared name resolver, so aliases,
 * CTEs, derived tables and correlated subqueries resolve to the real tables underneath; a view
 * counts as the view's own name.
 *
 * It over-approximates, never under: with a catalog, `*` expands to the table's columns and an
 * unqualified column goes to the one source that has it; without one, an unqualified column counts
 * against every visible table whose columns are unknown, and `*` stays '*' (all columns). What the
 * analysis cannot see through (syntax errors, unknown functions, vendor commands, `USE`) is listed in
 * `unresolved`, so a caller with narrow grants can refuse it (fail closed).
 */
import type { Dialect } from '../dialect.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { catalogIndex } from '../catalog/catalog-index.js';
import { analyzeStatement, defOf } from '../parser/parse-script.js';
import { Resolver, type ResolvedSource } from '../parser/resolve.js';
import type { ColumnRef, NamePath, Scope, Source, StatementKind, TableSource } from '../parser/model.js';
import { TK } from '../tokenizer/scanner.js';
import { identValue, type Token } from '../parser/tokens.js';
import { tokensOf } from './tokens-of.js';
import { mergeAccesses, readings, sideEffects } from './access-variants.js';
import { dropTargets, functionProblems, isTransactionControl } from './statement-access-rules.js';

/** A table as the statement names it; unquoted parts folded the way the engine folds them. */
export interface AccessTable {
  database?: string;
  schema?: string;
  name: string;
}
export interface TableAccess {
  table: AccessTable;
  /** The columns touched; '*' when all of them (a `*` the catalog could not expand, DELETE, INSERT without a column list). */
  columns: string[] | '*';
}
/** The kind of access a statement needs, for the team's script policy. */
export type AccessCategory = 'NONE' | 'READ' | 'WRITE' | 'DDL' | 'OTHER';

export interface StatementAccess {
  kind: StatementKind;
  category: AccessCategory;
  reads: TableAccess[];
  writes: TableAccess[];
  /** The statement changes structure (CREATE, ALTER, DROP, TRUNCATE, RENAME, COMMENT). */
  ddl: boolean;
  /** Tables a DDL statement creates, changes or drops; null when it names objects that are not tables (a function, a schema, an index). */
  ddlTargets: AccessTable[] | null;
  /** Why the analysis cannot vouch for everything the statement touches; empty when it can. */
  unresolved: string[];
}

export interface StatementAccessOptions {
  /** The bound schema's catalog: expands `*` and places unqualified columns exactly. */
  catalog?: SchemaCatalog | null;
  databaseName?: string | null;
  schemaName?: string | null;
}

const SPECIAL_QUALIFIERS = new Set(['new', 'old', 'excluded', 'inserted', 'deleted']);
const PSEUDO = new Set(['rowid', 'oid', 'ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'rownum', 'level', 'user', 'sysdate', 'current_user', 'session_user', 'current_date', 'current_time', 'current_timestamp', 'localtime', 'localtimestamp', 'current_role', 'current_catalog', 'current_schema', 'true', 'false', 'null', 'default']);
/** Type names some engines write where a value goes (`convert(x, char)`): never a column when no table has one by that name. */
const TYPE_WORDS = new Set(['char', 'nchar', 'varchar', 'signed', 'unsigned', 'integer', 'int', 'decimal', 'numeric', 'date', 'datetime', 'time', 'timestamp', 'binary', 'json', 'double', 'float', 'real', 'text', 'bigint']);
const CATEGORY: Record<StatementKind, AccessCategory> = {
  SELECT: 'READ', INSERT: 'WRITE', UPDATE: 'WRITE', DELETE: 'WRITE', MERGE: 'WRITE',
  CREATE: 'DDL', ALTER: 'DDL', DROP: 'DDL', TRUNCATE: 'DDL', OTHER: 'OTHER',
};

/**
 * What the statement reaches, however the engine reads it: the analysis runs on the canonical text
 * (canonical.ts) and on each way MySQL may run its executable comments, merged; state-changing calls
 * (`nextval`, `setval`, …) make it a write. Doubts go to `unresolved` (fail closed).
 */
export function statementAccess(sql: string, dialect: Dialect, options: StatementAccessOptions = {}): StatementAccess {
  const { texts, problems } = readings(sql, dialect);
  const list = texts.map(({ text, lenient }) => {
    const a = withSideEffects(analyseCanonical(text, dialect, options), text, dialect);
    // Read under another server mode, the text may not even parse: only what it reaches counts.
    return lenient ? { ...a, unresolved: [] } : a;
  });
  return mergeAccesses(list, problems);
}

function withSideEffects(a: StatementAccess, text: string, dialect: Dialect): StatementAccess {
  const fx = sideEffects(text, dialect);
  if (!fx.writes) return a;
  const out = new AccessCollector(dialect);
  for (const p of fx.sequences) out.write(p, '*');
  const seqWrites = out.result([]).writes;
  const category: AccessCategory = a.category === 'DDL' ? 'DDL' : 'WRITE';
  // A sequence call whose sequence is named is vouched for: its write is checked like any other.
  const unresolved = a.unresolved.filter((u) => !(fx.sequences.length && (u === 'function:nextval' || u === 'function:setval')));
  return { ...a, category, writes: [...a.writes, ...seqWrites], unresolved: [...new Set([...unresolved, ...fx.problems])] };
}

/** One reading of the statement (see access-variants.ts for the ways a statement can be read). */
export function analyseCanonical(sql: string, dialect: Dialect, options: StatementAccessOptions = {}): StatementAccess {
  const { analysis, unterminated } = analyzeStatement(sql, dialect, 0, sql.length);
  const out = new AccessCollector(dialect);
  const result: StatementAccess = { kind: analysis.kind, category: CATEGORY[analysis.kind], reads: [], writes: [], ddl: false, ddlTargets: [], unresolved: [] };
  const tokens = firstWords(sql, dialect);
  if (!tokens.length) return { ...result, category: 'NONE' };
  if (unterminated.length || analysis.errors.length) result.unresolved.push('syntax');
  if (analysis.kind === 'OTHER') {
    if (isTransactionControl(tokens)) return { ...result, category: 'NONE', unresolved: result.unresolved };
    // RENAME / COMMENT ON change structure; the rest (CALL, DO, COPY, SET, SHOW, USE, …) is not analysed.
    const up = tokens[0]!;
    if (up === 'RENAME' || (up === 'COMMENT' && tokens[1] === 'ON')) return { ...result, category: 'DDL', ddl: true, ddlTargets: null };
    result.unresolved.push(`statement:${up}`);
  }
  const def = defOf(dialect);
  const resolver = new Resolver({ index: options.catalog ? catalogIndex(options.catalog) : undefined, def, databaseName: options.databaseName, schemaName: options.schemaName });
  const ddl = result.category === 'DDL';
  result.ddl = ddl;
  const scopeOf = new Map<Source, Scope>();
  for (const s of analysis.scopes) for (const src of s.sources) scopeOf.set(src, s);

  const targetOf = (src: TableSource, scope: Scope): TableSource => {
    // `UPDATE o SET … FROM orders o`, `DELETE t FROM orders t`: the target names a FROM item's alias.
    if (src.path.parts.length !== 1) return src;
    const l = src.path.parts[0]!.toLowerCase();
    const real = scope.sources.find((s): s is TableSource => s !== src && s.kind === 'table' && s.alias?.toLowerCase() === l);
    return real ?? src;
  };

  // Every table the statement names: read in FROM/JOIN, written as a DML target, named by DDL.
  for (const scope of analysis.scopes) {
    for (const src of scope.sources) {
      if (src.kind !== 'table') {
        if (src.kind === 'opaque' && src.name) out.noteFunction(src.name);
        continue;
      }
      const r = resolver.resolve(src, scope);
      if (r.cte) continue;
      if (src.role === 'target' && !ddl) {
        const real = targetOf(src, scope);
        if (real === src) out.write(src.path, analysis.kind === 'DELETE' ? '*' : []);
        else out.write(real.path, analysis.kind === 'DELETE' ? '*' : []);
      } else if (src.role === 'target') out.ddlTarget(src.path);
      else out.read(src.path, []);
    }
  }
  for (const t of analysis.tables) if (!scopeOf.has(t)) out.ddlTarget(t.path);
  if (ddl) for (const name of analysis.creates) out.ddlTargetName(name);

  // `*` in select lists: every column of the tables it covers (CTEs and derived tables are covered by their own lists).
  for (const scope of analysis.scopes) {
    for (const item of scope.items) {
      if (!item.star) continue;
      const sources = item.star.qualifier ? scope.sources.filter((s) => resolver.matchesQualifier(s, scope, item.star!.qualifier!)) : scope.sources;
      for (const s of sources) starOf(s, scope);
    }
  }
  // `row(e.*)`, `to_jsonb(e.*)`, `(e.*)::text`: a qualified star anywhere counts as every column of e.
  const toks = tokensOf(sql, dialect);
  for (let i = 2; i < toks.length; i++) {
    if (toks[i]!.kind !== TK.Operator || !toks[i]!.text.startsWith('*') || toks[i - 1]!.kind !== TK.Dot) continue;
    const qualifier = qualifierBefore(toks, i - 1);
    if (!qualifier.length) continue;
    let found = false;
    for (const scope of analysis.scopes) {
      for (const s of scope.sources) {
        if (!resolver.matchesQualifier(s, scope, qualifier)) continue;
        found = true;
        starOf(s, scope);
      }
    }
    if (!found && !analysis.scopes.some((sc) => sc.items.some((it) => it.star?.qualifier?.join('.').toLowerCase() === qualifier.join('.').toLowerCase()))) out.unresolved(`qualifier:${qualifier.join('.')}.*`);
  }
  // `TABLE orders` (a query with sources and no select list) returns every column.
  for (const scope of analysis.scopes) {
    if (scope.items.length === 0 && scope.sources.length > 0 && scope.sources.every((src) => src.kind !== 'table' || src.role === 'from')) {
      for (const s of scope.sources) starOf(s, scope);
    }
  }
  function starOf(s: Source, scope: Scope): void {
    if (s.kind !== 'table') return;
    const r = resolver.resolve(s, scope);
    if (r.cte) return;
    out.read(s.path, r.relation && r.columns ? r.columns : '*');
  }

  // `xmlelement(name tag, …)`, `xmlpi(name tag)`: the word after NAME is an XML name, not a column.
  const tagNames = new Set<number>();
  for (let i = 0; i + 3 < toks.length; i++) {
    if ((toks[i]!.up === 'XMLELEMENT' || toks[i]!.up === 'XMLPI') && toks[i + 1]!.kind === TK.OpenParen && toks[i + 2]!.up === 'NAME') tagNames.add(toks[i + 3]!.start);
  }
  for (const col of analysis.columns) columnAccess(col);
  function columnAccess(col: ColumnRef): void {
    const parts = col.path.parts;
    const name = out.fold(parts[parts.length - 1]!, col.path.quoted[parts.length - 1] ?? false);
    if (col.target && (col.clause === 'columns' || col.clause === 'set')) {
      const scope = scopeOf.get(col.target) ?? col.scope;
      out.write(targetOf(col.target, scope).path, [name]);
      return;
    }
    if (parts.length > 1) return qualified(col, parts.slice(0, -1), name);
    if (col.mayBeAlias && isSelectAlias(col.scope, name)) return;
    const owners: { source: Source; scope: Scope; r: ResolvedSource }[] = [];
    let unknown: { source: Source; scope: Scope }[] = [];
    for (const { source, scope } of resolver.visibleSources(col.scope)) {
      const r = resolver.resolve(source, scope);
      if (r.columns && r.columns.some((c) => c.toLowerCase() === name.toLowerCase())) {
        owners.push({ source, scope, r });
        break;
      }
      if (!r.columns) unknown.push({ source, scope });
    }
    if (owners.length) return readColumn(owners[0]!.source, owners[0]!.r, name);
    // A whole-row reference (`SELECT t FROM t`, `row_to_json(t)`): every column of that source.
    const l = name.toLowerCase();
    for (const { source, scope } of resolver.visibleSources(col.scope)) {
      const r = resolver.resolve(source, scope);
      if (r.qualifier?.toLowerCase() === l) return starOf(source, scope);
    }
    if (PSEUDO.has(l)) return;
    // Every visible source's columns are known and none has it: the engine reads the name in a way the analysis does not (fail closed).
    if (!unknown.length && [...resolver.visibleSources(col.scope)].length && !TYPE_WORDS.has(l) && !tagNames.has(col.path.starts[parts.length - 1]!)) out.unresolved(`column:${name}`);
    // No known owner: the column may belong to any source whose columns are unknown (fail closed).
    unknown = unknown.filter((u) => u.source.kind === 'table');
    for (const u of unknown) {
      const r = resolver.resolve(u.source, u.scope);
      if (!r.cte) out.read((u.source as TableSource).path, [name]);
    }
  }
  function qualified(col: ColumnRef, qualifier: string[], name: string): void {
    const qLast = qualifier[qualifier.length - 1]!.toLowerCase();
    if (qualifier.length === 1 && SPECIAL_QUALIFIERS.has(qLast)) return;
    for (const { source, scope } of resolver.visibleSources(col.scope)) {
      if (!resolver.matchesQualifier(source, scope, qualifier)) continue;
      return readColumn(source, resolver.resolve(source, scope), name);
    }
    // `(composite).field`: a column of a visible source, read whole.
    if (qualifier.length === 1) {
      for (const { source, scope } of resolver.visibleSources(col.scope)) {
        const r = resolver.resolve(source, scope);
        if (r.columns?.some((c) => c.toLowerCase() === qLast)) return readColumn(source, r, qualifier[0]!);
      }
    }
    out.unresolved(`qualifier:${qualifier.join('.')}`);
  }
  function readColumn(source: Source, r: ResolvedSource, name: string): void {
    // Columns of CTEs and derived tables are read through the expressions of their own select lists.
    if (source.kind !== 'table' || r.cte) return;
    out.read(source.path, [r.relation?.columns.find((c) => c.name.toLowerCase() === name.toLowerCase())?.name ?? name]);
  }

  // NATURAL JOIN compares every same-named column: count all columns of the joined tables as read.
  if (hasWord(sql, dialect, 'NATURAL')) for (const scope of analysis.scopes) for (const s of scope.sources) starOf(s, scope);
  for (const f of analysis.functions) out.noteFunction(f.name);
  if (analysis.kind === 'DROP') {
    const targets = dropTargets(sql, dialect);
    if (targets) for (const p of targets) out.ddlTarget(p);
    else out.schemaWideDdl();
  }
  if (ddl && analysis.kind === 'CREATE' && !analysis.creates.length && !analysis.tables.length) out.schemaWideDdl();
  if (ddl && analysis.kind === 'ALTER' && !analysis.tables.length) out.schemaWideDdl();

  // MERGE is read leniently (its tables are not recorded); SELECT … INTO creates a table.
  if (analysis.kind === 'MERGE') out.unresolved('statement:MERGE');
  if (analysis.kind === 'SELECT' && hasWord(sql, dialect, 'INTO')) out.unresolved('select:INTO');

  const done = out.result(functionProblems(def, out.functions));
  // `WITH d AS (DELETE … RETURNING *) SELECT …` changes data: it is a write for the policy too.
  const category = result.category === 'READ' && done.writes.length ? 'WRITE' : result.category;
  return { ...result, category, reads: done.reads, writes: done.writes, ddlTargets: ddl ? done.ddlTargets : [], unresolved: [...result.unresolved, ...done.unresolved] };
}

/** The identifier parts of a dotted name ending just before token `dot` (`public.emp` in `public.emp.*`). */
function qualifierBefore(tokens: Token[], dot: number): string[] {
  const parts: string[] = [];
  let k = dot - 1;
  while (tokens[k] && (tokens[k]!.kind === TK.Word || tokens[k]!.kind === TK.QuotedIdent)) {
    parts.unshift(identValue(tokens[k]!));
    if (tokens[k - 1]?.kind !== TK.Dot) break;
    k -= 2;
  }
  return parts;
}

function isSelectAlias(scope: Scope, name: string): boolean {
  const l = name.toLowerCase();
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.items.some((i) => !i.star && i.name?.toLowerCase() === l)) return true;
  return false;
}

/** The first two words of the statement, upper-cased (comments skipped); ['('] for a parenthesized query. */
function firstWords(sql: string, dialect: Dialect): string[] {
  const out: string[] = [];
  for (const t of tokensOf(sql, dialect)) {
    if (t.kind !== TK.Word) return out.length ? out : ['('];
    out.push(t.up);
    if (out.length === 2) break;
  }
  return out;
}
function hasWord(sql: string, dialect: Dialect, word: string): boolean {
  return tokensOf(sql, dialect).some((t) => t.kind === TK.Word && t.up === word);
}
/** Accumulates table accesses, merging columns per table. */
class AccessCollector {
  private readonly reads = new Map<string, TableAccess>();
  private readonly writes = new Map<string, TableAccess>();
  private readonly ddl = new Map<string, AccessTable>();
  private schemaWide = false;
  private readonly problems: string[] = [];
  readonly functions = new Set<string>();

  constructor(private readonly dialect: Dialect) {}

  fold(part: string, quoted: boolean): string {
    if (quoted) return part;
    const c = this.dialect.identifierCase;
    return c === 'lower' ? part.toLowerCase() : c === 'upper' ? part.toUpperCase() : part;
  }

  /** A name path as a table: two parts are database.table where the engine has only databases, else schema.table. */
  table(path: NamePath): AccessTable | null {
    const p = path.parts.map((x, i) => this.fold(x, path.quoted[i] ?? false));
    const name = p[p.length - 1]!;
    if (p.length === 1) return { name };
    if (p.length === 2) return this.dialect.supportsDatabase && !this.dialect.supportsSchema ? { database: p[0]!, name } : { schema: p[0]!, name };
    if (p.length === 3) return this.dialect.supportsDatabase && this.dialect.supportsSchema ? { database: p[0]!, schema: p[1]!, name } : (this.unresolved(`name:${p.join('.')}`), null);
    this.unresolved(`name:${p.join('.')}`);
    return null;
  }

  private add(map: Map<string, TableAccess>, path: NamePath, columns: string[] | '*'): void {
    const t = this.table(path);
    if (!t) return;
    const key = `${t.database ?? ''}\u0000${t.schema ?? ''}\u0000${t.name}`;
    const had = map.get(key);
    if (!had) map.set(key, { table: t, columns: columns === '*' ? '*' : [...new Set(columns)] });
    else if (had.columns !== '*') had.columns = columns === '*' ? '*' : [...new Set([...had.columns, ...columns])];
  }
  read(path: NamePath, columns: string[] | '*'): void {
    this.add(this.reads, path, columns);
  }
  write(path: NamePath, columns: string[] | '*'): void {
    this.add(this.writes, path, columns);
  }
  ddlTarget(path: NamePath): void {
    const t = this.table(path);
    if (t) this.ddl.set(`${t.database ?? ''}\u0000${t.schema ?? ''}\u0000${t.name}`, t);
  }
  ddlTargetName(name: string): void {
    this.ddlTarget({ parts: [name], starts: [0], ends: [0], quoted: [true] });
  }
  schemaWideDdl(): void {
    this.schemaWide = true;
  }
  noteFunction(name: string): void {
    this.functions.add(name.toLowerCase());
  }
  unresolved(why: string): void {
    if (!this.problems.includes(why)) this.problems.push(why);
  }

  result(functionIssues: string[]) {
    // An INSERT or UPDATE target with no column named writes all of them (INSERT … VALUES without a list).
    for (const w of this.writes.values()) if (w.columns !== '*' && w.columns.length === 0) w.columns = '*';
    return {
      reads: [...this.reads.values()],
      writes: [...this.writes.values()],
      ddlTargets: this.schemaWide ? null : [...this.ddl.values()],
      unresolved: [...this.problems, ...functionIssues],
    };
  }
}
