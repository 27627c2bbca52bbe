/**
 * Import / export tasks (issue 18 points 3–4; spec 02 §4 "Export task", §7 Connection import/export;
 * API.md "Dashboards, AI chats, knowledge, other": `/api/task/{list,get,cancel}`).
 */
import { z } from 'zod';
import { DATABASE_TYPES } from './enums.js';

/** Spec 02 §4: initializing, failed, stopped, done — plus RUNNING while rows move. */
export const TASK_STATES = ['INITIALIZING', 'RUNNING', 'FAILED', 'STOPPED', 'DONE'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const FINISHED_TASK_STATES: readonly TaskState[] = ['FAILED', 'STOPPED', 'DONE'];

export const TASK_KINDS = ['IMPORT', 'EXPORT'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const IMPORT_FORMATS = ['csv', 'tsv', 'xlsx', 'json', 'sql'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const TASK_EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'sql', 'dump'] as const;
export type TaskExportFormat = (typeof TASK_EXPORT_FORMATS)[number];
export const IMPORT_ENCODINGS = ['utf-8', 'gbk', 'gb18030', 'shift_jis', 'utf-16le', 'latin1'] as const;

export const TASK_LIMITS = {
  /** Upload size (bytes). */
  uploadBytes: 2 * 1024 * 1024 * 1024,
  /** Per-row errors kept on a task. */
  rowErrors: 100,
  /** XLSX guards: uncompressed bytes, rows, cells. */
  xlsxUncompressedBytes: 512 * 1024 * 1024,
  xlsxRows: 5_000_000,
  xlsxCells: 50_000_000,
  /** SQL script import is read whole: its size cap. */
  sqlScriptBytes: 256 * 1024 * 1024,
  /** Rows per batch (one transaction each). */
  batchRows: 5000,
} as const;

export const TASK_ERROR_CODES = {
  TASK_NOT_FOUND: 'TASK_NOT_FOUND',
  TASK_FINISHED: 'TASK_FINISHED',
  IMPORT_UNSUPPORTED: 'IMPORT_UNSUPPORTED',
  IMPORT_FILE_INVALID: 'IMPORT_FILE_INVALID',
  CONNECTION_FILE_INVALID: 'CONNECTION_FILE_INVALID',
  PASSPHRASE_WRONG: 'PASSPHRASE_WRONG',
} as const;

export interface TaskRowError {
  /** 1-based data row (header not counted). */
  row: number;
  message: string;
}

export interface TaskView {
  id: number;
  kind: TaskKind;
  state: TaskState;
  /** The spec's task status (01 §3): PENDING while INITIALIZING or RUNNING, SUCCESS when DONE, FAILURE when FAILED or STOPPED. */
  status?: 'PENDING' | 'SUCCESS' | 'FAILURE';
  /** What it works on, e.g. `shop.orders` or `query`. */
  title: string;
  format: string;
  dataSourceId: number | null;
  databaseName: string | null;
  schemaName: string | null;
  tableName: string | null;
  /** Rows read from the file (import) or written (export). */
  processedRows: number;
  /** Rows that landed in the database (import) or in the file (export). */
  committedRows: number;
  failedRows: number;
  /** Total when known (import: file bytes progress; export: null). */
  totalBytes: number | null;
  processedBytes: number;
  /** 0–100, or null when unknown. */
  percent: number | null;
  error: string | null;
  rowErrors: TaskRowError[];
  /** A finished export has a file to download. */
  downloadable: boolean;
  fileName: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const Id = z.coerce.number().int().positive();
const Name = z.string().min(1).max(255);

export const TaskListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(TASK_KINDS).optional(),
});
export const TaskIdQuery = z.object({ id: Id });
export const TaskIdBody = z.object({ id: Id });

export const ColumnMapping = z.object({
  /** Column index in the file (0-based). */
  source: z.number().int().min(0),
  /** Target column name. */
  target: Name,
});

/** Multipart fields of `POST /api/task/import` (the file part is `file`); `options` is this as JSON. */
export const ImportOptions = z.object({
  dataSourceId: Id,
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  format: z.enum(IMPORT_FORMATS),
  /** New table to create, or an existing one (mode). */
  mode: z.enum(['new', 'existing']).default('new'),
  tableName: z.string().max(255).optional(),
  /** Existing table: which file column goes where (default: same names). */
  mapping: z.array(ColumnMapping).max(2000).optional(),
  encoding: z.enum(IMPORT_ENCODINGS).default('utf-8'),
  /** First row holds column names (CSV/TSV/XLSX). */
  header: z.boolean().default(true),
  batchSize: z.number().int().min(1).max(50_000).default(TASK_LIMITS.batchRows),
  /** Skip bad rows (reported) instead of failing the task at the first one. */
  skipBadRows: z.boolean().default(true),
});
export type ImportOptions = z.infer<typeof ImportOptions>;

const UploadId = z.string().regex(/^[A-Za-z0-9-]{8,80}$/);
/** `POST /api/task/import`: a file sent earlier to `/api/task/upload`, and how to import it. */
export const ImportStart = ImportOptions.extend({ uploadId: UploadId });
export type ImportStart = z.infer<typeof ImportStart>;
/** `POST /api/task/import/preview`: the first rows and inferred types. */
export const ImportPreviewInput = z.object({
  uploadId: UploadId,
  format: z.enum(IMPORT_FORMATS),
  encoding: z.enum(IMPORT_ENCODINGS).default('utf-8'),
  header: z.boolean().default(true),
  dataSourceId: Id.optional(),
});
export interface UploadedFile {
  uploadId: string;
  name: string;
  size: number;
  /** Guessed from the file name. */
  format: ImportFormat | null;
}

export const ExportTaskInput = z.object({
  dataSourceId: Id,
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  /** table: one table; query: the sql; database: every table of the database/schema. */
  target: z.enum(['table', 'query', 'database']),
  tableName: z.string().max(255).optional(),
  sql: z.string().max(1024 * 1024).optional(),
  format: z.enum(TASK_EXPORT_FORMATS),
  /** CSV/XLSX: keep text that starts like a formula (=, +, -, @, tab, CR) as it is; by default it gets a leading apostrophe. Ignored by SQL and JSON. */
  rawFormulas: z.boolean().optional(),
});
export type ExportTaskInput = z.infer<typeof ExportTaskInput>;

/** Import preview: first rows and inferred column types, before the task starts. */
export interface ImportPreview {
  columns: { name: string; type: string }[];
  rows: (string | null)[][];
  /** Rows of the preview that cannot be imported. */
  errors: TaskRowError[];
}

// ---------------------------------------------------------------- connection import / export

export const CONNECTION_FILE_KINDS = ['askdb', 'navicat', 'dbeaver', 'datagrip', 'chat2db'] as const;
export type ConnectionFileKind = (typeof CONNECTION_FILE_KINDS)[number];

export const ConnectionExportInput = z.object({
  ids: z.array(Id).max(1000).optional(),
  /** Include passwords, SSH and TLS secrets, encrypted with the passphrase. */
  withSecrets: z.boolean().default(false),
  passphrase: z.string().min(8).max(1024).optional(),
});
export const ConnectionImportInput = z.object({
  kind: z.enum(CONNECTION_FILE_KINDS).optional(),
  content: z.string().min(1).max(20 * 1024 * 1024),
  passphrase: z.string().max(1024).optional(),
  /** A companion file, base64: DBeaver's credentials-config.json (users, passwords) or DataGrip's dataSources.local.xml (user names). */
  credentials: z.string().max(4 * 1024 * 1024).optional(),
  /** Only parse and list, create nothing. */
  dryRun: z.boolean().default(false),
});

export interface ImportedConnection {
  alias: string;
  type: (typeof DATABASE_TYPES)[number];
  host?: string;
  port?: number;
  user?: string;
  databaseName?: string;
  hasPassword: boolean;
  ssh: boolean;
  /** Id of the data source created (absent on a dry run). */
  id?: number;
}
export interface SkippedConnection {
  name: string;
  reason: string;
}
export interface SkippedField {
  connection: string;
  field: string;
  reason: string;
}
export interface ConnectionImportResult {
  kind: ConnectionFileKind;
  imported: ImportedConnection[];
  skipped: SkippedConnection[];
  skippedFields: SkippedField[];
}
