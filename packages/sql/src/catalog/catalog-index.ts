/**
 * Lookup structures over a SchemaCatalog, built once per catalog object (WeakMap cache) so that
 * completion and checks on a 30,000-table schema cost a map lookup, not a scan.
 */
import type { CatalogColumn, CatalogKey, CatalogRoutine, CatalogTable, CatalogView, SchemaCatalog } from './catalog.js';

export interface Relation {
  name: string;
  lower: string;
  kind: 'table' | 'view';
  comment?: string | null;
  columns: CatalogColumn[];
  keys: CatalogKey[];
  source: CatalogTable | CatalogView;
}

/** A foreign key seen from one side: `from.columns` reference `to.columns`. */
export interface ForeignKeyLink {
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
}

export class CatalogIndex {
  readonly relations: Relation[] = [];
  /** Relations sorted by lower-case name, for prefix search. */
  readonly sorted: Relation[];
  /** `sorted[i].lower`, for matching without touching the objects. */
  readonly sortedLower: string[];
  private readonly exact = new Map<string, Relation>();
  private readonly lower = new Map<string, Relation>();
  private readonly columnMaps = new WeakMap<Relation, Map<string, CatalogColumn>>();
  private fkByTable?: Map<string, ForeignKeyLink[]>;
  private routineMap?: Map<string, CatalogRoutine>;

  constructor(readonly catalog: SchemaCatalog) {
    for (const t of catalog.tables ?? []) this.add(t.name, 'table', t.columns ?? [], t.keys ?? [], t);
    for (const v of catalog.views ?? []) this.add(v.name, 'view', v.columns ?? [], [], v);
    this.sorted = [...this.relations].sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : 0));
    this.sortedLower = this.sorted.map((r) => r.lower);
  }

  private add(name: string, kind: 'table' | 'view', columns: CatalogColumn[], keys: CatalogKey[], source: CatalogTable | CatalogView): void {
    const r: Relation = { name, lower: name.toLowerCase(), kind, comment: source.comment, columns, keys, source };
    this.relations.push(r);
    if (!this.exact.has(name)) this.exact.set(name, r);
    if (!this.lower.has(r.lower)) this.lower.set(r.lower, r);
  }

  /** Exact name first, then case-insensitively. */
  relation(name: string): Relation | undefined {
    return this.exact.get(name) ?? this.lower.get(name.toLowerCase());
  }

  column(rel: Relation, name: string): CatalogColumn | undefined {
    let m = this.columnMaps.get(rel);
    // A catalog read in stages fills a relation's columns later: rebuild the map when they arrived.
    if (!m || (m.size === 0 && rel.columns.length > 0)) {
      m = new Map();
      for (const c of rel.columns) {
        if (!m.has(c.name)) m.set(c.name, c);
        const l = c.name.toLowerCase();
        if (!m.has(l)) m.set(l, c);
      }
      this.columnMaps.set(rel, m);
    }
    return m.get(name) ?? m.get(name.toLowerCase());
  }

  /** Foreign keys touching a table, in both directions. */
  foreignKeys(table: string): ForeignKeyLink[] {
    if (!this.fkByTable) {
      const map = new Map<string, ForeignKeyLink[]>();
      const push = (k: string, l: ForeignKeyLink) => {
        const a = map.get(k);
        if (a) a.push(l);
        else map.set(k, [l]);
      };
      for (const r of this.relations) {
        for (const k of r.keys) {
          if (k.type !== 'FOREIGN' || !k.referencedTable) continue;
          const link: ForeignKeyLink = { fromTable: r.name, fromColumns: k.columns, toTable: k.referencedTable, toColumns: k.referencedColumns ?? [] };
          push(r.lower, link);
          if (k.referencedTable.toLowerCase() !== r.lower) push(k.referencedTable.toLowerCase(), link);
        }
      }
      this.fkByTable = map;
    }
    return this.fkByTable.get(table.toLowerCase()) ?? [];
  }

  routine(name: string): CatalogRoutine | undefined {
    if (!this.routineMap) {
      this.routineMap = new Map();
      for (const r of [...(this.catalog.functions ?? []), ...(this.catalog.procedures ?? [])]) {
        const l = r.name.toLowerCase();
        if (!this.routineMap.has(l)) this.routineMap.set(l, r);
      }
    }
    return this.routineMap.get(name.toLowerCase());
  }

  /** Relations whose lower-case name starts with `prefix` (lower-case), in name order. */
  withPrefix(prefix: string, limit: number): Relation[] {
    const s = this.sorted;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid]!.lower < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: Relation[] = [];
    for (let i = lo; i < s.length && out.length < limit && s[i]!.lower.startsWith(prefix); i++) out.push(s[i]!);
    return out;
  }
}

const cache = new WeakMap<SchemaCatalog, CatalogIndex>();

/** The index of a catalog, built on first use and kept as long as the catalog object lives. */
export function catalogIndex(catalog: SchemaCatalog): CatalogIndex {
  let idx = cache.get(catalog);
  if (!idx) {
    idx = new CatalogIndex(catalog);
    cache.set(catalog, idx);
  }
  return idx;
}
