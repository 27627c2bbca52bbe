/** Kysely table types of the app store (one schema for SQLite and PostgreSQL). */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  password_hash: string | null;
  role_code: string;
  created_at: string;
  phone: string | null;
  avatar: string | null;
  /** VALID, or INVALID for a disabled account (its sessions and keys stop working). */
  status: Generated<string>;
  /** 1 for the deployment's operator. */
  is_operator: Generated<number>;
  current_org_id: number | null;
  trial_start_time: string | null;
  updated_at: string | null;
}
export interface OrganizationsTable {
  id: Generated<number>;
  type: string;
  name: string;
  /** 8 digits, TEAM organisations only. */
  team_code: string | null;
  area: string | null;
  industry: string | null;
  creator_role: string | null;
  avatar: string | null;
  owner_id: number;
  created_at: string;
  updated_at: string;
}
export interface OrganizationMembersTable {
  organization_id: number;
  user_id: number;
  role_code: string;
  status: string;
  /** The name the member gave when joining (shown in the members table). */
  name: string;
  created_at: string;
  updated_at: string;
}
export interface JoinRequestsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  name: string;
  reason: string | null;
  /** CODE (team code) or INVITE (invite link / e-mail). */
  via: string;
  /** PENDING, APPROVED, REJECTED, REVOKED. */
  status: string;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}
export interface InvitationsTable {
  id: Generated<number>;
  organization_id: number;
  token_hash: string;
  email: string | null;
  created_by: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface AuthSessionsTable {
  /** SHA-256 hex of the cookie's token. */
  id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export interface PasscodesTable {
  id: Generated<number>;
  /** Normalised e-mail or phone. */
  target: string;
  /** LOGIN, REGISTER, RESET. */
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The first characters of the key, shown in the list. */
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
export interface OauthStatesTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string | null;
  redirect: string | null;
  created_at: string;
}
export interface OauthIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: string;
}
export interface WechatTicketsTable {
  ticket: string;
  /** WAITING, SCANNED, CONFIRMED, EXPIRED. */
  status: string;
  user_id: number | null;
  session_token: string | null;
  expires_at: string;
  created_at: string;
}
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  count: number;
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
  organization_id: number | null;
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
  organization_id: number | null;
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
  organization_id: number | null;
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
  organization_id: number | null;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  seq: number;
  role: string;
  content: string;
  meta_json: string | null;
}

/** One statement the product ran against a user's database (append-only; pruned by age). */
export interface SqlAuditTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  data_source_id: number;
  database_name: string | null;
  schema_name: string | null;
  statement_type: string;
  sql_text: string;
  /** ISO 8601 UTC (toISOString), so text order is time order. */
  start_time: string;
  duration_ms: number;
  row_count: number | string | null;
  success: number;
  message: string | null;
  client_ip: string | null;
}
/** A member's grant on a shared data source (migration 0006; store/authorizations.ts). */
export interface AuthorizationsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  data_source_id: number;
  database_name: string | null;
  schema_name: string | null;
  table_name: string | null;
  columns_json: string | null;
  actions: string;
  expire_at: string | null;
  granted_by: number;
  approval_id: number | null;
  created_at: string;
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
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  join_requests: JoinRequestsTable;
  invitations: InvitationsTable;
  auth_sessions: AuthSessionsTable;
  passcodes: PasscodesTable;
  api_keys: ApiKeysTable;
  oauth_states: OauthStatesTable;
  oauth_identities: OauthIdentitiesTable;
  wechat_tickets: WechatTicketsTable;
  rate_limits: RateLimitsTable;
  sql_audit: SqlAuditTable;
  authorizations: AuthorizationsTable;
}
