/** Reads a table as the schema model (edit mode) from the metadata endpoints, and MySQL's table options. */
import { engineFamily, fromCatalog, type TableModel } from '@askdb/schema-diff';
import type { DatabaseType } from '@askdb/contracts';
import { dialectFor } from '@askdb/sql';
import { metaApi, type TableLocation } from '../workspace/meta-api';
import type { EngineOptions } from './model';

/** The driver's Catalog shape, as schema-diff reads it (the web app does not import the drivers package). */
type Catalog = Parameters<typeof fromCatalog>[0];
type CatalogTable = Catalog['tables'][number];

export async function loadTableModel(type: DatabaseType, l: TableLocation): Promise<TableModel> {
  const family = engineFamily(type);
  if (!family) throw new Error(`Table editing is not available for ${type}`);
  const [columns, keys, indexes, list] = await Promise.all([
    metaApi.columns(l, true),
    metaApi.keys(l, true).catch(() => []),
    metaApi.indexes(l, true).catch(() => []),
    metaApi.tables(l, { searchKey: l.tableName, pageSize: 1000 }).catch(() => null),
  ]);
  if (!columns.length) throw new Error(`Table ${l.tableName} was not found`);
  const comment = list?.data.find((t) => t.name === l.tableName)?.comment ?? null;
  const catalog: Catalog = {
    databaseName: l.databaseName ?? null,
    schemaName: l.schemaName ?? null,
    tables: [{ name: l.tableName, comment, columns: columns as CatalogTable['columns'], keys: keys as CatalogTable['keys'], indexes: indexes as CatalogTable['indexes'] }],
    views: [],
    functions: [],
    procedures: [],
  };
  return fromCatalog(catalog, family).tables[0]!;
}

export async function loadEngineOptions(type: DatabaseType, l: TableLocation): Promise<EngineOptions> {
  if (engineFamily(type) !== 'mysql') return {};
  const d = dialectFor(type);
  const sql = `SELECT ENGINE, TABLE_COLLATION, AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ${l.databaseName ? d.quoteString(l.databaseName) : 'DATABASE()'} AND TABLE_NAME = ${d.quoteString(l.tableName)}`;
  const [r] = await metaApi.execute(l, sql).catch(() => []);
  const row = r?.success ? r.dataList[0] : undefined;
  if (!row) return {};
  const collation = row[1] ?? undefined;
  return { engine: row[0] ?? undefined, collation, charset: collation?.split('_')[0], autoIncrement: row[2] ?? undefined };
}
