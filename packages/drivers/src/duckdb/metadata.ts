/** DuckDB Metadata over the duckdb_* table functions (catalog-sql.ts). */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, RoutineKind, SequenceInfo,
  TableInfo, TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { groupBy } from '../shared/group-by.js';
import { pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';
import { duckdbSchemaObjects } from './objects.js';

export type RunQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export class DuckdbMetadata implements Metadata {
  constructor(private readonly query: RunQuery, private readonly dialect: Dialect) {}

  private async where(loc: Location): Promise<[string, string]> {
    if (loc.databaseName && loc.schemaName) return [loc.databaseName, loc.schemaName];
    const [current] = await this.query<{ db: string; schema: string }>('SELECT current_database() AS db, current_schema() AS schema');
    return [loc.databaseName || current!.db, loc.schemaName || current!.schema];
  }

  async databases() {
    return this.query<{ name: string }>(Q.DATABASES_SQL);
  }

  async schemas(databaseName?: string | null) {
    const [db] = await this.where({ databaseName });
    const rows = await this.query<{ name: string; database_name: string }>(Q.SCHEMAS_SQL, [db]);
    return rows.map((r) => ({ name: r.name, databaseName: r.database_name }));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const [db, schema] = await this.where(loc);
    const key = page?.searchKey?.trim() || null;
    const rows = await this.query<Q.TableRow>(Q.TABLES_PAGE_SQL, [db, schema, key, w.limit + 1, w.offset]);
    const hasMore = rows.length > w.limit;
    const data = rows.slice(0, w.limit).map((r) => ({ name: r.name, comment: r.comment, type: 'TABLE' as const }));
    const total = !hasMore && (data.length > 0 || w.offset === 0)
      ? w.offset + data.length
      : Number((await this.query<{ total: number }>(Q.TABLES_COUNT_SQL, [db, schema, key]))[0]!.total);
    return pageResult(data, total, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    const [db, schema] = await this.where(loc);
    const [columns, constraints] = [
      await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [db, schema, loc.tableName]),
      await this.query<Q.ConstraintRow>(Q.CONSTRAINTS_SQL, [db, schema, loc.tableName]),
    ];
    return this.toColumns(columns, constraints);
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    const [db, schema] = await this.where(loc);
    return this.toColumns(await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [db, schema, loc.tableName]), []);
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    const [db, schema] = await this.where(loc);
    return (await this.query<Q.ConstraintRow>(Q.CONSTRAINTS_SQL, [db, schema, loc.tableName])).map(key);
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    const [db, schema] = await this.where(loc);
    return (await this.query<Q.IndexRow>(Q.INDEXES_SQL, [db, schema, loc.tableName])).map(index);
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    const [db, schema] = await this.where(loc);
    return (await this.query<Q.ViewRow>(Q.VIEWS_SQL, [db, schema])).map((v) => ({ name: v.name, comment: v.comment, definition: v.sql }));
  }

  /** DuckDB's user-defined functions are macros. */
  async functions(loc: Location): Promise<RoutineInfo[]> {
    const [db, schema] = await this.where(loc);
    return (await this.query<Q.FunctionRow>(Q.FUNCTIONS_SQL, [db, schema])).map((f) => ({
      name: f.name,
      returnType: f.return_type,
      comment: f.comment,
      parameters: (f.parameters ?? []).map((p, i) => ({ parameterName: p, parameterType: f.parameter_types?.[i] ?? 'ANY' })),
    }));
  }

  /** A macro as CREATE MACRO (DuckDB keeps its body, not its parameters' defaults). Overloads come one per line. */
  async routineDefinition(loc: Location, kind: RoutineKind, name: string): Promise<string | null> {
    if (kind !== 'FUNCTION') return null;
    const [db, schema] = await this.where(loc);
    const q = (n: string) => this.dialect.quoteIdentifier(n);
    const rows = await this.query<Q.MacroRow>(Q.MACRO_DEFINITION_SQL, [db, schema, name]);
    const texts = rows.filter((r) => r.definition).map((r) =>
      `CREATE MACRO ${q(schema)}.${q(r.name)}(${(r.parameters ?? []).map(q).join(', ')}) AS ${r.kind === 'table_macro' ? 'TABLE ' : ''}${r.definition};`);
    return texts.length ? texts.join('\n') : null;
  }

  /** DuckDB has no stored procedures and no triggers. */
  async procedures(): Promise<RoutineInfo[]> {
    return [];
  }

  async triggers(): Promise<TriggerInfo[]> {
    return [];
  }

  async sequences(loc: Location): Promise<SequenceInfo[]> {
    const [db, schema] = await this.where(loc);
    return (await this.query<Q.SequenceRow>(Q.SEQUENCES_SQL, [db, schema])).map((s) => ({
      name: s.name, start: s.start, increment: s.increment, minValue: s.min_value, maxValue: s.max_value, cycle: s.cycle,
    }));
  }

  /** Schema sync (issue 26): the schema's ENUM types. */
  async schemaObjects(loc: Location) {
    const [db, schema] = await this.where(loc);
    return duckdbSchemaObjects(await this.query<Q.UserTypeRow>(Q.USER_TYPES_SQL, [db, schema]), (n) => this.dialect.quoteIdentifier(n));
  }

  /** DuckDB keeps each table's CREATE text; indexes and comments are added after it. */
  async tableDdl(loc: TableLocation): Promise<string> {
    const [db, schema] = await this.where(loc);
    const [table] = await this.query<Q.TableRow>(Q.ALL_TABLES_SQL, [db, schema, loc.tableName]);
    if (!table) throw new Error(`Table ${schema}.${loc.tableName} does not exist.`);
    const out = [table.sql ?? ''];
    for (const ix of await this.query<Q.IndexRow>(Q.INDEXES_SQL, [db, schema, loc.tableName])) if (ix.sql) out.push(ix.sql);
    const name = `${this.dialect.quoteIdentifier(schema, true)}.${this.dialect.quoteIdentifier(loc.tableName, true)}`;
    if (table.comment) out.push(`COMMENT ON TABLE ${name} IS ${this.dialect.quoteString(table.comment)};`);
    for (const c of await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [db, schema, loc.tableName])) {
      if (c.comment) out.push(`COMMENT ON COLUMN ${name}.${this.dialect.quoteIdentifier(c.name, true)} IS ${this.dialect.quoteString(c.comment)};`);
    }
    return out.join('\n');
  }

  /** A whole schema in six queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const [db, schema] = await this.where(loc);
    const tables = await this.query<Q.TableRow>(Q.ALL_TABLES_SQL, [db, schema, null]);
    const columns = groupBy(await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [db, schema, null]), (r) => r.table_name);
    const constraints = groupBy(await this.query<Q.ConstraintRow>(Q.CONSTRAINTS_SQL, [db, schema, null]), (r) => r.table_name);
    const indexes = groupBy(await this.query<Q.IndexRow>(Q.INDEXES_SQL, [db, schema, null]), (r) => r.table_name);
    const views = await this.views({ databaseName: db, schemaName: schema });
    return {
      databaseName: db,
      schemaName: schema,
      tables: tables.map((t) => ({
        name: t.name,
        comment: t.comment,
        columns: this.toColumns(columns.get(t.name) ?? [], constraints.get(t.name) ?? []),
        keys: (constraints.get(t.name) ?? []).map(key),
        indexes: (indexes.get(t.name) ?? []).map(index),
      })),
      views: views.map((v) => ({ ...v, columns: this.toColumns(columns.get(v.name) ?? [], []) })),
      functions: await this.functions({ databaseName: db, schemaName: schema }),
      procedures: [],
      sequences: await this.sequences({ databaseName: db, schemaName: schema }),
    };
  }

  private toColumns(rows: Q.ColumnRow[], constraints: Q.ConstraintRow[]): ColumnInfo[] {
    const pk = new Set(constraints.filter((c) => c.type === 'PRIMARY KEY').flatMap((c) => c.columns));
    return rows.map((r) => ({
      name: r.name,
      columnType: r.column_type,
      dataType: this.dialect.columnType(r.column_type),
      nullable: r.nullable,
      defaultValue: r.default_value,
      comment: r.comment,
      primaryKey: pk.has(r.name),
      autoIncrement: /^nextval\(/i.test(r.default_value ?? ''),
      ordinal: Number(r.ordinal),
      length: r.length,
      precision: r.precision,
      scale: r.scale,
    }));
  }
}

function key(c: Q.ConstraintRow): KeyInfo {
  const types: Record<string, KeyInfo['type']> = { 'PRIMARY KEY': 'PRIMARY', UNIQUE: 'UNIQUE', 'FOREIGN KEY': 'FOREIGN', CHECK: 'CHECK' };
  const type = types[c.type] ?? 'CHECK';
  const info: KeyInfo = { name: c.name ?? `${c.table_name}_${type.toLowerCase()}`, type, columns: c.columns ?? [] };
  if (type === 'FOREIGN') Object.assign(info, { referencedTable: c.referenced_table, referencedColumns: c.referenced_columns ?? [] });
  if (type === 'CHECK') info.checkExpression = c.expression ?? c.text.replace(/^CHECK\s*/i, '');
  return info;
}

function index(r: Q.IndexRow): IndexInfo {
  // duckdb_indexes().expressions is the key list as text: "[customer_id, total]".
  const list = (r.expressions ?? '').replace(/^\[|\]$/g, '');
  return {
    name: r.name,
    unique: r.unique,
    primary: r.primary,
    method: 'art',
    where: null,
    columns: list ? list.split(/,\s*/).map((name) => ({ name: name.replace(/^"|"$/g, ''), order: 'ASC' as const })) : [],
  };
}
