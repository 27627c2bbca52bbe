/**
 * AI table info rows (migration 0021): one per table of a data source (collection 0) or of an AI
 * data collection, always within an organisation — another organisation's rows do not exist for the
 * caller. Writes are whole documents, conditional on the version the editor read when it sends one
 * (two editors cannot silently overwrite each other).
 */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { AiTableInfo } from '../services/ai/table-info-schema.js';

interface AiTableInfoTable {
  id: Generated<number>;
  organization_id: number;
  data_source_id: number;
  database_name: string;
  schema_name: string;
  table_name: string;
  collection_id: number;
  info_json: string;
  version: number;
  updated_by: number;
  updated_at: string;
}
type Db = Kysely<{ ai_table_info: AiTableInfoTable }>;

/** Where a table's info lives; database and schema are '' where the engine has none. */
export interface TableInfoPlace {
  dataSourceId: number;
  databaseName: string;
  schemaName: string;
  /** 0: the data source's own info. */
  collectionId: number;
}

export interface StoredTableInfo {
  tableName: string;
  collectionId: number;
  info: AiTableInfo;
  version: number;
  updatedAt: string;
}

export class TableInfoConflict extends Error {}

const toStored = (r: Pick<AiTableInfoTable, 'table_name' | 'collection_id' | 'info_json' | 'version' | 'updated_at'>): StoredTableInfo => ({
  tableName: r.table_name, collectionId: r.collection_id, info: JSON.parse(r.info_json) as AiTableInfo, version: r.version, updatedAt: r.updated_at,
});
const COLUMNS = ['table_name', 'collection_id', 'info_json', 'version', 'updated_at'] as const;

export class AiTableInfoRepo {
  private readonly db: Db;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = (db as Kysely<any>).withTables<{ ai_table_info: AiTableInfoTable }>() as unknown as Db;
  }

  private at(organizationId: number, p: TableInfoPlace) {
    return this.db.selectFrom('ai_table_info')
      .where('organization_id', '=', organizationId).where('data_source_id', '=', p.dataSourceId)
      .where('database_name', '=', p.databaseName).where('schema_name', '=', p.schemaName);
  }

  async get(organizationId: number, p: TableInfoPlace, tableName: string): Promise<StoredTableInfo | null> {
    const r = await this.at(organizationId, p).select(COLUMNS).where('collection_id', '=', p.collectionId).where('table_name', '=', tableName).executeTakeFirst();
    return r ? toStored(r) : null;
  }

  /** Every table's info at a place, for the source (collection 0) and the given collections. */
  async forPlace(organizationId: number, p: Omit<TableInfoPlace, 'collectionId'>, collectionIds: number[] = []): Promise<StoredTableInfo[]> {
    const rows = await this.at(organizationId, { ...p, collectionId: 0 }).select(COLUMNS).where('collection_id', 'in', [0, ...collectionIds]).orderBy('table_name').execute();
    return rows.map(toStored);
  }

  /**
   * Writes a table's info whole (an empty document deletes the row). `expectedVersion`: the version
   * the editor read (0 when there was none); a different stored version throws TableInfoConflict.
   * Answers the new version (0 after a delete).
   */
  async put(organizationId: number, userId: number, p: TableInfoPlace, tableName: string, info: AiTableInfo, expectedVersion?: number): Promise<number> {
    const empty = !info.aiTableName && !info.aiTableComment && info.columns.length === 0;
    return this.db.transaction().execute(async (tx) => {
      const key = (q: any) => q.where('organization_id', '=', organizationId).where('data_source_id', '=', p.dataSourceId).where('database_name', '=', p.databaseName)
        .where('schema_name', '=', p.schemaName).where('collection_id', '=', p.collectionId).where('table_name', '=', tableName);
      const cur = await key(tx.selectFrom('ai_table_info').select(['id', 'version'])).executeTakeFirst() as { id: number; version: number } | undefined;
      if (expectedVersion !== undefined && (cur?.version ?? 0) !== expectedVersion) throw new TableInfoConflict();
      if (empty) {
        if (cur) await tx.deleteFrom('ai_table_info').where('id', '=', cur.id).where('version', '=', cur.version).execute();
        return 0;
      }
      const fields = { info_json: JSON.stringify(info), updated_by: userId, updated_at: nowIso() };
      if (cur) {
        const r = await tx.updateTable('ai_table_info').set({ ...fields, version: cur.version + 1 }).where('id', '=', cur.id).where('version', '=', cur.version).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new TableInfoConflict();
        return cur.version + 1;
      }
      await tx.insertInto('ai_table_info').values({
        ...fields, organization_id: organizationId, data_source_id: p.dataSourceId, database_name: p.databaseName, schema_name: p.schemaName,
        table_name: tableName, collection_id: p.collectionId, version: 1,
      }).execute();
      return 1;
    }).catch((e: unknown) => {
      // Two first writes at once: the unique key lets one in; the other is a conflict like any other.
      if (e instanceof TableInfoConflict) throw e;
      if (/unique|duplicate/i.test((e as Error).message)) throw new TableInfoConflict();
      throw e;
    });
  }

  /** Removes a collection's rows (the collection was deleted; its id is unique across organisations). */
  async deleteCollection(collectionId: number): Promise<void> {
    if (collectionId <= 0) return;
    await this.db.deleteFrom('ai_table_info').where('collection_id', '=', collectionId).execute();
  }
}
