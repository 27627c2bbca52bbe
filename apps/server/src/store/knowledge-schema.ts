/** Table type of the knowledge items (migration 0013); the store reaches it with `db.withTables<KnowledgeTables>()`. */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';

export interface KnowledgeItemsTable {
  id: Generated<number>;
  organization_id: number;
  /** KnowledgeKind in @askdb/contracts. */
  kind: string;
  name: string;
  content: string;
  data_source_id: number | null;
  table_name: string | null;
  created_by: number;
  updated_by: number;
  version: number;
  created_at: string;
  updated_at: string;
}

export type KnowledgeTables = { knowledge_items: KnowledgeItemsTable };
export type KnowledgeDb = Kysely<KnowledgeTables>;

export function knowledgeDb(db: StoreDb | Kysely<any>): KnowledgeDb {
  return (db as Kysely<any>).withTables<KnowledgeTables>() as unknown as KnowledgeDb;
}
