/** zod schemas and types of the pinned HTTP API (shared/API.md). Used by the server and the web app. */
import { z } from 'zod';
import {
  AI_PRIVACY, AI_QUESTION_TYPES, AI_SOURCES, COMPLETION_ITEM_KINDS, CONSOLE_STATUSES, DATABASE_TYPES, EXPORT_FORMATS, SSL_MODES,
} from './enums.js';

export interface Envelope<T> {
  success: boolean;
  errorCode?: string;
  errorMessage?: string;
  errorDetail?: string;
  solutionLink?: string;
  data?: T;
}
export interface Page<T> {
  data: T[];
  pageNo: number;
  pageSize: number;
  total: number;
  hasNextPage: boolean;
}

export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100_000).default(20),
  searchKey: z.string().max(1000).optional(),
});

export const DatabaseTypeSchema = z.enum(DATABASE_TYPES);

export const SshConfig = z.object({
  enabled: z.boolean().default(false),
  host: z.string().max(255).optional(),
  port: z.coerce.number().int().min(1).max(65535).default(22),
  user: z.string().max(255).optional(),
  authType: z.enum(['password', 'key']).default('password'),
  password: z.string().max(4096).optional(),
  privateKey: z.string().max(65536).optional(),
  passphrase: z.string().max(4096).optional(),
});
export type SshConfig = z.infer<typeof SshConfig>;

export const SslConfig = z.object({
  mode: z.enum(SSL_MODES).default('disable'),
  ca: z.string().max(65536).optional(),
  cert: z.string().max(65536).optional(),
  key: z.string().max(65536).optional(),
});
export type SslConfig = z.infer<typeof SslConfig>;

export const DataSourceInput = z.object({
  alias: z.string().trim().min(1).max(255),
  type: DatabaseTypeSchema,
  host: z.string().max(255).optional(),
  port: z.coerce.number().int().min(1).max(65535).optional(),
  user: z.string().max(255).optional(),
  password: z.string().max(4096).optional(),
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  url: z.string().max(4096).optional(),
  filePath: z.string().max(4096).optional(),
  ssh: SshConfig.optional(),
  ssl: SslConfig.optional(),
  options: z.record(z.string(), z.string()).optional(),
  connectTimeoutMs: z.coerce.number().int().min(100).max(600_000).optional(),
  visibility: z.enum(['PRIVATE', 'SHARED']).optional(),
  groupId: z.number().int().nullable().optional(),
  /** Pooled connections of this source shared by runs without a console session (default 5). */
  poolSize: z.coerce.number().int().min(1).max(100).optional(),
  /** At most this many of them per user at once (default: all but one). */
  poolPerUser: z.coerce.number().int().min(1).max(100).optional(),
  /** A team admin's limit on each statement a member (not an admin of the source) runs; absent = none. */
  memberStatementTimeoutMs: z.coerce.number().int().min(1000).max(86_400_000).optional(),
});
export type DataSourceInput = z.infer<typeof DataSourceInput>;

export const DataSourceUpdate = DataSourceInput.partial().extend({ id: z.coerce.number().int() });
export type DataSourceUpdate = z.infer<typeof DataSourceUpdate>;

/** What the list and get endpoints return: never a password, key or passphrase. */
export interface DataSourceSummary {
  id: number;
  alias: string;
  type: (typeof DATABASE_TYPES)[number];
  host?: string | null;
  port?: number | null;
  user?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
  filePath?: string | null;
  url?: string | null;
  hasPermission: boolean;
  isAdmin: boolean;
  spaceId: number | null;
  groupId?: number | null;
  visibility?: 'PRIVATE' | 'SHARED';
  ssh?: Omit<SshConfig, 'password' | 'privateKey' | 'passphrase'> & { hasPassword?: boolean; hasPrivateKey?: boolean };
  ssl?: Omit<SslConfig, 'key'> & { hasKey?: boolean };
  options?: Record<string, string>;
  connectTimeoutMs?: number | null;
  hasPassword?: boolean;
  poolSize?: number | null;
  poolPerUser?: number | null;
  memberStatementTimeoutMs?: number | null;
}

export const MetadataQuery = z.object({
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  tableName: z.string().max(1024).optional(),
  pageNo: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100_000).optional(),
  searchKey: z.string().max(1000).optional(),
  refresh: z.union([z.boolean(), z.enum(['true', 'false'])]).optional().transform((v) => v === true || v === 'true'),
});
export type MetadataQuery = z.infer<typeof MetadataQuery>;

/** GET /api/rdb/function/detail and /api/rdb/procedure/detail: one routine's CREATE text. */
export const RoutineDetailQuery = MetadataQuery.extend({
  functionName: z.string().min(1).max(1024).optional(),
  procedureName: z.string().min(1).max(1024).optional(),
  specificName: z.string().max(1024).optional(),
});
export type RoutineDetailQuery = z.infer<typeof RoutineDetailQuery>;

export const ExecuteInput = z.object({
  sql: z.string().max(50_000_000),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
  consoleId: z.coerce.number().int().optional().nullable(),
  executionId: z.string().max(200).optional(),
  explain: z.boolean().optional(),
  errorContinue: z.boolean().default(true),
  single: z.boolean().optional(),
  pageSize: z.coerce.number().int().min(1).max(100_000).default(200),
});
export type ExecuteInput = z.infer<typeof ExecuteInput>;

export interface ResultHeader { name: string; dataType: string; columnType: string }
export interface ExecuteResult {
  originalSql: string;
  success: boolean;
  duration: number;
  message: string;
  updateCount: number | null;
  headerList: ResultHeader[];
  dataList: (string | null)[][];
  hasMore: boolean;
  cursorId?: string;
  /** Spec: the error position where the engine gives one (1-based line/column within originalSql). */
  errorPosition?: { line: number; column: number } | null;
  cancelled?: boolean;
  /**
   * The whole answer (all statements together) reached the server's size limit: this result holds
   * fewer rows than asked, the rest is behind `cursorId` (fetch) or re-runnable on its own.
   */
  truncated?: boolean;
}

export const FetchInput = z.object({ cursorId: z.string().min(1).max(200), limit: z.coerce.number().int().min(1).max(100_000).default(200) });
export const CancelInput = z.object({ executionId: z.string().min(1).max(200) });
/** POST /api/rdb/dml/status: where an execution is — waiting for a pooled connection (`ahead` requests first) or running. */
export interface ExecutionStatus { state: 'waiting' | 'running'; ahead: number | null }
export const ExportInput = ExecuteInput.extend({ format: z.enum(EXPORT_FORMATS), tableName: z.string().max(255).optional() });

export type StreamEvent =
  | { type: 'header'; index: number; originalSql: string; headerList: ResultHeader[] }
  | { type: 'rows'; index: number; rows: (string | null)[][] }
  | { type: 'done'; index: number; success: boolean; duration: number; updateCount: number | null; message: string }
  /** Before any statement: all connections this request may use are busy; `ahead` requests are served first. */
  | { type: 'waiting'; ahead: number }
  | { type: 'end' };

// ---- SQL intelligence ----
export const ParserInput = z.object({
  consoleId: z.coerce.number().int().optional().nullable(),
  sql: z.string().max(20_000_000),
  dataSourceId: z.coerce.number().int().optional().nullable(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});
export type ParserInput = z.infer<typeof ParserInput>;
export interface SqlIdentifier { name: string; type: 'table' | 'column' | 'alias' | 'function' | 'schema' | 'database' | 'view' | 'procedure' | string; alias?: string; table?: string }
export interface SqlStatementInfo {
  sql: string;
  sqlStartRowNum: number;
  sqlStartColNum: number;
  sqlEndRowNum: number;
  sqlEndColNum: number;
  statementType: 'valid' | 'invalid';
  identifiers: SqlIdentifier[];
}
export interface MarkMessage { message: string; startLineNum: number; startColNum: number; endLineNum: number; endColNum: number }
export interface ParserResult { sqlStatementList: SqlStatementInfo[]; markMessageList: MarkMessage[] }

export const TipInput = z.object({
  consoleId: z.coerce.number().int().optional().nullable(),
  beforeSql: z.string().max(2_000_000),
  afterSql: z.string().max(2_000_000).default(''),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
  needFullName: z.boolean().optional(),
  keywordCase: z.enum(['off', 'upper', 'lower']).optional(),
  /** Opt-in: answer `{ items, incomplete }` with long lists capped (TipPage) instead of the whole array. */
  paged: z.boolean().optional(),
});
export type TipInput = z.infer<typeof TipInput>;
/**
 * The answer of a `paged` tip request. `incomplete`: more items match than were sent, or the schema's
 * catalog is still being read: ask again as the prefix grows (Monaco's CompletionList.incomplete).
 */
export interface TipPage {
  items: CompletionItem[];
  incomplete: boolean;
}
export const CompletionItemKindSchema = z.enum(COMPLETION_ITEM_KINDS);
export interface CompletionItem {
  label: string;
  kind: (typeof COMPLETION_ITEM_KINDS)[number];
  insertText: string;
  detail?: string;
  documentation?: string;
  sortText?: string;
}

export const HoverInput = z.object({
  consoleId: z.coerce.number().int().optional().nullable(),
  sql: z.string().max(2_000_000).default(''),
  currentStatement: z.string().max(2_000_000).default(''),
  hoverIdentifier: z.string().max(1000),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});
export type HoverInput = z.infer<typeof HoverInput>;
export interface HoverInfo { kind: string; name: string; dataType?: string; comment?: string; ddl?: string; markdown: string }

/** `strict`: a text that cannot be formatted is an error (FORMAT_FAILED) instead of coming back unchanged (the editor sets it to tell the user, spec 02 §8). */
export const FormatInput = z.object({ sql: z.string().max(20_000_000), dbType: z.string().max(64).optional(), keywordCase: z.enum(['off', 'upper', 'lower']).optional(), strict: z.boolean().optional() });

// ---- Consoles ----
export const ConsoleInput = z.object({
  name: z.string().max(255).default('console'),
  status: z.enum(CONSOLE_STATUSES).default('DRAFT'),
  ddl: z.string().max(20_000_000).default(''),
  dataSourceId: z.coerce.number().int().nullable().optional(),
  dataSourceName: z.string().max(255).nullable().optional(),
  databaseName: z.string().max(255).nullable().optional(),
  schemaName: z.string().max(255).nullable().optional(),
  type: z.string().max(64).nullable().optional(),
  tabOpened: z.boolean().default(true),
  operationType: z.string().max(64).default('CONSOLE'),
  connectable: z.boolean().optional(),
});
/** Update: only the fields sent change (zod 4's partial() would still fill in ConsoleInput's defaults). */
export const ConsoleUpdate = z.object({
  name: z.string().max(255).optional(),
  status: z.enum(CONSOLE_STATUSES).optional(),
  ddl: z.string().max(20_000_000).optional(),
  dataSourceId: z.coerce.number().int().nullable().optional(),
  dataSourceName: z.string().max(255).nullable().optional(),
  databaseName: z.string().max(255).nullable().optional(),
  schemaName: z.string().max(255).nullable().optional(),
  type: z.string().max(64).nullable().optional(),
  tabOpened: z.boolean().optional(),
  operationType: z.string().max(64).optional(),
  connectable: z.boolean().optional(),
}).extend({
  id: z.coerce.number().int(),
  /** Optimistic concurrency: the version the client last saw; a stale one is reported as a conflict. */
  baseVersion: z.coerce.number().int().optional(),
});
export interface SavedConsole {
  id: number; name: string; status: 'DRAFT' | 'RELEASE'; ddl: string; dataSourceId: number | null; dataSourceName?: string | null;
  databaseName: string | null; schemaName: string | null; type: string | null; tabOpened: boolean; operationType: string;
  connectable: boolean; version: number; gmtModified: string;
}

// ---- Schema sync ----
export const DiffSide = z.object({ dataSourceId: z.coerce.number().int(), databaseName: z.string().max(255).optional().nullable(), schemaName: z.string().max(255).optional().nullable() });
export const DiffInput = z.object({
  source: DiffSide,
  target: DiffSide,
  options: z.object({ noDrops: z.boolean().optional(), includeViews: z.boolean().optional(), caseSensitive: z.boolean().optional(), detectRenames: z.boolean().optional() }).optional(),
});

// ---- AI ----
export const AiConfigInput = z.object({
  aiSqlSource: z.enum(AI_SOURCES),
  apiKey: z.string().max(4096).optional(),
  apiHost: z.string().max(2048).optional(),
  model: z.string().max(255).optional(),
  deployment: z.string().max(255).optional(),
  apiVersion: z.string().max(64).optional(),
  privacy: z.enum(AI_PRIVACY).optional(),
  stream: z.boolean().optional(),
  adminManaged: z.boolean().optional(),
});
export const ChatInput = z.object({
  questionType: z.enum(AI_QUESTION_TYPES).default('NL_2_SQL'),
  input: z.string().min(1).max(200_000),
  source: z.string().max(64).optional(),
  model: z.string().max(255).optional(),
  tableList: z.array(z.object({ tableName: z.string().max(1024), tableType: z.string().max(32).optional() })).max(8, 'You can only select up to 8 tables').optional(),
  dataSourceId: z.coerce.number().int().optional().nullable(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
  dataSourceCollectionId: z.coerce.number().int().optional().nullable(),
  targetDialect: z.string().max(64).optional(),
  errorMessage: z.string().max(100_000).optional(),
  history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(200_000) })).max(50).optional(),
});
export type ChatInput = z.infer<typeof ChatInput>;
export const SchemaLinkInput = z.object({
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
  question: z.string().min(1).max(100_000),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export interface SchemaLinkResult { tableName: string; score: number; columns: string[] }

// AI data collections (spec 01 §3, §7): the web app's paths live in apps/web/src/features/ai-collections/api.ts.
const CollectionId = z.coerce.number().int();
export const AiCollectionCreate = z.object({ title: z.string().trim().min(1).max(255) });
export const AiCollectionRename = z.object({ id: CollectionId, title: z.string().trim().min(1).max(255) });
export const AiCollectionElementInput = z.object({
  type: z.string().default('TABLE').transform((t) => t.toUpperCase()).pipe(z.enum(['TABLE', 'VIEW'])),
  tableName: z.string().min(1).max(1024),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});
export const AiCollectionElementsAdd = z.object({ id: CollectionId, elements: z.array(AiCollectionElementInput).min(1).max(1000) });
export const AiCollectionElementDelete = z.object({ id: CollectionId, elementId: z.coerce.number().int() });
export const AiCollectionElementAnnotate = z.object({ id: CollectionId, elementId: z.coerce.number().int(), annotation: z.string().max(4000) });
