/**
 * What a statement reaches (packages/sql's statementAccess), kept between requests (issue 28 point
 * 2): a member who runs the same statement again does not pay for its analysis again (~0.3 ms).
 *
 * The analysis is a pure function of the statement's exact text, the dialect, the database and
 * schema it runs in, and the catalog it expands `*` and places columns with; the key is all of
 * them, the catalog by identity. A catalog that changes is a new object (CatalogCache reads a new
 * one after DDL run here, a changed source, or its time to live), so the entries of the old one
 * are never hit again and age out. Grants are not part of it: they are checked against the
 * analysis on every request (statement-check.ts checkAccesses), so a revoked or narrowed grant
 * counts at once. Entries are frozen: requests share them and none may change them.
 */
import { statementAccess, type Dialect, type SchemaCatalog, type StatementAccess, type StatementAccessOptions } from '@askdb/sql';

const MAX_ENTRIES = 2_000;
/** Longer statements are analysed every time: one entry must not hold a big script's text. */
const MAX_SQL_CHARS = 8_192;

export class AnalysisCache {
  private readonly entries = new Map<string, StatementAccess>();
  /** A number per dialect and catalog object: the catalog's "version" in the key. */
  private readonly ids = new WeakMap<Dialect | SchemaCatalog, number>();
  private nextId = 1;
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  access(sql: string, dialect: Dialect, options: StatementAccessOptions): StatementAccess {
    if (sql.length > MAX_SQL_CHARS) return statementAccess(sql, dialect, options);
    const key = JSON.stringify([this.idOf(dialect), options.catalog ? this.idOf(options.catalog) : 0, options.databaseName ?? null, options.schemaName ?? null, sql]);
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return hit;
    }
    this.misses++;
    const access = deepFreeze(statementAccess(sql, dialect, options));
    this.entries.set(key, access);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return access;
  }

  get size(): number {
    return this.entries.size;
  }

  private idOf(o: Dialect | SchemaCatalog): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.nextId++));
    return id;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}
