/** SQL Server Metadata over sys.* (catalog-sql.ts); table DDL rebuilt from the same rows. */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, RoutineKind, TableInfo,
  TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { indexesByTable, keysByTable } from '../shared/catalog-rows.js';
import { groupBy } from '../shared/group-by.js';
import { containsPattern, pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';
import { typeText } from './values.js';

export type RunQuery = <T>(sql: string, params?: Record<string, unknown>) => Promise<T[]>;

const KEY_TYPES: Record<string, KeyInfo['type']> = { PK: 'PRIMARY', UQ: 'UNIQUE', F: 'FOREIGN', C: 'CHECK' };
const ROUTINE_TYPES = new Set(['FN', 'IF', 'TF']);

export class SqlServerMetadata implements Metadata {
  constructor(private readonly query: RunQuery, private readonly dialect: Dialect, private readonly currentDb: () => string | null) {}

  private db(loc: Location): string {
    const name = loc.databaseName || this.currentDb() || 'master';
    return this.dialect.quoteIdentifier(name, true);
  }

  private schema(loc: Location): string {
    return loc.schemaName || 'dbo';
  }

  async databases() {
    return this.query<{ name: string }>(Q.DATABASES_SQL);
  }

  async schemas(databaseName?: string | null) {
    const rows = await this.query<{ name: string }>(Q.schemasSql(this.db({ databaseName })));
    return rows.map((r) => ({ name: r.name, databaseName: databaseName ?? this.currentDb() }));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const rows = await this.query<Q.TableRow>(Q.tablesPageSql(this.db(loc)), {
      schema: this.schema(loc), pattern: containsPattern(page?.searchKey), offset: w.offset, limit: w.limit,
    });
    return pageResult(rows.map((r) => ({ name: r.name, comment: r.comment, type: 'TABLE' as const })), rows[0]?.total ?? w.offset, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    return (await this.columnRows(loc, loc.tableName, 'U')).map((r) => this.column(r));
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return (await this.columnRows(loc, loc.tableName, 'V')).map((r) => this.column(r));
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    return (await this.readKeys(loc, loc.tableName)).get(loc.tableName) ?? [];
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    return (await this.readIndexes(loc, loc.tableName)).get(loc.tableName) ?? [];
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    return (await this.objects(loc)).filter((o) => o.type === 'V').map((o) => ({ name: o.name, comment: o.comment, definition: o.definition }));
  }

  async functions(loc: Location): Promise<RoutineInfo[]> {
    return this.routines(loc, (t) => ROUTINE_TYPES.has(t));
  }

  async procedures(loc: Location): Promise<RoutineInfo[]> {
    return this.routines(loc, (t) => t === 'P');
  }

  async routineDefinition(loc: Location, kind: RoutineKind, name: string): Promise<string | null> {
    const rows = await this.query<{ definition: string | null }>(Q.routineDefinitionSql(this.db(loc)), {
      schema: this.schema(loc), name, kinds: kind === 'PROCEDURE' ? 'P' : [...ROUTINE_TYPES].join(','),
    });
    return rows[0]?.definition?.trim() || null;
  }

  async triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]> {
    return (await this.objects(loc))
      .filter((o) => o.type === 'TR' && (!loc.tableName || o.table_name === loc.tableName))
      .map((o) => ({ name: o.name, tableName: o.table_name, timing: o.timing, event: o.event, definition: o.definition }));
  }

  async tableDdl(loc: TableLocation): Promise<string> {
    const q = (n: string) => this.dialect.quoteIdentifier(n, true);
    const schema = this.schema(loc);
    const columns = await this.columnRows(loc, loc.tableName, 'U');
    const keys = (await this.readKeys(loc, loc.tableName)).get(loc.tableName) ?? [];
    const indexes = (await this.readIndexes(loc, loc.tableName)).get(loc.tableName) ?? [];
    const table = `${q(schema)}.${q(loc.tableName)}`;
    const lines = columns.map((c) => {
      if (c.computed) return `  ${q(c.name)} AS ${c.computed}`;
      const parts = [q(c.name), typeText(c.type_name, c.max_length, c.precision, c.scale)];
      if (c.is_sparse) parts.push('SPARSE');
      if (c.is_identity) parts.push(`IDENTITY(${c.seed ?? 1},${c.increment ?? 1})`);
      if (c.collation) parts.push(`COLLATE ${c.collation}`);
      parts.push(c.nullable ? 'NULL' : 'NOT NULL');
      if (c.default_value) parts.push(`DEFAULT ${c.default_value}`);
      return '  ' + parts.join(' ');
    });
    const cols = (names: string[]) => names.map(q).join(', ');
    for (const k of keys) {
      if (k.type === 'PRIMARY') lines.push(`  CONSTRAINT ${q(k.name)} PRIMARY KEY (${cols(k.columns)})`);
      else if (k.type === 'UNIQUE') lines.push(`  CONSTRAINT ${q(k.name)} UNIQUE (${cols(k.columns)})`);
      else if (k.type === 'CHECK') lines.push(`  CONSTRAINT ${q(k.name)} CHECK ${k.checkExpression}`);
      else {
        const actions = [k.onDelete && k.onDelete !== 'NO_ACTION' ? ` ON DELETE ${k.onDelete.replace('_', ' ')}` : '', k.onUpdate && k.onUpdate !== 'NO_ACTION' ? ` ON UPDATE ${k.onUpdate.replace('_', ' ')}` : ''].join('');
        lines.push(`  CONSTRAINT ${q(k.name)} FOREIGN KEY (${cols(k.columns)}) REFERENCES ${q(k.referencedSchema ?? schema)}.${q(k.referencedTable ?? '')} (${cols(k.referencedColumns ?? [])})${actions}`);
      }
    }
    const out = [`CREATE TABLE ${table} (\n${lines.join(',\n')}\n);`];
    const constraintNames = new Set(keys.map((k) => k.name));
    for (const ix of indexes) {
      if (constraintNames.has(ix.name)) continue;
      const columnsText = ix.columns.map((c) => `${q(c.name)}${c.order === 'DESC' ? ' DESC' : ''}`).join(', ');
      out.push(`CREATE ${ix.unique ? 'UNIQUE ' : ''}${ix.method === 'CLUSTERED' ? 'CLUSTERED' : 'NONCLUSTERED'} INDEX ${q(ix.name)} ON ${table} (${columnsText})${ix.where ? ` WHERE ${ix.where}` : ''};`);
    }
    return out.join('\n');
  }

  /** The whole schema in six queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const [tables, views, keys, indexes, objects] = [
      groupBy(await this.columnRows(loc, null, 'U'), (r) => r.table_name),
      groupBy(await this.columnRows(loc, null, 'V'), (r) => r.table_name),
      await this.readKeys(loc, null),
      await this.readIndexes(loc, null),
      await this.objects(loc),
    ];
    const params = groupBy(await this.query<Q.ParameterRow>(Q.parametersSql(this.db(loc)), { schema: this.schema(loc) }), (p) => p.routine);
    const comments = new Map((await this.tables(loc, { pageSize: 100_000 })).data.map((t) => [t.name, t.comment]));
    const routine = (o: Q.ObjectRow): RoutineInfo => ({ name: o.name, comment: o.comment, parameters: parametersOf(params.get(o.name)) });
    return {
      databaseName: loc.databaseName ?? this.currentDb(),
      schemaName: this.schema(loc),
      tables: [...tables].map(([name, cols]) => ({
        name, comment: comments.get(name) ?? null, columns: cols.map((c) => this.column(c)), keys: keys.get(name) ?? [], indexes: indexes.get(name) ?? [],
      })),
      views: objects.filter((o) => o.type === 'V').map((o) => ({ name: o.name, comment: o.comment, definition: o.definition, columns: (views.get(o.name) ?? []).map((c) => this.column(c)) })),
      functions: objects.filter((o) => ROUTINE_TYPES.has(o.type)).map(routine),
      procedures: objects.filter((o) => o.type === 'P').map(routine),
    };
  }

  private columnRows(loc: Location, table: string | null, kind: 'U' | 'V'): Promise<Q.ColumnRow[]> {
    return this.query<Q.ColumnRow>(Q.columnsSql(this.db(loc)), { schema: this.schema(loc), table, kind });
  }

  private objects(loc: Location): Promise<Q.ObjectRow[]> {
    return this.query<Q.ObjectRow>(Q.objectsSql(this.db(loc)), { schema: this.schema(loc) });
  }

  private async routines(loc: Location, kind: (type: string) => boolean): Promise<RoutineInfo[]> {
    const objects = (await this.objects(loc)).filter((o) => kind(o.type));
    const params = groupBy(await this.query<Q.ParameterRow>(Q.parametersSql(this.db(loc)), { schema: this.schema(loc) }), (p) => p.routine);
    return objects.map((o) => ({ name: o.name, comment: o.comment, parameters: parametersOf(params.get(o.name)) }));
  }

  private async readKeys(loc: Location, table: string | null): Promise<Map<string, KeyInfo[]>> {
    const rows = await this.query<Q.KeyRow>(Q.keysSql(this.db(loc)), { schema: this.schema(loc), table });
    return keysByTable(rows.map((r) => ({ ...r, type: KEY_TYPES[r.type.trim()] ?? 'CHECK', check_expression: r.definition })));
  }

  private async readIndexes(loc: Location, table: string | null): Promise<Map<string, IndexInfo[]>> {
    const rows = await this.query<Q.IndexRow>(Q.indexesSql(this.db(loc)), { schema: this.schema(loc), table });
    return indexesByTable(rows.map((r) => ({
      table_name: r.table_name, name: r.name, unique: r.is_unique, primary: r.is_primary_key, method: r.type_desc, where: r.filter,
      column_name: r.column_name, descending: r.is_descending_key,
    })));
  }

  private column(r: Q.ColumnRow): ColumnInfo {
    const columnType = typeText(r.type_name, r.max_length, r.precision, r.scale);
    return {
      name: r.name, columnType, dataType: this.dialect.columnType(columnType), nullable: r.nullable, defaultValue: r.default_value,
      comment: r.comment, primaryKey: r.primary_key, autoIncrement: r.is_identity, identity: r.is_identity ? 'BY DEFAULT' : null,
      ordinal: r.ordinal, precision: r.precision || null, scale: r.scale || null, collation: r.collation, ...(r.is_sparse ? { sparse: true } : {}),
      length: /char|binary/.test(r.type_name) ? (r.max_length < 0 ? -1 : /^n/.test(r.type_name) ? r.max_length / 2 : r.max_length) : null,
    };
  }
}

function parametersOf(rows: Q.ParameterRow[] | undefined) {
  return (rows ?? []).filter((p) => !p.is_output).map((p) => ({ parameterName: p.name.replace(/^@/, ''), parameterType: p.type_name }));
}
