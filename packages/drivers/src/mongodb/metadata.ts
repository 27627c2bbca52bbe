/**
 * MongoDB as a tree (spec: schemas only): the schemas are MongoDB databases, the tables are
 * collections, the columns are the fields of a sample of documents, keys are _id, indexes are
 * listIndexes. MongoDB has no catalog query across collections, so the bulk catalog lists
 * collections once and then samples each (up to 200 collections).
 */
import type { Db, MongoClient } from 'mongodb';
import type {
  Catalog, ColumnInfo, IndexInfo, KeyInfo, Location, Metadata, PageRequest, PageResult, TableInfo, TableLocation, ViewInfo,
} from '../driver.js';
import { pageResult, pageWindow } from '../shared/paging.js';
import { fieldTypes, specTypeOfBson } from './values.js';

const SAMPLE = 100;
const CATALOG_COLLECTIONS = 200;
const CATALOG_SAMPLE = 20;

export class MongoMetadata implements Metadata {
  constructor(private readonly client: MongoClient, private readonly currentDb: () => string) {}

  private db(loc: Location): Db {
    return this.client.db(loc.schemaName || loc.databaseName || this.currentDb());
  }

  async databases() {
    return [];
  }

  async schemas() {
    const { databases } = await this.client.db('admin').admin().listDatabases({ nameOnly: true });
    return databases.map((d) => ({ name: d.name, databaseName: null })).sort((a, b) => a.name.localeCompare(b.name));
  }

  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const w = pageWindow(page);
    const key = page?.searchKey?.trim().toLowerCase();
    const names = (await this.collections(loc, 'collection')).filter((n) => !key || n.toLowerCase().includes(key));
    const data = names.slice(w.offset, w.offset + w.limit).map((name) => ({ name, comment: null, type: 'TABLE' as const }));
    return pageResult(data, names.length, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.sampleColumns(this.db(loc), loc.tableName, SAMPLE);
  }

  async viewColumns(loc: TableLocation): Promise<ColumnInfo[]> {
    return this.columns(loc);
  }

  /** Every collection is keyed by _id. */
  async keys(): Promise<KeyInfo[]> {
    return [{ name: '_id_', type: 'PRIMARY', columns: ['_id'] }];
  }

  async indexes(loc: TableLocation): Promise<IndexInfo[]> {
    return indexesOf(await this.db(loc).collection(loc.tableName).listIndexes().toArray());
  }

  async views(loc: Location): Promise<ViewInfo[]> {
    const infos = await this.db(loc).listCollections({ type: 'view' }).toArray();
    return infos.map((v) => ({ name: v.name, comment: null, definition: JSON.stringify((v as { options?: unknown }).options ?? {}) }));
  }

  async functions() {
    return [];
  }

  async procedures() {
    return [];
  }

  async triggers() {
    return [];
  }

  /** The mongosh commands that recreate the collection's options and indexes. */
  async tableDdl(loc: TableLocation): Promise<string> {
    const db = this.db(loc);
    const [info] = await db.listCollections({ name: loc.tableName }).toArray();
    if (!info) throw new Error(`Collection ${loc.tableName} does not exist.`);
    const name = JSON.stringify(loc.tableName);
    const lines = [`db.createCollection(${name}, ${JSON.stringify((info as { options?: unknown }).options ?? {})});`];
    for (const ix of await db.collection(loc.tableName).listIndexes().toArray()) {
      if (ix.name === '_id_') continue;
      const { key, name: ixName, v: _v, ...options } = ix as { key: unknown; name: string; v?: unknown };
      lines.push(`db.getCollection(${name}).createIndex(${JSON.stringify(key)}, ${JSON.stringify({ name: ixName, ...options })});`);
    }
    return lines.join('\n');
  }

  async catalog(loc: Location): Promise<Catalog> {
    const db = this.db(loc);
    const names = (await this.collections(loc, 'collection')).slice(0, CATALOG_COLLECTIONS);
    const views = await this.views(loc);
    const tables = [];
    for (const name of names) {
      tables.push({
        name, comment: null,
        columns: await this.sampleColumns(db, name, CATALOG_SAMPLE),
        keys: [{ name: '_id_', type: 'PRIMARY' as const, columns: ['_id'] }],
        indexes: indexesOf(await db.collection(name).listIndexes().toArray()),
      });
    }
    return { databaseName: null, schemaName: db.databaseName, tables, views: views.map((v) => ({ ...v, columns: [] })), functions: [], procedures: [] };
  }

  private async collections(loc: Location, type: 'collection' | 'view'): Promise<string[]> {
    const infos = await this.db(loc).listCollections({ type }, { nameOnly: true }).toArray();
    return infos.map((c) => c.name).filter((n) => !n.startsWith('system.')).sort();
  }

  private async sampleColumns(db: Db, collection: string, size: number): Promise<ColumnInfo[]> {
    const docs = await db.collection(collection).aggregate([{ $sample: { size } }]).toArray();
    return [...fieldTypes(docs as Record<string, unknown>[])].map(([name, type], i) => ({
      name, columnType: type, dataType: specTypeOfBson(type), nullable: name !== '_id', defaultValue: null, comment: null,
      primaryKey: name === '_id', autoIncrement: false, ordinal: i + 1,
    }));
  }
}

function indexesOf(list: Record<string, unknown>[]): IndexInfo[] {
  return list.map((ix) => {
    const key = (ix.key ?? {}) as Record<string, unknown>;
    const methods = Object.values(key).filter((v) => typeof v === 'string');
    return {
      name: String(ix.name),
      unique: ix.unique === true || ix.name === '_id_',
      primary: ix.name === '_id_',
      method: methods.length ? String(methods[0]) : 'btree',
      where: ix.partialFilterExpression ? JSON.stringify(ix.partialFilterExpression) : null,
      columns: Object.entries(key).map(([name, dir]) => ({ name, order: dir === -1 ? 'DESC' as const : 'ASC' as const })),
    };
  });
}
