/** PostgreSQL Metadata: runs the catalog queries of catalog-sql.ts and maps their rows to the contract. */
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, RoutineInfo, RoutineKind, SequenceInfo,
  SchemaObjectInfo, TableInfo, TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { groupMappedInSlices } from '../shared/group-by.js';
import { containsPattern, pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';
import { buildTableDdl } from './ddl.js';
import { readSchemaObjects } from './objects.js';

export type RunQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

const TABLE_KINDS = ['r', 'p', 'f'];
const VIEW_KINDS = ['v', 'm'];
const ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

export class PgMetadata implements Metadata {
  constructor(private readonly query: RunQuery, private readonly dialect: Dialect, private readonly defaultSchema: () => string) {}

  private schema(loc: Location): string {
    return loc.schemaName || this.defaultSchema();
  }

  async databases() {
    return this.query<{ name: string }>(Q.DATABASES_SQL);
  }

  async schemas(databaseName?: string | null) {
    const rows = await this.query<{ name: string }>(Q.SCHEMAS_SQL);
    return rows.map((r) => ({ name: r.name, databaseName: databaseName ?? null }));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const schema = this.schema(loc);
    const pattern = containsPattern(page?.searchKey);
    const rows = await this.query<Q.TableRow>(Q.TABLES_PAGE_SQL, [schema, pattern, w.limit + 1, w.offset]);
    const hasMore = rows.length > w.limit;
    const data = rows.slice(0, w.limit).map((r) => ({ name: r.name, comment: r.comment, type: 'TABLE' as const }));
    const total = !hasMore && (data.length > 0 || w.offset === 0)
      ? w.offset + data.length
      : (await this.query<{ total: number }>(Q.TABLES_COUNT_SQL, [schema, pattern]))[0]!.total;
    return pageResult(data, total, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    const rows = await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [this.schema(loc), loc.tableName, TABLE_KINDS]);
    return rows.map((r) => this.column(r));
  }

  async columnsOf(loc: Location, tableNames: string[]): Promise<Map<string, ColumnInfo[]>> {
    if (!tableNames.length) return new Map();
    const rows = await this.query<Q.ColumnRow>(Q.COLUMNS_OF_TABLES_SQL, [this.schema(loc), tableNames]);
    return groupMappedInSlices(rows, (r) => r.table_name, (c) => this.column(c));
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    const rows = await this.query<Q.KeyRow>(Q.KEYS_SQL, [this.schema(loc), loc.tableName]);
    return rows.map(key);
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    const rows = await this.query<Q.IndexRow>(Q.INDEXES_SQL, [this.schema(loc), loc.tableName]);
    return rows.map(index);
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    const rows = await this.query<Q.ViewRow>(Q.VIEWS_SQL, [this.schema(loc)]);
    return rows.map((r) => ({ name: r.name, comment: r.comment, definition: r.definition, ...(r.kind === 'm' ? { materialized: true } : {}) }));
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    const rows = await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [this.schema(loc), loc.tableName, VIEW_KINDS]);
    return rows.map((r) => this.column(r));
  }

  async functions(loc: Location): Promise<RoutineInfo[]> {
    return (await this.query<Q.RoutineRow>(Q.ROUTINES_SQL, [this.schema(loc), ['f']])).map(routine);
  }

  async procedures(loc: Location): Promise<RoutineInfo[]> {
    return (await this.query<Q.RoutineRow>(Q.ROUTINES_SQL, [this.schema(loc), ['p']])).map(routine);
  }

  async routineDefinition(loc: Location, kind: RoutineKind, name: string, specificName?: string | null): Promise<string | null> {
    const rows = await this.query<{ definition: string | null }>(Q.ROUTINE_DEFINITION_SQL, [this.schema(loc), name, specificName ?? null, kind === 'PROCEDURE' ? ['p'] : ['f', 'a', 'w']]);
    const texts = rows.map((r) => r.definition?.trim()).filter((d): d is string => !!d);
    return texts.length ? texts.map((d) => `${d};`).join('\n\n') : null;
  }

  async triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]> {
    const rows = await this.query<Q.TriggerRow>(Q.TRIGGERS_SQL, [this.schema(loc), loc.tableName ?? null]);
    return rows.map((r) => ({ name: r.name, tableName: r.table_name, event: r.event, timing: r.timing, definition: r.definition }));
  }

  async sequences(loc: Location): Promise<SequenceInfo[]> {
    const rows = await this.query<Q.SequenceRow>(Q.SEQUENCES_SQL, [this.schema(loc)]);
    return rows.map((r) => ({
      name: r.name, dataType: r.data_type, start: r.start, increment: r.increment, minValue: r.min_value, maxValue: r.max_value,
      cycle: r.cycle, ownedBy: r.owned_by,
    }));
  }

  async tableDdl(loc: TableLocation): Promise<string> {
    const schema = this.schema(loc);
    const [relations, columns, keys, indexes] = [
      await this.query<Q.RelationRow>(Q.RELATIONS_SQL, [schema, loc.tableName]),
      await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [schema, loc.tableName, TABLE_KINDS]),
      await this.query<Q.KeyRow>(Q.KEYS_SQL, [schema, loc.tableName]),
      await this.query<Q.IndexRow>(Q.INDEXES_SQL, [schema, loc.tableName]),
    ];
    const relation = relations[0];
    if (!relation) throw new Error(`Table "${schema}"."${loc.tableName}" does not exist.`);
    return buildTableDdl(this.dialect, schema, relation, columns, keys, indexes);
  }

  /** The whole schema in seven queries, whatever its size. */
  async catalog(loc: Location): Promise<Catalog> {
    const schema = this.schema(loc);
    const relations = await this.query<Q.RelationRow>(Q.RELATIONS_SQL, [schema, null]);
    const columns = await this.query<Q.ColumnRow>(Q.COLUMNS_SQL, [schema, null, [...TABLE_KINDS, ...VIEW_KINDS]]);
    const keys = await this.query<Q.KeyRow>(Q.KEYS_SQL, [schema, null]);
    const indexes = await this.query<Q.IndexRow>(Q.INDEXES_SQL, [schema, null]);
    const views = await this.views({ schemaName: schema });
    const routines = await this.query<Q.RoutineRow>(Q.ROUTINES_SQL, [schema, ['f', 'p']]);
    const sequences = await this.sequences({ schemaName: schema });

    // Folded in slices: on a 30,000-table schema this is 300,000 columns, too long for one turn of a server's event loop.
    const columnsOf = await groupMappedInSlices(columns, (r) => r.table_name, (c) => this.column(c));
    const keysOf = await groupMappedInSlices(keys, (r) => r.table_name, key);
    const indexesOf = await groupMappedInSlices(indexes, (r) => r.table_name, index);
    return {
      databaseName: loc.databaseName ?? null,
      schemaName: schema,
      tables: relations.map((t) => ({
        name: t.name,
        comment: t.comment,
        ...(t.partition_key ? { partitionKey: t.partition_key } : {}),
        ...(t.partition_of ? { partitionOf: t.partition_of } : {}),
        columns: columnsOf.get(t.name) ?? [],
        keys: keysOf.get(t.name) ?? [],
        indexes: indexesOf.get(t.name) ?? [],
      })),
      views: views.map((v) => ({ ...v, columns: columnsOf.get(v.name) ?? [] })),
      functions: routines.filter((r) => r.kind !== 'p').map(routine),
      procedures: routines.filter((r) => r.kind === 'p').map(routine),
      sequences,
    };
  }

  /** Schema sync's objects beyond tables, views and sequences (postgres/objects.ts). */
  async schemaObjects(loc: Location): Promise<SchemaObjectInfo[]> {
    return readSchemaObjects(this.query, this.schema(loc));
  }

  private column(r: Q.ColumnRow): ColumnInfo {
    const { length, precision, scale } = typmodDetail(r.type_name, r.typmod);
    return {
      name: r.name,
      columnType: r.column_type,
      dataType: this.dialect.columnType(r.column_type),
      nullable: r.nullable,
      defaultValue: r.generated ? null : r.default_value,
      comment: r.comment,
      primaryKey: r.primary_key,
      autoIncrement: r.identity !== '' || /^nextval\(/i.test(r.default_value ?? ''),
      identity: r.identity === 'a' ? 'ALWAYS' : r.identity === 'd' ? 'BY DEFAULT' : null,
      ...(r.generated === 's' ? { generatedExpression: r.default_value, generatedStored: true } : {}),
      ordinal: r.ordinal,
      length, precision, scale,
      collation: r.collation,
    };
  }
}

function key(r: Q.KeyRow): KeyInfo {
  const type = ({ p: 'PRIMARY', u: 'UNIQUE', f: 'FOREIGN', c: 'CHECK' } as const)[r.type as 'p' | 'u' | 'f' | 'c'];
  const info: KeyInfo = { name: r.name, type, columns: r.columns };
  if (type === 'FOREIGN') {
    info.referencedTable = r.referenced_table;
    info.referencedSchema = r.referenced_schema;
    info.referencedColumns = r.referenced_columns;
    info.onUpdate = ACTIONS[r.on_update] ?? null;
    info.onDelete = ACTIONS[r.on_delete] ?? null;
  }
  if (type === 'CHECK') info.checkExpression = r.definition.replace(/^CHECK\s*/i, '').replace(/\s+NOT VALID$/i, '');
  const deferrable = /\bDEFERRABLE INITIALLY DEFERRED\b/.test(r.definition) ? 'DEFERRABLE INITIALLY DEFERRED' : /(?<!NOT )\bDEFERRABLE\b/.test(r.definition) ? 'DEFERRABLE' : null;
  if (deferrable) info.deferrable = deferrable;
  return info;
}

function index(r: Q.IndexRow): IndexInfo {
  return {
    name: r.name,
    unique: r.unique,
    primary: r.primary,
    method: r.method,
    where: r.where,
    definition: r.definition,
    constraintBacked: r.constraint_backed,
    columns: (r.columns ?? []).map((c) => ({
      name: c.name ?? c.expression ?? '',
      order: c.desc ? 'DESC' as const : 'ASC' as const,
      ...(c.expression ? { expression: c.expression } : {}),
    })),
  };
}

function routine(r: Q.RoutineRow): RoutineInfo {
  return {
    name: r.name,
    specificName: r.specific_name,
    returnType: r.return_type,
    comment: r.comment,
    parameters: (r.parameters ?? [])
      .filter((p) => p.mode !== 'o' && p.mode !== 't')
      .map((p) => ({ parameterName: p.name, parameterType: p.type })),
  };
}

/** Length, precision and scale from a type modifier (what information_schema.columns would report). */
function typmodDetail(typeName: string, typmod: number): { length: number | null; precision: number | null; scale: number | null } {
  const none = { length: null, precision: null, scale: null };
  if (typmod < 0) return none;
  if (typeName === 'varchar' || typeName === 'bpchar') return { ...none, length: typmod - 4 };
  if (typeName === 'numeric') return { ...none, precision: ((typmod - 4) >> 16) & 0xffff, scale: (typmod - 4) & 0xffff };
  if (typeName === 'bit' || typeName === 'varbit') return { ...none, length: typmod };
  return none;
}
