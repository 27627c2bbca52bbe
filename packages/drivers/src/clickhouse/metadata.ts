/** ClickHouse Metadata over system.* (catalog-sql.ts). ClickHouse databases are the spec's schemas. */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, TableInfo,
  TableLocation, ViewInfo,
} from '../driver.js';
import { groupBy } from '../shared/group-by.js';
import { pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';

export type RunQuery = <T>(sql: string, params?: Record<string, unknown>) => Promise<T[]>;

const VIEW_ENGINES = new Set(['View', 'MaterializedView', 'LiveView', 'WindowView']);

/** `a, toDate(b)` → ['a', 'toDate(b)']: a key expression list split at top-level commas. */
export function splitKeyExpression(expr: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of expr) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) { out.push(current.trim()); current = ''; } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

export class ClickHouseMetadata implements Metadata {
  constructor(private readonly query: RunQuery, private readonly dialect: Dialect, private readonly currentDb: () => string) {}

  private db(loc: Location): string {
    return loc.schemaName || loc.databaseName || this.currentDb();
  }

  async databases() {
    return [];
  }

  async schemas() {
    return (await this.query<{ name: string }>(Q.SCHEMAS_SQL)).map((r) => ({ name: r.name, databaseName: null }));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const rows = await this.query<Q.TableRow>(Q.TABLES_PAGE_SQL, { db: this.db(loc), pattern: page?.searchKey?.trim() || null, limit: w.limit, offset: w.offset });
    return pageResult(rows.map((r) => ({ name: r.name, comment: r.comment || null, type: 'TABLE' as const })), Number(rows[0]?.total ?? w.offset), w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    return (await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, { db: this.db(loc), table: loc.tableName })).map((r) => this.column(r));
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.columns(loc);
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    const [t] = await this.details(loc, loc.tableName);
    return t ? primaryKey(t) : [];
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    const [t] = await this.details(loc, loc.tableName);
    const skip = await this.query<Q.SkipIndexRow>(Q.SKIP_INDEXES_SQL, { db: this.db(loc), table: loc.tableName });
    return t ? indexesOf(t, skip) : [];
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    return (await this.details(loc, null)).filter((t) => VIEW_ENGINES.has(t.engine)).map((t) => ({ name: t.name, comment: t.comment || null, definition: t.as_select || t.create_table_query }));
  }

  async functions(): Promise<RoutineInfo[]> {
    return (await this.query<Q.FunctionRow>(Q.FUNCTIONS_SQL)).map((f) => ({ name: f.name, comment: f.create_query }));
  }

  async procedures(): Promise<RoutineInfo[]> {
    return [];
  }

  async triggers() {
    return [];
  }

  async tableDdl(loc: TableLocation): Promise<string> {
    const [t] = await this.details(loc, loc.tableName);
    if (!t) throw new Error(`Table ${this.db(loc)}.${loc.tableName} does not exist.`);
    return t.create_table_query;
  }

  /** The whole database in four queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const db = this.db(loc);
    const details = await this.details(loc, null);
    const columns = groupBy(await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, { db, table: null }), (r) => r.table);
    const skip = groupBy(await this.query<Q.SkipIndexRow>(Q.SKIP_INDEXES_SQL, { db, table: null }), (r) => r.table);
    const cols = (name: string) => (columns.get(name) ?? []).map((c) => this.column(c));
    return {
      databaseName: null,
      schemaName: db,
      tables: details.filter((t) => !VIEW_ENGINES.has(t.engine)).map((t) => ({
        name: t.name, comment: t.comment || null, columns: cols(t.name), keys: primaryKey(t), indexes: indexesOf(t, skip.get(t.name) ?? []),
      })),
      views: details.filter((t) => VIEW_ENGINES.has(t.engine)).map((t) => ({ name: t.name, comment: t.comment || null, definition: t.as_select, columns: cols(t.name) })),
      functions: await this.functions(),
      procedures: [],
    };
  }

  private details(loc: Location, table: string | null): Promise<Q.TableDetailRow[]> {
    return this.query<Q.TableDetailRow>(Q.TABLE_DETAILS_SQL, { db: this.db(loc), table });
  }

  private column(r: Q.ColumnRow): ColumnInfo {
    return {
      name: r.name, columnType: r.type, dataType: this.dialect.columnType(r.type), nullable: /^Nullable\(/.test(r.type),
      defaultValue: r.default_expression || null, comment: r.comment || null, primaryKey: Number(r.is_in_primary_key) === 1,
      autoIncrement: false, ordinal: Number(r.position),
    };
  }
}

function primaryKey(t: Q.TableDetailRow): KeyInfo[] {
  return t.primary_key ? [{ name: 'PRIMARY', type: 'PRIMARY', columns: splitKeyExpression(t.primary_key) }] : [];
}

function indexesOf(t: Q.TableDetailRow, skip: Q.SkipIndexRow[]): IndexInfo[] {
  const out: IndexInfo[] = [];
  if (t.sorting_key) out.push({ name: 'ORDER BY', unique: false, primary: true, method: 'sorting key', columns: splitKeyExpression(t.sorting_key).map((name) => ({ name })) });
  for (const s of skip) out.push({ name: s.name, unique: false, method: s.type, columns: [{ name: s.expr, expression: s.expr }] });
  return out;
}
