/** MySQL-family Metadata over information_schema (catalog-sql.ts); DDL from SHOW CREATE TABLE. */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, RoutineKind, SchemaObjectInfo,
  TableInfo, TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { driverError } from '../messages.js';
import { indexesByTable, keysByTable } from '../shared/catalog-rows.js';
import { groupBy, groupMappedInSlices } from '../shared/group-by.js';
import { containsPattern, pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';
import { readMysqlObjects } from './objects.js';

export type RunQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export class MysqlMetadata implements Metadata {
  constructor(
    private readonly query: RunQuery,
    private readonly dialect: Dialect,
    private readonly currentDatabase: () => string | null,
    private readonly isMariaDb: boolean,
  ) {}

  private db(loc: Location): string {
    const db = loc.databaseName || this.currentDatabase();
    if (!db) throw driverError('CONFIG_INVALID', { reason: 'pick a database first' });
    return db;
  }

  async databases() {
    return this.query<{ name: string }>(Q.DATABASES_SQL);
  }

  /** The MySQL family has databases but no schemas (spec 01 §3). */
  async schemas() {
    return [];
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const db = this.db(loc);
    const pattern = containsPattern(page?.searchKey);
    const rows = await this.query<Q.TableRow>(Q.TABLES_PAGE_SQL, [db, pattern, pattern, w.limit + 1, w.offset]);
    const hasMore = rows.length > w.limit;
    const data = rows.slice(0, w.limit).map((r) => ({ name: r.name, comment: r.comment || null, type: 'TABLE' as const }));
    const total = !hasMore && (data.length > 0 || w.offset === 0)
      ? w.offset + data.length
      : Number((await this.query<{ total: number }>(Q.TABLES_COUNT_SQL, [db, pattern, pattern]))[0]!.total);
    return pageResult(data, total, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    const rows = await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [this.db(loc), loc.tableName, loc.tableName]);
    return rows.map((r) => this.column(r));
  }

  async columnsOf(loc: Location, tableNames: string[]): Promise<Map<string, ColumnInfo[]>> {
    if (!tableNames.length) return new Map();
    const rows = await this.query<Q.ColumnRow>(Q.COLUMNS_OF_TABLES_SQL, [this.db(loc), tableNames]);
    return groupMappedInSlices(rows, (r) => r.table_name, (c) => this.column(c));
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    return this.readKeys(this.db(loc), loc.tableName).then((m) => m.get(loc.tableName) ?? []);
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    return this.readIndexes(this.db(loc), loc.tableName).then((m) => m.get(loc.tableName) ?? []);
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    const rows = await this.query<Q.ViewRow>(Q.VIEWS_SQL, [this.db(loc)]);
    return rows.map((r) => ({ name: r.name, comment: null, definition: r.definition }));
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.columns(loc);
  }

  async functions(loc: Location): Promise<RoutineInfo[]> {
    return this.routines(this.db(loc), 'FUNCTION');
  }

  async procedures(loc: Location): Promise<RoutineInfo[]> {
    return this.routines(this.db(loc), 'PROCEDURE');
  }

  /** SHOW CREATE FUNCTION/PROCEDURE; its text column is NULL for a user who may not see the body. */
  async routineDefinition(loc: Location, kind: RoutineKind, name: string): Promise<string | null> {
    const q = (n: string) => this.dialect.quoteIdentifier(n, true);
    try {
      const [row] = await this.query<Record<string, string | null>>(`SHOW CREATE ${kind} ${q(this.db(loc))}.${q(name)}`);
      const text = row?.[kind === 'FUNCTION' ? 'Create Function' : 'Create Procedure'];
      return text ? `${text.trim()};` : null;
    } catch (e) {
      if ((e as { errno?: number }).errno === 1305) return null; // ER_SP_DOES_NOT_EXIST
      throw e;
    }
  }

  async triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]> {
    const t = loc.tableName ?? null;
    const rows = await this.query<Q.TriggerRow>(Q.TRIGGERS_SQL, [this.db(loc), t, t]);
    return rows.map((r) => ({ name: r.name, tableName: r.table_name, timing: r.timing, event: r.event, definition: r.statement }));
  }

  async tableDdl(loc: TableLocation): Promise<string> {
    const q = (n: string) => this.dialect.quoteIdentifier(n, true);
    const rows = await this.query<Record<string, string>>(`SHOW CREATE TABLE ${q(this.db(loc))}.${q(loc.tableName)}`);
    const row = rows[0] ?? {};
    return (row['Create Table'] ?? row['Create View'] ?? '') + ';';
  }

  /** The whole database in seven queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const db = this.db(loc);
    const tables = await this.query<Q.TableRow & { table_type: string; engine: string | null; collation: string | null }>(Q.ALL_TABLES_SQL, [db]);
    const columns = await groupMappedInSlices(await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [db, null, null]), (r) => r.table_name, (c) => this.column(c));
    const keys = await this.readKeys(db, null);
    const indexes = await this.readIndexes(db, null);
    const views = await this.views({ databaseName: db });
    const routines = await this.routines(db, null);
    const cols = (name: string) => columns.get(name) ?? [];
    return {
      databaseName: db,
      schemaName: null,
      tables: tables.filter((t) => t.table_type !== 'VIEW').map((t) => ({
        name: t.name, comment: t.comment || null, columns: cols(t.name), keys: keys.get(t.name) ?? [], indexes: indexes.get(t.name) ?? [],
        options: { engine: t.engine, collation: t.collation, charset: t.collation ? t.collation.split('_')[0]! : null },
      })),
      views: views.map((v) => ({ ...v, columns: cols(v.name) })),
      functions: routines.filter((r) => r.kind === 'FUNCTION').map(({ kind: _, ...r }) => r),
      procedures: routines.filter((r) => r.kind === 'PROCEDURE').map(({ kind: _, ...r }) => r),
    };
  }

  /** Schema sync's routines, triggers and events (mysql/objects.ts). */
  async schemaObjects(loc: Location): Promise<SchemaObjectInfo[]> {
    return readMysqlObjects(this.query, this.db(loc), (name) => this.dialect.quoteIdentifier(name, true));
  }

  private column(r: Q.ColumnRow): ColumnInfo {
    let defaultValue = r.default_value;
    // MariaDB reports defaults as expressions: NULL as the word NULL, strings quoted.
    if (this.isMariaDb && defaultValue === 'NULL') defaultValue = null;
    return {
      name: r.name,
      columnType: r.column_type,
      dataType: this.dialect.columnType(r.column_type),
      nullable: r.is_nullable === 'YES',
      defaultValue,
      comment: r.comment || null,
      primaryKey: r.column_key === 'PRI',
      autoIncrement: /auto_increment/i.test(r.extra ?? ''),
      ...generatedOf(r),
      ...(/\bon update\s+(\S.*)$/i.test(r.extra ?? '') ? { onUpdate: /\bon update\s+(\S.*)$/i.exec(r.extra)![1]!.trim() } : {}),
      ordinal: Number(r.ordinal),
      length: r.length === null ? null : Number(r.length),
      precision: r.precision === null ? null : Number(r.precision),
      scale: r.scale === null ? null : Number(r.scale),
      collation: r.collation,
    };
  }

  private async readKeys(db: string, table: string | null): Promise<Map<string, KeyInfo[]>> {
    const rows = await this.query<Q.KeyColumnRow>(Q.KEYS_SQL, [db, table, table]);
    const checks = await this.readChecks(db, table);
    return keysByTable([
      ...rows.map((r) => ({ ...r, type: r.type === 'PRIMARY KEY' ? 'PRIMARY' as const : r.type === 'UNIQUE' ? 'UNIQUE' as const : 'FOREIGN' as const })),
      ...checks.map((c) => ({ table_name: c.table_name, name: c.name, type: 'CHECK' as const, check_expression: c.clause })),
    ]);
  }

  /** CHECK constraints need MySQL 8.0.16+ / MariaDB 10.2+; older servers simply have none to show. */
  private async readChecks(db: string, table: string | null): Promise<Q.CheckRow[]> {
    try {
      return await this.query<Q.CheckRow>(this.isMariaDb ? Q.CHECKS_SQL_MARIADB : Q.CHECKS_SQL_MYSQL, [db, table, table]);
    } catch {
      return [];
    }
  }

  private async readIndexes(db: string, table: string | null): Promise<Map<string, IndexInfo[]>> {
    const rows = await this.query<Q.IndexColumnRow>(Q.INDEXES_SQL, [db, table, table]);
    return indexesByTable(rows.map((r) => ({
      table_name: r.table_name, name: r.name, unique: Number(r.non_unique) === 0, primary: r.name === 'PRIMARY', method: r.index_type,
      column_name: r.column_name ?? '', length: r.sub_part ? Number(r.sub_part) : null, descending: r.collation === 'D',
    })));
  }

  private async routines(db: string, kind: 'FUNCTION' | 'PROCEDURE' | null): Promise<(RoutineInfo & { kind: string })[]> {
    const rows = await this.query<Q.RoutineRow>(Q.ROUTINES_SQL, [db, kind, kind]);
    const params = groupBy(await this.query<Q.ParameterRow>(Q.PARAMETERS_SQL, [db]), (p) => p.specific_name);
    return rows.map((r) => ({
      name: r.name,
      specificName: r.specific_name,
      kind: r.kind,
      returnType: r.kind === 'FUNCTION' ? r.return_type : null,
      comment: r.comment || null,
      parameters: (params.get(r.specific_name) ?? []).filter((p) => p.mode !== 'OUT').map((p) => ({ parameterName: p.name ?? '', parameterType: p.type })),
    }));
  }
}

/** A generated column: MySQL says `VIRTUAL GENERATED` / `STORED GENERATED` in EXTRA, MariaDB `VIRTUAL GENERATED` / `STORED GENERATED` too. */
function generatedOf(r: Q.ColumnRow): Partial<ColumnInfo> {
  if (!r.generation_expression || !/GENERATED/i.test(r.extra ?? '')) return {};
  return { generatedExpression: r.generation_expression, generatedStored: /STORED/i.test(r.extra ?? ''), defaultValue: null };
}
