/** SQLite Metadata: sqlite_master + pragma table-valued functions (catalog-sql.ts), one query per concern. */
import type Database from 'better-sqlite3';
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, TableInfo, TableLocation, TriggerInfo, ViewInfo,
} from '../driver.js';
import { groupBy, pushTo } from '../shared/group-by.js';
import { containsPattern, pageResult, pageWindow } from '../shared/paging.js';
import * as Q from './catalog-sql.js';
import { checksOf, columnCollationsOf, generatedColumnsOf, indexPartsOf, tableFlagsOf } from './create-sql.js';
import { sqliteSchemaObjects } from './objects.js';

export class SqliteMetadata implements Metadata {
  constructor(private readonly db: Database.Database, private readonly dialect: Dialect) {}

  private all<T>(sql: string, params: Record<string, unknown>): T[] {
    const stmt = this.db.prepare(sql);
    stmt.safeIntegers(false);
    return stmt.all(params) as T[];
  }

  private schema(loc: Location): { q: string; name: string } {
    const name = loc.databaseName || 'main';
    return { q: this.dialect.quoteIdentifier(name, true), name };
  }

  async databases() {
    return this.all<{ name: string }>(Q.DATABASES_SQL, {});
  }

  /** SQLite has databases (main, temp, attached) but no schemas (spec 01 §3). */
  async schemas() {
    return [];
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const s = this.schema(loc);
    const pattern = containsPattern(page?.searchKey);
    const rows = this.all<Q.TableRow>(Q.tablesPageSql(s.q), { pattern, limit: w.limit + 1, offset: w.offset });
    const hasMore = rows.length > w.limit;
    const data = rows.slice(0, w.limit).map((r) => ({ name: r.name, comment: null, type: 'TABLE' as const }));
    const total = !hasMore && (data.length > 0 || w.offset === 0)
      ? w.offset + data.length
      : this.all<{ total: number }>(Q.tablesCountSql(s.q), { pattern })[0]!.total;
    return pageResult(data, total, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.readColumns(loc, loc.tableName).get(loc.tableName) ?? [];
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.columns(loc);
  }

  async keys(loc: TableLocation): Promise<KeyInfo[]> {
    return this.readKeys(loc, loc.tableName).get(loc.tableName) ?? [];
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    return this.readIndexes(loc, loc.tableName).get(loc.tableName) ?? [];
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    return this.objects(loc, null).filter((o) => o.type === 'view').map((o) => ({ name: o.name, comment: null, definition: o.sql }));
  }

  /** SQLite has no stored functions or procedures. */
  async functions() {
    return [];
  }

  async procedures() {
    return [];
  }

  async triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]> {
    return this.objects(loc, loc.tableName ?? null).filter((o) => o.type === 'trigger').map((o) => {
      const head = (o.sql ?? '').replace(/^[\s\S]*?\bTRIGGER\b/i, '').split(/\bON\b/i)[0] ?? '';
      return {
        name: o.name,
        tableName: o.tbl_name,
        timing: /\bINSTEAD\s+OF\b/i.test(head) ? 'INSTEAD OF' : /\bAFTER\b/i.test(head) ? 'AFTER' : 'BEFORE',
        event: /\b(INSERT|UPDATE|DELETE)\b/i.exec(head)?.[1]?.toUpperCase() ?? null,
        definition: o.sql,
      };
    });
  }

  /** The CREATE TABLE text as stored, then its indexes and triggers. */
  async tableDdl(loc: TableLocation): Promise<string> {
    const objects = this.objects(loc, loc.tableName).filter((o) => o.sql);
    const order = ['table', 'index', 'trigger'];
    return objects
      .filter((o) => order.includes(o.type))
      .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))
      .map((o) => `${o.sql};`)
      .join('\n');
  }

  /** A whole database in four queries. */
  async catalog(loc: Location): Promise<Catalog> {
    const objects = this.objects(loc, null);
    const columns = this.readColumns(loc, null, objects);
    const keys = this.readKeys(loc, null, columns, objects);
    const indexes = this.readIndexes(loc, null);
    return {
      databaseName: this.schema(loc).name,
      schemaName: null,
      tables: objects.filter((o) => o.type === 'table').map((o) => ({
        name: o.name, comment: null, options: sqliteOptions(o.sql), columns: columns.get(o.name) ?? [], keys: keys.get(o.name) ?? [], indexes: indexes.get(o.name) ?? [],
      })),
      views: objects.filter((o) => o.type === 'view').map((o) => ({ name: o.name, comment: null, definition: o.sql, columns: columns.get(o.name) ?? [] })),
      functions: [],
      procedures: [],
    };
  }

  /** Triggers, as sqlite_master keeps their text (issue 26); tables, indexes and views come from the catalog. */
  async schemaObjects(loc: Location) {
    return sqliteSchemaObjects(this.objects(loc, null), (n) => this.dialect.quoteIdentifier(n, true));
  }

  private objects(loc: Location, table: string | null): Q.ObjectRow[] {
    return this.all<Q.ObjectRow>(Q.objectsSql(this.schema(loc).q), { table });
  }

  private readColumns(loc: Location, table: string | null, knownObjects?: Q.ObjectRow[]): Map<string, ColumnInfo[]> {
    const s = this.schema(loc);
    const rows = this.all<Q.ColumnRow>(Q.columnsSql(s.q), { schema: s.name, table });
    const sqlOf = new Map((knownObjects ?? this.objects(loc, table)).filter((o) => o.type === 'table').map((o) => [o.name, o.sql]));
    const out = new Map<string, ColumnInfo[]>();
    for (const [name, cols] of groupBy(rows, (r) => r.table_name)) {
      const pkCount = cols.filter((c) => c.pk > 0).length;
      const flags = tableFlagsOf(sqlOf.get(name) ?? null);
      // Generated columns (table_xinfo hidden 2 = virtual, 3 = stored): their expression is in the CREATE text.
      const generated = cols.some((c) => c.hidden >= 2) ? generatedColumnsOf(sqlOf.get(name) ?? null) : new Map();
      const collations = columnCollationsOf(sqlOf.get(name) ?? null);
      // The rowid alias (a lone INTEGER PRIMARY KEY) and WITHOUT ROWID keys are never NULL; other keys
      // of a rowid table take NULL unless declared NOT NULL (SQLite's documented legacy).
      const rowidAlias = (c: Q.ColumnRow) => !flags.withoutRowid && pkCount === 1 && c.pk === 1 && c.type.toUpperCase() === 'INTEGER';
      out.set(name, cols.map((c) => ({
        name: c.name,
        columnType: c.type,
        dataType: this.dialect.columnType(c.type),
        nullable: c.not_null === 0 && !(c.pk > 0 && (flags.withoutRowid || rowidAlias(c))),
        defaultValue: c.default_value,
        comment: null,
        primaryKey: c.pk > 0,
        // Only a key declared AUTOINCREMENT (issue 26): a plain rowid alias reuses freed rowids.
        autoIncrement: flags.autoIncrement && rowidAlias(c),
        ordinal: c.cid + 1,
        ...(collations.has(c.name) ? { collation: collations.get(c.name)! } : {}),
        ...(c.hidden >= 2 && generated.has(c.name) ? { generatedExpression: generated.get(c.name)!.expression, generatedStored: c.hidden === 3 } : {}),
      })));
    }
    return out;
  }

  private readKeys(loc: Location, table: string | null, known?: Map<string, ColumnInfo[]>, knownObjects?: Q.ObjectRow[]): Map<string, KeyInfo[]> {
    const s = this.schema(loc);
    const columns = known ?? this.readColumns(loc, table);
    const out = new Map<string, KeyInfo[]>();
    for (const [name, cols] of columns) {
      const pk = cols.filter((c) => c.primaryKey);
      if (pk.length) pushTo(out, name, { name: 'PRIMARY', type: 'PRIMARY', columns: pk.map((c) => c.name) });
    }
    const indexRows = this.all<Q.IndexColumnRow>(Q.indexesSql(s.q), { schema: s.name, table });
    for (const [id, cols] of groupBy(indexRows.filter((r) => r.origin === 'u'), (r) => `${r.table_name}\u0000${r.index_name}`)) {
      pushTo(out, id.split('\u0000')[0]!, { name: cols[0]!.index_name, type: 'UNIQUE', columns: cols.map((c) => c.column_name ?? '') });
    }
    const fks = this.all<Q.ForeignKeyRow>(Q.foreignKeysSql(s.q), { schema: s.name, table });
    // PRAGMA foreign_key_list numbers a table's keys last-declared first: read them in declaration order.
    for (const [id, cols] of [...groupBy(fks, (r) => `${r.table_name}\u0000${r.id}`)].reverse()) {
      const [tableName] = id.split('\u0000');
      const first = cols[0]!;
      // `to` is NULL when the reference names the parent's primary key implicitly.
      const implicit = cols.some((c) => c.referenced_column === null);
      const parentPk = implicit ? (this.readColumns(loc, first.referenced_table).get(first.referenced_table) ?? []).filter((c) => c.primaryKey).map((c) => c.name) : [];
      pushTo(out, tableName!, {
        name: `fk_${tableName}_${first.id}`,
        type: 'FOREIGN',
        columns: cols.map((c) => c.column_name),
        referencedTable: first.referenced_table,
        referencedColumns: implicit ? parentPk : cols.map((c) => c.referenced_column!),
        onUpdate: first.on_update,
        onDelete: first.on_delete,
      });
    }
    // CHECK constraints live only in the CREATE TABLE text.
    for (const o of knownObjects ?? this.objects(loc, table)) {
      if (o.type !== 'table' || !o.sql) continue;
      checksOf(o.sql).forEach((ck, i) => pushTo(out, o.name, {
        name: ck.name ?? `ck_${o.name}_${i + 1}`,
        type: 'CHECK',
        columns: ck.column ? [ck.column] : [],
        checkExpression: ck.expression,
      }));
    }
    return out;
  }

  private readIndexes(loc: Location, table: string | null): Map<string, IndexInfo[]> {
    const s = this.schema(loc);
    const rows = this.all<Q.IndexColumnRow>(Q.indexesSql(s.q), { schema: s.name, table });
    const out = new Map<string, IndexInfo[]>();
    for (const [id, cols] of groupBy(rows, (r) => `${r.table_name}\u0000${r.index_name}`)) {
      const first = cols[0]!;
      // Expression keys (cid -2) have no column name: their text is in the CREATE INDEX statement.
      const parts = cols.some((c) => c.cid === -2) && first.sql ? indexPartsOf(first.sql) : [];
      pushTo(out, id.split('\u0000')[0]!, {
        name: first.index_name,
        unique: first.is_unique === 1,
        primary: first.origin === 'pk',
        method: 'btree',
        where: first.partial ? /\bWHERE\b([\s\S]*)$/i.exec(first.sql ?? '')?.[1]?.trim() ?? null : null,
        columns: cols.map((c) => {
          const order = c.is_desc ? 'DESC' as const : 'ASC' as const;
          const expression = c.cid === -2 ? parts[c.seqno] : undefined;
          return expression ? { name: expression, expression, order } : { name: c.column_name ?? '(expression)', order };
        }),
      });
    }
    return out;
  }
}

function sqliteOptions(sql: string | null): { withoutRowid: boolean; strict: boolean } {
  const { withoutRowid, strict } = tableFlagsOf(sql);
  return { withoutRowid, strict };
}
