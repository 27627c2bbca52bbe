/**
 * A completion catalog read in stages, for the seconds a big schema's bulk catalog takes: the names of
 * its tables and views first (one or two fast queries), then the columns of the tables a statement
 * names, one query per list of names, as tips ask for them. Columns are filled into the same arrays
 * the completion index points at, so the index over 30,000 names is built once.
 */
import type { ColumnInfo, Connection } from '@askdb/drivers';
import { warmCompletion, type CatalogColumn, type Dialect, type SchemaCatalog } from '@askdb/sql';

type Location = { databaseName: string | null; schemaName: string | null };
export type ReadColumns = (names: string[]) => Promise<Map<string, ColumnInfo[]>>;

/** Most names read in one columns query (a statement naming more gets the first ones first). */
const MAX_NAMES_PER_READ = 200;
/** The tables and views list of the names stage (spec 01 §9: the tree's page is 100,000 too). */
const NAMES_PAGE = 100_000;

export class StagedCatalog {
  private readonly columnsByName = new Map<string, CatalogColumn[]>();
  private readonly exactByLower = new Map<string, string>();
  private readonly loaded = new Set<string>();
  private readonly reading = new Map<string, Promise<void>>();

  constructor(readonly catalog: SchemaCatalog, private readonly read: ReadColumns) {
    for (const r of [...catalog.tables, ...(catalog.views ?? [])]) {
      const cols = r.columns ?? [];
      this.columnsByName.set(r.name, cols);
      const l = r.name.toLowerCase();
      if (!this.exactByLower.has(l)) this.exactByLower.set(l, r.name);
    }
  }

  /**
   * Reads the table and view names of a schema, or resolves null when the engine cannot read columns
   * per list of tables (then completion waits for the bulk catalog, as before).
   */
  static async read(c: Connection, loc: Location, dialect: Dialect, readColumns: ReadColumns): Promise<StagedCatalog | null> {
    if (!c.metadata.columnsOf) return null;
    const [tables, views] = await Promise.all([
      c.metadata.tables(loc, { pageNo: 1, pageSize: NAMES_PAGE }),
      c.metadata.views(loc).catch(() => []),
    ]);
    const catalog: SchemaCatalog = {
      ...loc,
      tables: tables.data.filter((t) => t.type !== 'VIEW').map((t) => ({ name: t.name, comment: t.comment, columns: [] })),
      views: views.map((v) => ({ name: v.name, comment: v.comment, columns: [] })),
    };
    // The index and the sorted table list, built now rather than inside the first tip.
    warmCompletion(catalog, dialect, loc);
    return new StagedCatalog(catalog, readColumns);
  }

  /** The catalog name for a name as written: exact, else case-insensitively; undefined when unknown. */
  private exact(name: string): string | undefined {
    return this.columnsByName.has(name) ? name : this.exactByLower.get(name.toLowerCase());
  }

  /** Whether the columns of every known table among `names` are in. */
  hasColumns(names: string[]): boolean {
    return names.every((n) => {
      const e = this.exact(n);
      return !e || this.loaded.has(e);
    });
  }

  /** Reads the columns of the named tables not read yet (one query); resolves when all of them are in. */
  columnsOf(names: string[]): Promise<void> {
    const want: string[] = [];
    const waits: Promise<void>[] = [];
    for (const n of names) {
      const e = this.exact(n);
      if (!e || this.loaded.has(e) || want.includes(e)) continue;
      const pending = this.reading.get(e);
      if (pending) waits.push(pending);
      else if (want.length < MAX_NAMES_PER_READ) want.push(e);
    }
    if (want.length) {
      const p = this.read(want).then((byTable) => {
        for (const n of want) {
          const target = this.columnsByName.get(n)!;
          if (!this.loaded.has(n)) target.push(...(byTable.get(n) ?? []));
          this.loaded.add(n);
        }
      });
      const settled = p.finally(() => {
        for (const n of want) if (this.reading.get(n) === settled) this.reading.delete(n);
      });
      for (const n of want) this.reading.set(n, settled);
      waits.push(settled);
    }
    return Promise.all(waits).then(() => undefined);
  }
}
