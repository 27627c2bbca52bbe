/**
 * The DatabaseDriver contract: the one seam every engine implements (DESIGN.md "Seams").
 * Engines are plain modules; `registry.ts` maps the spec's DatabaseType enum to them.
 */
import type { ColumnType, DatabaseType, DataSourceInput, ResultHeader } from '@askdb/contracts';

/** Resolved connection settings handed to a driver: secrets already decrypted by the server. */
export type ConnectionConfig = DataSourceInput & {
  /** Default 10 s (spec: connect timeout). */
  connectTimeoutMs?: number;
  /** File-based engines (SQLite, DuckDB): the only files statements may reach; absent = no limit. */
  fileAccess?: FileAccess;
};

/**
 * Files a file-based engine's statements may read or write besides its own database file (real
 * paths): DuckDB's read_csv/COPY/ATTACH, SQLite's ATTACH and VACUUM INTO. Anything else is refused,
 * and DuckDB loads no extension.
 */
export interface FileAccess {
  /** Folders whose files (at any depth) are reachable. */
  directories: string[];
  /** Single files that are reachable. */
  paths: string[];
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Rows per `rows` event. */
  pageSize?: number;
  /** Database / schema the statement runs in (USE / search_path), when the engine has them. */
  databaseName?: string | null;
  schemaName?: string | null;
}

/** One statement's result as a stream of events: header (if it returns rows), row batches, done. */
export type ResultEvent =
  | { type: 'header'; columns: ResultHeader[] }
  | { type: 'rows'; rows: (string | null)[][] }
  | { type: 'done'; success: boolean; updateCount: number | null; durationMs: number; message: string; errorPosition?: { line: number; column: number } | null; cancelled?: boolean;
      /** A failure we word ourselves (driverMessages): the server shows it in the user's language; `message` is the en-US text. */
      code?: DriverErrorCode; params?: Record<string, string | number> };

export interface PageRequest { pageNo?: number; pageSize?: number; searchKey?: string }
export interface PageResult<T> { data: T[]; total: number; pageNo: number; pageSize: number; hasNextPage: boolean }

export interface Location { databaseName?: string | null; schemaName?: string | null }
export interface TableLocation extends Location { tableName: string }

export interface TableInfo {
  name: string; comment: string | null; pinned?: boolean; type?: 'TABLE' | 'VIEW';
  /** Engine-specific facts shown beside the name, e.g. a Redis key's type, ttl (s, -1 none) and size (bytes). */
  details?: Record<string, string | number | null>;
}
export interface ColumnInfo {
  name: string;
  /** Native type text, e.g. varchar(20). */
  columnType: string;
  /** The spec's column type. */
  dataType: ColumnType;
  nullable: boolean;
  defaultValue: string | null;
  comment: string | null;
  primaryKey: boolean;
  autoIncrement: boolean;
  ordinal?: number;
  /** Detail used by the schema diff. */
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  collation?: string | null;
  /**
   * Identity columns (PostgreSQL, SQL Server, Oracle): GENERATED ALWAYS or BY DEFAULT. `autoIncrement`
   * stays true for them; serial columns keep identity null and show their nextval default.
   */
  identity?: 'ALWAYS' | 'BY DEFAULT' | null;
  /** A generated column's expression (its `defaultValue` is then null); `generatedStored` false = VIRTUAL (MySQL). */
  generatedExpression?: string | null;
  generatedStored?: boolean;
  /** MySQL family: `ON UPDATE current_timestamp()`'s expression. */
  onUpdate?: string | null;
  /** SQL Server: a SPARSE column. */
  sparse?: boolean;
}
export interface KeyInfo {
  name: string;
  type: 'PRIMARY' | 'UNIQUE' | 'FOREIGN' | 'CHECK';
  columns: string[];
  referencedTable?: string | null;
  referencedSchema?: string | null;
  referencedColumns?: string[];
  onDelete?: string | null;
  onUpdate?: string | null;
  checkExpression?: string | null;
  /** PostgreSQL: `DEFERRABLE` or `DEFERRABLE INITIALLY DEFERRED` (unique, primary and foreign keys). */
  deferrable?: string | null;
}
export interface IndexInfo {
  name: string;
  unique: boolean;
  primary?: boolean;
  method?: string | null;
  /** `length`: MySQL family, an index on the column's first `length` characters (SUB_PART). */
  columns: { name: string; order?: 'ASC' | 'DESC'; expression?: string; length?: number }[];
  where?: string | null;
  /** PostgreSQL: the engine's whole CREATE INDEX (opclasses, INCLUDE, storage options). */
  definition?: string | null;
  /** Backs a constraint (primary, unique, exclusion): created with it, never on its own. */
  constraintBacked?: boolean;
}
export type RoutineKind = 'FUNCTION' | 'PROCEDURE';
export interface RoutineInfo { name: string; specificName?: string; parameters?: { parameterName: string; parameterType: string }[]; returnType?: string | null; comment?: string | null }
export interface TriggerInfo {
  name: string; tableName?: string | null; event?: string | null; timing?: string | null;
  /** The engine's full CREATE TRIGGER text, where the catalog keeps it. */
  definition?: string | null;
}
/** `materialized`: a PostgreSQL (or Oracle) materialized view, which schema sync must re-create as one. */
export interface ViewInfo { name: string; comment: string | null; definition?: string | null; materialized?: boolean }
/** `ownedBy` is `table.column` for sequences a column owns (serial, identity): schema diff leaves those to the column. */
export interface SequenceInfo { name: string; dataType?: string; start?: string; increment?: string; minValue?: string; maxValue?: string; cycle?: boolean; ownedBy?: string | null }

/**
 * Schema sync (issue 26): an object beyond tables, views and sequences — a type, routine, trigger,
 * rule, policy, extension, event, partition, materialized view index — as the engine itself writes
 * it. Its own schema's qualifier is written as SCHEMA_TOKEN, so a script can target another schema.
 */
export interface SchemaObjectInfo {
  kind: SchemaObjectKind;
  /** Unique within the schema: the kind and name, plus the signature or table (`function add_vat(numeric, numeric)`). */
  identity: string;
  name: string;
  /** The table or view it hangs on (triggers, rules, policies, partitions, indexes). */
  table?: string | null;
  /** The statements that create it; compared to decide whether source and target differ. */
  create: string[];
  /** The statement that drops it. */
  drop: string;
  /** Identities it needs first: other objects, and `table <name>` / `view <name>` / `sequence <name>`. */
  dependsOn: string[];
  /** Created before tables (types, functions tables use) or after them (triggers, policies, views' helpers). */
  phase: 'beforeTables' | 'afterTables' | 'afterViews';
  /** Re-running `create` replaces it in place (CREATE OR REPLACE); otherwise a change drops it first. */
  replaceable?: boolean;
}
export type SchemaObjectKind =
  | 'extension' | 'type' | 'domain' | 'function' | 'procedure' | 'aggregate' | 'trigger' | 'eventTrigger' | 'rule'
  | 'policy' | 'rowSecurity' | 'partition' | 'index' | 'event' | 'constraint' | 'comment' | 'identity';
/** Stands for the object's own schema name in SchemaObjectInfo texts (`<token>.f` for `"public".f`). */
export const SCHEMA_TOKEN = '\u0000schema\u0000';

/** A whole schema read in one or a few queries: completion, hover, AI schema linking and diff all use it. */
export interface Catalog {
  databaseName: string | null;
  schemaName: string | null;
  tables: CatalogTable[];
  views: (ViewInfo & { columns: ColumnInfo[] })[];
  functions: RoutineInfo[];
  procedures: RoutineInfo[];
  sequences?: SequenceInfo[];
  /** Schema sync only: filled from `Metadata.schemaObjects` by the caller that diffs (never by `catalog()`). */
  objects?: SchemaObjectInfo[];
}
export interface CatalogTable {
  name: string;
  comment: string | null;
  /** PostgreSQL: `RANGE (payment_date)` for a partitioned table; its partitions come as schema objects. */
  partitionKey?: string | null;
  /** PostgreSQL: the parent of a partition (such tables are created by their `partition` schema object). */
  partitionOf?: string | null;
  /**
   * Table options that change behaviour: MySQL family engine, default charset and collation;
   * SQLite WITHOUT ROWID and STRICT (issue 26).
   */
  options?: { engine?: string | null; charset?: string | null; collation?: string | null; withoutRowid?: boolean; strict?: boolean } | null;
  columns: ColumnInfo[];
  keys: KeyInfo[];
  indexes: IndexInfo[];
}

export interface Metadata {
  databases(): Promise<{ name: string }[]>;
  schemas(databaseName?: string | null): Promise<{ name: string; databaseName?: string | null }[]>;
  tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>>;
  columns(loc: TableLocation): Promise<ColumnInfo[]>;
  keys(loc: TableLocation): Promise<KeyInfo[]>;
  indexes(loc: TableLocation): Promise<IndexInfo[]>;
  views(loc: Location): Promise<ViewInfo[]>;
  viewColumns(loc: TableLocation): Promise<ColumnInfo[]>;
  functions(loc: Location): Promise<RoutineInfo[]>;
  procedures(loc: Location): Promise<RoutineInfo[]>;
  triggers(loc: Location & { tableName?: string }): Promise<TriggerInfo[]>;
  tableDdl(loc: TableLocation): Promise<string>;
  /**
   * The CREATE text of a function or procedure, for engines that keep it (null when there is none by that
   * name). `specificName` (from the list) picks one overload; without it every overload is returned.
   */
  routineDefinition?(loc: Location, kind: RoutineKind, name: string, specificName?: string | null): Promise<string | null>;
  /** Sequences of a schema, for engines that have them (PostgreSQL family, Oracle, DuckDB). */
  sequences?(loc: Location): Promise<SequenceInfo[]>;
  /** Bulk read of a schema: one or a few queries, never one per table. */
  catalog(loc: Location): Promise<Catalog>;
  /** Schema sync: every object of the schema beyond tables, views and sequences, in the engine's own DDL (issue 26). */
  schemaObjects?(loc: Location): Promise<SchemaObjectInfo[]>;
  /**
   * Columns of the named tables and views of a schema in one query (the names bound as one list),
   * keyed by exact name; unknown names are absent. Completion on a big schema reads the tables a
   * statement names first, then the rest in batches, instead of waiting for the bulk catalog.
   */
  columnsOf?(loc: Location, tableNames: string[]): Promise<Map<string, ColumnInfo[]>>;
}

export interface Connection {
  /**
   * Runs one statement (already split by the caller) and yields its events. The iterable must
   * stream: rows come from a cursor, never a fully materialised result.
   */
  execute(sql: string, options?: ExecuteOptions): AsyncIterable<ResultEvent>;
  /** Cancels the statement running on this connection, in the database. */
  cancel(): Promise<void>;
  close(): Promise<void>;
  /** True when the underlying connection is known to be broken and must be replaced. */
  readonly broken: boolean;
  metadata: Metadata;
  /** The engine's EXPLAIN for a statement. */
  explainSql(sql: string): string;
  /**
   * Additive (bulk import): runs one statement with bound parameters (`$1…` on PostgreSQL, `?` on
   * MySQL) in `databaseName`'s session and returns the affected row count. BEGIN / COMMIT / ROLLBACK
   * through it run on that same session. Engines without it cannot be import targets.
   */
  runBound?(sql: string, params: unknown[], options?: { databaseName?: string | null }): Promise<number>;
  /**
   * Additive (bulk import): runs one statement that reads `input` from the client — `COPY … FROM
   * STDIN` on PostgreSQL, `LOAD DATA LOCAL INFILE` on MySQL (whatever file name the server asks
   * for, it gets `input`; nothing is read from disk) — in `databaseName`'s session, like runBound.
   * Returns the rows loaded and the warnings the server raised (MySQL; 0 on PostgreSQL).
   */
  runWithInput?(sql: string, input: Buffer, options?: { databaseName?: string | null }): Promise<{ rows: number; warnings: number }>;
  /**
   * Additive (issue 23): whether the session is inside a transaction block (BEGIN without COMMIT or
   * ROLLBACK yet, failed ones included), from the protocol's own status where the engine reports it
   * (PostgreSQL's ReadyForQuery). A pooled connection goes back to the pool only when this is false.
   * Engines without it are probed by the server where it can (MySQL family: @@in_transaction).
   */
  inTransaction?(): Promise<boolean>;
}

export interface DatabaseDriver {
  /** The spec types this driver serves (a family driver serves several). */
  readonly types: readonly DatabaseType[];
  /**
   * A backend is bound to the database it logged into (PostgreSQL family). The driver's
   * connection still honours `ExecuteOptions.databaseName` and metadata locations naming another
   * database (it opens a session there on first use), but a pool that keeps connections per
   * database (`ConnectionPool` does) avoids those extra sessions.
   */
  readonly databasePerConnection?: boolean;
  connect(config: ConnectionConfig): Promise<Connection>;
}

/** A driver error with a short user-facing message and the driver's own text in `detail`. */
export class DriverError extends Error {
  /**
   * @param params placeholders of the message in `driverMessages` (messages.ts), so the server can
   *   show it in the user's language: `translate(driverMessages, code, lang, params)`.
   */
  constructor(message: string, readonly code: DriverErrorCode, readonly detail?: string, readonly params?: Record<string, string | number>) {
    super(message);
    this.name = 'DriverError';
  }
}
export type DriverErrorCode =
  | 'AUTH_FAILED' | 'HOST_NOT_FOUND' | 'CONNECTION_REFUSED' | 'TIMEOUT' | 'TLS_ERROR' | 'DATABASE_NOT_FOUND'
  | 'FILE_NOT_FOUND' | 'UNSUPPORTED' | 'CANCELLED' | 'CONNECTION_LOST' | 'QUERY_FAILED' | 'CONFIG_INVALID'
  | 'FILE_NOT_ALLOWED';
