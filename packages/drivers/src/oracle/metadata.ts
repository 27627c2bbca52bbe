/** Oracle Metadata over the ALL_* views (catalog-sql.ts); table DDL from DBMS_METADATA. */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, RoutineKind, SequenceInfo,
  TableInfo, TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { indexesByTable, keysByTable } from '../shared/catalog-rows.js';
import { groupBy } from '../shared/group-by.js';
import { containsPattern, pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';

export type RunQuery = <T>(sql: string, binds?: Record<string, unknown>) => Promise<T[]>;

const KEY_TYPES: Record<string, KeyInfo['type']> = { P: 'PRIMARY', U: 'UNIQUE', R: 'FOREIGN', C: 'CHECK' };

/** VARCHAR2(200 CHAR), NUMBER(12,2), TIMESTAMP(6) WITH TIME ZONE (ALL_TAB_COLUMNS names the last one already). */
export function oracleColumnType(r: Pick<Q.ColumnRow, 'data_type' | 'precision' | 'scale' | 'char_length' | 'char_used' | 'length'>): string {
  const t = r.data_type;
  if (t === 'NUMBER') return r.precision ? (r.scale ? `NUMBER(${r.precision},${r.scale})` : `NUMBER(${r.precision})`) : r.scale === 0 ? 'INTEGER' : 'NUMBER';
  if (t === 'FLOAT' && r.precision) return `FLOAT(${r.precision})`;
  if (/^(VARCHAR2|CHAR)$/.test(t)) return `${t}(${r.char_length}${r.char_used === 'C' ? ' CHAR' : ' BYTE'})`;
  if (/^(NVARCHAR2|NCHAR)$/.test(t)) return `${t}(${r.char_length})`;
  if (t === 'RAW') return `RAW(${r.length})`;
  return t;
}

export class OracleMetadata implements Metadata {
  constructor(private readonly query: RunQuery, private readonly dialect: Dialect, private readonly currentSchema: () => string) {}

  private schema(loc: Location): string {
    return loc.schemaName || this.currentSchema();
  }

  /** Oracle has schemas only (spec 01 §3). */
  async databases() {
    return [];
  }

  async schemas() {
    return (await this.query<{ name: string }>(Q.SCHEMAS_SQL)).map((r) => ({ name: r.name, databaseName: null }));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const rows = await this.query<Q.TableRow>(Q.TABLES_PAGE_SQL, { schema: this.schema(loc), pattern: containsPattern(page?.searchKey), offset: w.offset, limit: w.limit });
    return pageResult(rows.map((r) => ({ name: r.name, comment: r.comment, type: 'TABLE' as const })), Number(rows[0]?.total ?? w.offset), w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    return (await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, { schema: this.schema(loc), tbl: loc.tableName })).map((r) => this.column(r));
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.columns(loc);
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    return (await this.readKeys(this.schema(loc), loc.tableName)).get(loc.tableName) ?? [];
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    return (await this.readIndexes(this.schema(loc), loc.tableName)).get(loc.tableName) ?? [];
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    return this.query<Q.ViewRow>(Q.VIEWS_SQL, { schema: this.schema(loc) });
  }

  async functions(loc: Location): Promise<RoutineInfo[]> {
    return (await this.routines(this.schema(loc))).filter((r) => r.kind === 'FUNCTION').map(({ kind: _, ...r }) => r);
  }

  async procedures(loc: Location): Promise<RoutineInfo[]> {
    return (await this.routines(this.schema(loc))).filter((r) => r.kind === 'PROCEDURE').map(({ kind: _, ...r }) => r);
  }

  async routineDefinition(loc: Location, kind: RoutineKind, name: string): Promise<string | null> {
    const rows = await this.query<{ text: string | null }>(Q.ROUTINE_SOURCE_SQL, { schema: this.schema(loc), name, kind });
    const body = rows.map((r) => r.text ?? '').join('').trim();
    return body ? `CREATE OR REPLACE ${body}\n/` : null;
  }

  async triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]> {
    const rows = await this.query<Q.TriggerRow>(Q.TRIGGERS_SQL, { schema: this.schema(loc), tbl: loc.tableName ?? null });
    return rows.map((r) => ({
      name: r.name, tableName: r.table_name, event: r.event,
      timing: /^INSTEAD OF/.test(r.trigger_type) ? 'INSTEAD OF' : /^BEFORE/.test(r.trigger_type) ? 'BEFORE' : 'AFTER',
    }));
  }

  async sequences(loc: Location): Promise<SequenceInfo[]> {
    return (await this.query<Q.SequenceRow>(Q.SEQUENCES_SQL, { schema: this.schema(loc) })).map((s) => ({
      name: s.name, start: s.last_number, increment: s.increment, minValue: s.min_value, maxValue: s.max_value, cycle: s.cycle === 'Y',
    }));
  }

  async tableDdl(loc: TableLocation): Promise<string> {
    const [row] = await this.query<{ ddl: string }>(Q.TABLE_DDL_SQL, { schema: this.schema(loc), tbl: loc.tableName });
    return (row?.ddl ?? '').trim();
  }

  /** The whole schema in seven queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const schema = this.schema(loc);
    const tables = (await this.tables(loc, { pageSize: 1_000_000 })).data;
    const columns = groupBy(await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, { schema, tbl: null }), (r) => r.table_name);
    const keys = await this.readKeys(schema, null);
    const indexes = await this.readIndexes(schema, null);
    const views = await this.views(loc);
    const routines = await this.routines(schema);
    const cols = (name: string) => (columns.get(name) ?? []).map((c) => this.column(c));
    return {
      databaseName: null,
      schemaName: schema,
      tables: tables.map((t) => ({ name: t.name, comment: t.comment, columns: cols(t.name), keys: keys.get(t.name) ?? [], indexes: indexes.get(t.name) ?? [] })),
      views: views.map((v) => ({ ...v, columns: cols(v.name) })),
      functions: routines.filter((r) => r.kind === 'FUNCTION').map(({ kind: _, ...r }) => r),
      procedures: routines.filter((r) => r.kind === 'PROCEDURE').map(({ kind: _, ...r }) => r),
      sequences: await this.sequences(loc),
    };
  }

  private column(r: Q.ColumnRow): ColumnInfo {
    const columnType = oracleColumnType(r);
    return {
      name: r.name, columnType, dataType: this.dialect.columnType(columnType), nullable: r.nullable === 'Y',
      defaultValue: r.default_value?.trim() || null, comment: r.comment, primaryKey: Number(r.primary_key) === 1,
      autoIncrement: !!r.identity, identity: r.identity === 'ALWAYS' ? 'ALWAYS' : r.identity ? 'BY DEFAULT' : null,
      ordinal: Number(r.ordinal), length: r.char_length || null, precision: r.precision, scale: r.scale,
    };
  }

  private async readKeys(schema: string, table: string | null): Promise<Map<string, KeyInfo[]>> {
    const rows = await this.query<Q.KeyRow>(Q.KEYS_SQL, { schema, tbl: table });
    return keysByTable(rows.map((r) => ({ ...r, type: KEY_TYPES[r.type] ?? 'CHECK', on_update: null })));
  }

  private async readIndexes(schema: string, table: string | null): Promise<Map<string, IndexInfo[]>> {
    const rows = await this.query<Q.IndexRow>(Q.INDEXES_SQL, { schema, tbl: table });
    return indexesByTable(rows.map((r) => ({
      table_name: r.table_name, name: r.name, unique: r.uniqueness === 'UNIQUE', primary: Number(r.is_primary) > 0,
      method: r.index_type, column_name: r.expression ?? r.column_name, descending: r.descend === 'DESC',
    })));
  }

  private async routines(schema: string): Promise<(RoutineInfo & { kind: string })[]> {
    const objects = await this.query<Q.RoutineRow>(Q.ROUTINES_SQL, { schema });
    const args = groupBy(await this.query<Q.ArgumentRow>(Q.ARGUMENTS_SQL, { schema }), (a) => a.routine);
    return objects.map((o) => {
      const list = args.get(o.name) ?? [];
      return {
        name: o.name, kind: o.type,
        returnType: list.find((a) => Number(a.position) === 0)?.type ?? null,
        parameters: list.filter((a) => Number(a.position) > 0 && a.mode !== 'OUT').map((a) => ({ parameterName: a.name ?? '', parameterType: a.type ?? '' })),
      };
    });
  }
}
