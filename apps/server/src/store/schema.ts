/** Kysely table types of the app store (one schema for SQLite and PostgreSQL). */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  password_hash: string | null;
  role_code: string;
  created_at: string;
}
export interface DataSourcesTable {
  id: Generated<number>;
  alias: string;
  type: string;
  /** Non-secret settings as JSON (host, port, user, database, ssh host…). */
  config_json: string;
  /** Encrypted JSON of the secrets (password, ssh password/key/passphrase, ssl key). */
  secret_enc: string | null;
  owner_id: number;
  space_id: number | null;
  group_id: number | null;
  visibility: string;
  created_at: string;
  updated_at: string;
}
export interface DsGroupsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  owner_id: number;
  sort_order: number;
}
export interface ConsolesTable {
  id: Generated<number>;
  name: string;
  status: string;
  ddl: string;
  data_source_id: number | null;
  database_name: string | null;
  schema_name: string | null;
  type: string | null;
  tab_opened: number;
  operation_type: string;
  connectable: number;
  owner_id: number;
  version: number;
  created_at: string;
  updated_at: string;
}
export interface ConsoleDraftsTable {
  console_id: number;
  user_id: number;
  ddl: string;
  updated_at: string;
}
export interface KvTable {
  scope: string;
  key: string;
  value: string;
  updated_at: string;
}
export interface PinnedTablesTable {
  user_id: number;
  data_source_id: number;
  database_name: string;
  schema_name: string;
  table_name: string;
}
export interface AiCollectionsTable {
  id: Generated<number>;
  title: string;
  owner_id: number;
  created_at: string;
}
export interface AiCollectionElementsTable {
  id: Generated<number>;
  collection_id: number;
  type: string;
  data_source_id: number;
  database_name: string | null;
  schema_name: string | null;
  table_name: string;
}

export interface ChatsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  data_source_id: number | null;
  context_json: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  seq: number;
  role: string;
  content: string;
  meta_json: string | null;
}

export interface StoreSchema {
  users: UsersTable;
  data_sources: DataSourcesTable;
  ds_groups: DsGroupsTable;
  consoles: ConsolesTable;
  console_drafts: ConsoleDraftsTable;
  kv: KvTable;
  pinned_tables: PinnedTablesTable;
  ai_collections: AiCollectionsTable;
  ai_collection_elements: AiCollectionElementsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
}
