/**
 * Name resolution over an analysed statement: what each FROM source is (catalog table or view, CTE,
 * derived table, something opaque) and which columns it offers. Shared by the checks and completion.
 */
import type { DefinitionName } from '../dialects/registry.js';
import type { CatalogIndex, Relation } from '../catalog/catalog-index.js';
import type { Cte, NamePath, Scope, Source } from './model.js';

export interface ResolveContext {
  index?: CatalogIndex;
  def: DefinitionName;
  databaseName?: string | null;
  schemaName?: string | null;
  /** Lower-case names of tables created earlier in the script. */
  knownTables?: ReadonlySet<string>;
  /** Resolves a qualified name in another schema/database, when the caller can. */
  otherRelation?: (path: string[]) => Relation | undefined;
}

export interface ResolvedSource {
  source: Source;
  /** The name a column may be qualified with: alias, else the table name. */
  qualifier?: string;
  relation?: Relation;
  cte?: Cte;
  /** Output column names; null when unknown (opaque, other schema, SELECT *) . */
  columns: string[] | null;
  /** True when the name is not a table, view or CTE we know. */
  missing?: boolean;
  /** True when the source is in a schema or database other than the bound one (never reported). */
  foreign?: boolean;
}

const SYSTEM_PREFIX: Partial<Record<DefinitionName, RegExp>> = {
  postgresql: /^(pg_|information_schema$)/i,
  sqlite: /^sqlite_/i,
  sqlserver: /^(sys|#|information_schema$)/i,
  oracle: /^(dual$|all_|user_|dba_|v\$)/i,
  mysql: /^(dual$|information_schema$)/i,
  duckdb: /^(duckdb_|information_schema$|pg_)/i,
  clickhouse: /^system$/i,
};

export class Resolver {
  private readonly cache = new Map<Source, ResolvedSource>();
  private readonly scopeCols = new Map<Scope, string[] | null>();

  constructor(readonly ctx: ResolveContext) {}

  visibleCte(scope: Scope | undefined, name: string): Cte | undefined {
    const l = name.toLowerCase();
    for (let s = scope; s; s = s.parent) for (const c of s.ctes) if (c.name.toLowerCase() === l) return c;
    return undefined;
  }

  /** Scope that declares a source (the one whose `sources` holds it). */
  resolve(src: Source, scope: Scope): ResolvedSource {
    let r = this.cache.get(src);
    if (r) return r;
    r = this.compute(src, scope, 0);
    this.cache.set(src, r);
    return r;
  }

  private compute(src: Source, scope: Scope, depth: number): ResolvedSource {
    if (src.kind === 'opaque') return { source: src, qualifier: src.alias, columns: src.columnAliases?.length ? src.columnAliases : null };
    if (src.kind === 'subquery') {
      const cols = src.columnAliases?.length ? src.columnAliases : this.columnsOfScope(src.scope, depth + 1);
      return { source: src, qualifier: src.alias, columns: cols };
    }
    const parts = src.path.parts;
    const name = parts[parts.length - 1]!;
    const qualifier = src.alias ?? name;
    if (parts.length === 1) {
      const cte = this.visibleCte(scope, name);
      // A CTE is not visible inside its own definition unless recursive; treating it as visible is harmless.
      if (cte) {
        const cols = cte.columnAliases?.length ? cte.columnAliases : cte.scope ? this.columnsOfScope(cte.scope, depth + 1) : null;
        return { source: src, qualifier, cte, columns: cols };
      }
    }
    if (!this.isBound(src.path)) {
      const rel = this.ctx.otherRelation?.(parts);
      if (rel) return { source: src, qualifier, relation: rel, columns: rel.columns.map((c) => c.name) };
      return { source: src, qualifier, columns: null, foreign: true };
    }
    const rel = this.ctx.index?.relation(name);
    if (rel) return { source: src, qualifier, relation: rel, columns: rel.columns.length ? rel.columns.map((c) => c.name) : null };
    const sys = SYSTEM_PREFIX[this.ctx.def];
    if (!this.ctx.index || this.ctx.knownTables?.has(name.toLowerCase()) || (sys && sys.test(name)) || name.startsWith('#')) {
      return { source: src, qualifier, columns: null };
    }
    return { source: src, qualifier, columns: null, missing: true };
  }

  /** Whether a (possibly qualified) table name lives in the bound database/schema. */
  isBound(path: NamePath): boolean {
    const parts = path.parts;
    if (parts.length === 1) return true;
    const { databaseName, schemaName, def } = this.ctx;
    const eq = (a: string, b: string | null | undefined) => !!b && a.toLowerCase() === b.toLowerCase();
    if (parts.length === 2) {
      const q = parts[0]!;
      // MySQL/SQLite qualify with the database, the others with the schema.
      if (def === 'mysql' || def === 'sqlite' || def === 'clickhouse') return eq(q, databaseName) || (def === 'sqlite' && q.toLowerCase() === 'main');
      return eq(q, schemaName);
    }
    return eq(parts[parts.length - 2]!, schemaName) && eq(parts[parts.length - 3]!, databaseName);
  }

  /** Output column names of a query block; null when any part is unknown. */
  columnsOfScope(scope: Scope, depth = 0): string[] | null {
    if (this.scopeCols.has(scope)) return this.scopeCols.get(scope)!;
    if (depth > 20) return null;
    this.scopeCols.set(scope, null); // cycle guard (recursive CTEs)
    const out: string[] = [];
    let known = scope.items.length > 0;
    for (const item of scope.items) {
      if (item.star) {
        const srcs = item.star.qualifier
          ? scope.sources.filter((s) => this.matchesQualifier(s, scope, item.star!.qualifier!))
          : scope.sources;
        if (!srcs.length) known = false;
        for (const s of srcs) {
          const cols = this.compute(s, scope, depth + 1).columns;
          if (!cols) known = false;
          else out.push(...cols);
        }
      } else if (item.name !== undefined) out.push(item.name);
      else known = false;
    }
    const result = known ? out : null;
    this.scopeCols.set(scope, result);
    return result;
  }

  matchesQualifier(src: Source, scope: Scope, qualifier: string[]): boolean {
    const r = this.resolve(src, scope);
    const q = qualifier[qualifier.length - 1]!.toLowerCase();
    if (r.qualifier?.toLowerCase() !== q) return false;
    if (qualifier.length > 1 && src.kind === 'table' && !src.alias) {
      const p = src.path.parts;
      return p.length >= 2 && p[p.length - 2]!.toLowerCase() === qualifier[qualifier.length - 2]!.toLowerCase();
    }
    return true;
  }

  /** Sources visible from a scope, nearest scope first. */
  *visibleSources(scope: Scope): Generator<{ source: Source; scope: Scope }> {
    for (let s: Scope | undefined = scope; s; s = s.parent) for (const source of s.sources) yield { source, scope: s };
  }
}
