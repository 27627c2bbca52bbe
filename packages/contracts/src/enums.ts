/** The spec's enumerations, in one place (spec 01 §3, §4; spec 02 §3). */

export const DATABASE_TYPES = [
  'MYSQL', 'ORACLE', 'DB2', 'MONGODB', 'REDIS', 'H2', 'POSTGRESQL', 'SQLSERVER', 'SQLITE', 'MARIADB',
  'CLICKHOUSE', 'DM', 'OCEANBASE', 'OCEANBASE_ORACLE', 'PRESTO', 'HIVE', 'KINGBASE', 'SNOWFLAKE',
  'OPENGAUSS', 'SUNDB', 'TIDB', 'COCKROACHDB', 'KYLIN', 'XUGUDB', 'DUCKDB', 'ELASTICSEARCH', 'TDENGINE',
  'BIGQUERY', 'REDSHIFT', 'INFORMIX', 'DORIS', 'STARROCKS', 'GAUSSDB', 'GBASE8S',
] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** Spec 01 §3: which engines have databases, schemas, or both. */
export const DATABASE_AND_SCHEMA: readonly DatabaseType[] = [
  'POSTGRESQL', 'SQLSERVER', 'PRESTO', 'H2', 'KINGBASE', 'SNOWFLAKE', 'OPENGAUSS', 'COCKROACHDB', 'KYLIN',
  'XUGUDB', 'DUCKDB', 'BIGQUERY', 'REDSHIFT', 'INFORMIX', 'GAUSSDB',
];
export const DATABASE_ONLY: readonly DatabaseType[] = [
  'MYSQL', 'MARIADB', 'OCEANBASE', 'SQLITE', 'REDIS', 'TIDB', 'ELASTICSEARCH', 'TDENGINE', 'DORIS', 'STARROCKS', 'GBASE8S',
];
export const SCHEMA_ONLY: readonly DatabaseType[] = ['ORACLE', 'CLICKHOUSE', 'DM', 'DB2', 'OCEANBASE_ORACLE', 'HIVE', 'MONGODB', 'SUNDB'];

export function supportsDatabase(type: DatabaseType): boolean {
  return DATABASE_AND_SCHEMA.includes(type) || DATABASE_ONLY.includes(type);
}
export function supportsSchema(type: DatabaseType): boolean {
  return DATABASE_AND_SCHEMA.includes(type) || SCHEMA_ONLY.includes(type);
}
/** Spec 01 §5: a selection is complete when database (if supported) and schema (if supported) are set. */
export function isSelectionComplete(type: DatabaseType, databaseName?: string | null, schemaName?: string | null): boolean {
  if (supportsDatabase(type) && !databaseName) return false;
  if (supportsSchema(type) && !schemaName) return false;
  return true;
}

export const COLUMN_TYPES = [
  'NUMERIC', 'STRING', 'DATETIME', 'BOOLEAN', 'BINARY', 'CONTENT', 'STRUCT', 'DOCUMENT', 'ARRAY', 'OBJECT',
  'REFERENCE', 'ROWID', 'ANY', 'UNKNOWN', 'CHAT2DB_ROW_NUMBER',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const TREE_NODE_TYPES = [
  'GROUPS', 'GROUP', 'DATA_SOURCES', 'DATA_SOURCE', 'DATABASE', 'SCHEMA', 'TABLES', 'TABLE', 'COLUMNS', 'COLUMN',
  'KEYS', 'KEY', 'INDEXES', 'INDEX', 'VIEWS', 'VIEW', 'VIEW_COLUMNS', 'VIEW_COLUMN', 'FUNCTIONS', 'FUNCTION',
  'PROCEDURES', 'PROCEDURE', 'TRIGGERS', 'TRIGGER', 'CONSOLES', 'SAVED_CONSOLE', 'ALL_DATA',
  // Issue 26: a folder of one kind of schema object (types, sequences, partitions, …) and one such object.
  'SCHEMA_OBJECTS', 'SCHEMA_OBJECT',
  'AI_DATA_COLLECTIONS', 'AI_DATA_COLLECTION', 'AI_DATA_COLLECTION_TABLE_OR_VIEW',
  // A Redis database's keys: a group of keys sharing a prefix up to the separator, and one key.
  'REDIS_KEY_GROUP', 'REDIS_KEY',
] as const;
export type TreeNodeType = (typeof TREE_NODE_TYPES)[number];

export const COMPLETION_ITEM_KINDS = [
  'keyword', 'snippet', 'database', 'schema', 'table', 'column', 'view', 'function', 'procedure', 'trigger', 'parameter', 'join clause',
] as const;
export type CompletionItemKind = (typeof COMPLETION_ITEM_KINDS)[number];

export const CONSOLE_STATUSES = ['DRAFT', 'RELEASE'] as const;
export type ConsoleStatus = (typeof CONSOLE_STATUSES)[number];

export const OPERATION_TYPES = ['CREATE', 'READ', 'UPDATE', 'DELETE', 'UPDATE_COPY'] as const;
export const CHANGE_TYPES = ['ADD', 'MODIFY', 'DELETE'] as const;
export const VISIBILITIES = ['PRIVATE', 'SHARED'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Spec 01 §2: tab types of the workspace. */
export const TAB_TYPES = [
  'LOCAL_SQL_FILE', 'CONSOLE', 'FUNCTION', 'PROCEDURE', 'VIEW', 'EDIT_TABLE', 'VIEW_VIEW', 'CREATE_TABLE',
  'EDIT_TABLE_DATA', 'VIEW_ALL_TABLES', 'VIEW_ALL_VIEWS', 'ER_MODEL', 'CHANGE_AI_TABLE_INFO', 'REDIS_ALL_DATA',
  'VIEW_DDL', 'TRIGGER',
] as const;
export type TabType = (typeof TAB_TYPES)[number];

/** Editor types that decide which toolbar buttons a console shows. */
export const EDITOR_TYPES = ['CONSOLE', 'LOCAL_SQL_FILE', 'VIEW', 'FUNCTION', 'PROCEDURE', 'TRIGGER'] as const;
export type EditorType = (typeof EDITOR_TYPES)[number];

export const AI_QUESTION_TYPES = [
  'ORDINARY_CHAT', 'SQL_DEBUG', 'NL_2_SQL', 'SQL_EXPLAIN', 'SQL_OPTIMIZER', 'SQL_2_SQL', 'DASHBOARD_GENERATION',
  'DASHBOARD_GENERATION_STREAM', 'FILTER_GENERATION', 'CRUD_GENERATION', 'DATA_INSERT', 'SQL_PROMPT', 'EXCEL_CHAT',
  'TEXT_TO_CREATE_TABLE_STREAM', 'TEXT_MODIFY_COLUMN',
] as const;
export type AiQuestionType = (typeof AI_QUESTION_TYPES)[number];

export const CHAT_SOURCES = [
  'DATASOURCE_DRAWER_CHAT', 'DASHBOARD_DRAWER_CHAT', 'DRAWER_CHAT', 'EXCEL_CHAT', 'DATASOURCE_CONSOLE_CHAT', 'SINGLE_TURN_CHAT',
] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

export const AI_MESSAGE_TYPES = ['MARKDOWN', 'DASHBOARD', 'DATA', 'RECOMMEND_QUESTION', 'TABLE', 'ERROR', 'DATABASE_INFO', 'LOADING', 'LOADING_COMPLETE'] as const;

/** AI source: the spec's enum plus ANTHROPIC (API.md). OPENAI covers every OpenAI-compatible base URL. */
export const AI_SOURCES = ['ASKDB', 'ZHIPUAI', 'BAICHUANAI', 'WENXINAI', 'OPENAI', 'AZUREAI', 'RESTAI', 'ANTHROPIC'] as const;
export type AiSource = (typeof AI_SOURCES)[number];

/** Spec 01 §4: AI stream states on the client. */
export const AI_STREAM_STATES = ['idle', 'loading', 'thinking', 'finish', 'error'] as const;
export type AiStreamState = (typeof AI_STREAM_STATES)[number];

/** Spec 01 §8 AI service codes. */
export const AI_ERROR_CODES = [
  'AI_KEY_INVALID', 'AI_KEY_LIMIT', 'AI_KEY_EXPIRED', 'AI_SERVICE_BUSY', 'AI_AUTH_HEADER_MISSING', 'AI_AUTH_TOKEN_MISSING',
  'AI_SERVICE_ERROR', 'AI_BAD_JSON_FORMAT', 'AI_HTTP_METHOD_INVALID', 'AI_NOT_CONFIGURED', 'AI_UNREACHABLE', 'AI_RESPONSE_TOO_LARGE',
] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

export const AI_PRIVACY = ['SCHEMA_ONLY', 'SCHEMA_AND_SAMPLES', 'NOTHING'] as const;
export type AiPrivacy = (typeof AI_PRIVACY)[number];

export const ROLE_CODES = ['SUPER_ADMIN', 'ADMIN', 'OPERATOR'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
export const ORGANIZATION_TYPES = ['PERSONAL', 'TEAM', 'ENTERPRISE'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
/** Spec 02 §3: a member's status in an organisation. */
export const MEMBER_STATUSES = ['VALID', 'INVALID'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** Spec 02 §3 "User and login". */
export const LOGIN_TYPES = ['EMAIL_PASSWORD', 'PHONE_PASSWORD', 'EMAIL_PASSCODE', 'PHONE_PASSCODE', 'WECHAT'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
/** Editions (spec 01 §2, spec 02 §1). LOCAL is the offline/local install; a team server with billing off runs as TEAM_PRO. */
export const EDITIONS = ['COMMUNITY', 'PRO', 'TEAM_PRO', 'LOCAL'] as const;
export type Edition = (typeof EDITIONS)[number];
/** Who may register on a server-mode deployment (operator setting). */
export const REGISTRATION_POLICIES = ['OPEN', 'INVITE_ONLY', 'CLOSED'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];
/** A data source of a team is private to its creator or shared with the team (spec 02 §3 "Connection"). */
export const DATA_SOURCE_VISIBILITIES = ['PRIVATE', 'SHARED'] as const;
export type DataSourceVisibility = (typeof DATA_SOURCE_VISIBILITIES)[number];

export const LANGUAGES = ['en-US', 'zh-CN', 'ja-JP'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'sql'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const SQL_STATEMENT_TYPES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALTER', 'CREATE', 'DROP', 'OTHER'] as const;
export type SqlStatementType = (typeof SQL_STATEMENT_TYPES)[number];

/** Error codes of the HTTP envelope (API.md; spec 01 §8 client codes). */
export const ERROR_CODES = {
  INVALID_PARAMS: 'INVALID_PARAMS',
  NEED_LOGGED_IN: 'NeedLoggedIn',
  NO_DATA_ACCESS_PERMISSION: 'NO_DATA_ACCESS_PERMISSION',
  NO_SCRIPT_PERMISSION: 'NO_SCRIPT_PERMISSION',
  NOT_FOUND: 'NOT_FOUND',
  /** The request's Host is not one of the server's names (DNS rebinding guard). */
  FORBIDDEN_HOST: 'FORBIDDEN_HOST',
  /** A state-changing request from another site's page (Origin is not the server's own). */
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  /** A SQLite/DuckDB data source names a file it may not open (AskDB's home, outside ASKDB_FILE_DIRS, file engines off). */
  FILE_NOT_ALLOWED: 'FILE_NOT_ALLOWED',
  DATA_SOURCE_NOT_FOUND: 'DATA_SOURCE_NOT_FOUND',
  CONNECTION_FAILED: 'CONNECTION_FAILED',
  /** A table (or other database object) the request names does not exist in the data source. */
  OBJECT_NOT_FOUND: 'OBJECT_NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  CONFLICT: 'CONFLICT',
  UNSUPPORTED: 'UNSUPPORTED',
  FREE_TRIAL_USAGE_LIMIT: 'FREE_TRIAL_USAGE_LIMIT',
  /** A signed-in user without the role a route needs. */
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  /** Too many attempts (sign-in, passcodes) from one account or address; retry later. */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  /** A request without a console session ended inside an open transaction: it was rolled back (issue 23). */
  TRANSACTION_NEEDS_SESSION: 'TRANSACTION_NEEDS_SESSION',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
