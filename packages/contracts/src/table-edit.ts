/**
 * The table editor's API: `POST /api/rdb/table/edit_model` reads a table as a plain structural model
 * (with what the editor offers for the engine), `POST /api/rdb/table/edit_sql` turns an edited model
 * into the CREATE / ALTER statements. The server owns the schema model and DDL generation; the web
 * app only sends and receives these shapes.
 */
import { z } from 'zod';

/** Engine families that share DDL rules (schema-diff's EngineFamily). */
export const TABLE_EDIT_ENGINES = ['postgresql', 'mysql', 'sqlite', 'duckdb', 'sqlserver', 'oracle'] as const;
export type TableEditEngine = (typeof TABLE_EDIT_ENGINES)[number];

/** How a column numbers new rows: SQL identity, MySQL/SQLite AUTO_INCREMENT, or a PostgreSQL serial. */
export const IDENTITY_KINDS = ['always', 'by-default', 'auto-increment', 'serial'] as const;
/** The index types of the editor: a normal index, a unique one, a MySQL FULLTEXT one. */
export const TABLE_INDEX_KINDS = ['INDEX', 'UNIQUE', 'FULLTEXT'] as const;
export type TableIndexKind = (typeof TABLE_INDEX_KINDS)[number];
export const FOREIGN_KEY_ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const;

const identifier = z.string().max(1024);
const longText = z.string().max(65_535);

export const TableEditColumn = z.object({
  name: identifier,
  /** Native type text with its size and modifiers, e.g. `character varying(20)`, `decimal(12,2)`, `int unsigned`. */
  type: z.string().max(1024),
  nullable: z.boolean(),
  /** Default expression as SQL text (`0`, `'text'`, `now()`); null when none. */
  default: longText.nullable(),
  comment: longText.nullable(),
  /** The database numbers new rows (identity, AUTO_INCREMENT, serial). */
  autoIncrement: z.boolean(),
  /** Which kind, as read from the table; absent or null on a new column: the server uses the engine's usual kind. */
  identity: z.enum(IDENTITY_KINDS).nullable().optional(),
  /** The column's collation (absent: kept from the table; null: the default). MySQL family implies the character set. */
  collation: z.string().max(255).nullable().optional(),
  /** MySQL family: `ON UPDATE current_timestamp([n])` (absent: kept from the table; null: none). */
  onUpdate: z.string().max(40).regex(/^current_timestamp(\(\d?\))?$/i, 'current_timestamp only').nullable().optional(),
  /** SQL Server: a SPARSE column (absent: kept from the table). */
  sparse: z.boolean().optional(),
  primaryKey: z.boolean(),
});
export type TableEditColumn = z.infer<typeof TableEditColumn>;

export const TableEditIndexColumn = z.object({
  /** A column name, or null for an expression part. */
  name: identifier.nullable(),
  expression: longText.nullable().optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
  /** MySQL family: the prefix length of a column part (`KEY k (name(10))`), in characters (bytes for binary types). */
  length: z.number().int().min(1).max(65_535).nullable().optional(),
});
export type TableEditIndexColumn = z.infer<typeof TableEditIndexColumn>;

export const TableEditIndex = z.object({
  name: identifier,
  unique: z.boolean(),
  /** Access method when not the engine's default (`gin`, `hash`, MySQL `FULLTEXT`, ...). */
  method: z.string().max(64).nullable(),
  columns: z.array(TableEditIndexColumn).max(256),
  /** Partial-index predicate, kept from the table. */
  where: longText.nullable().optional(),
  /** PostgreSQL: non-key columns stored in the index (`INCLUDE (…)`). */
  include: z.array(identifier).max(256).optional(),
});
export type TableEditIndex = z.infer<typeof TableEditIndex>;

/** Constraints the editor does not edit, carried so that its DDL keeps them (a SQLite rebuild, a renamed column). */
export const TableEditConstraints = z.object({
  uniques: z.array(z.object({ name: identifier.nullable(), columns: z.array(identifier).max(256) })).max(1000),
  checks: z.array(z.object({ name: identifier.nullable(), expression: longText })).max(1000),
  foreignKeys: z.array(z.object({
    name: identifier.nullable(),
    columns: z.array(identifier).max(256),
    /** Null when the referenced table is in the same schema. */
    refSchema: identifier.nullable(),
    refTable: identifier,
    refColumns: z.array(identifier).max(256),
    onDelete: z.enum(FOREIGN_KEY_ACTIONS),
    onUpdate: z.enum(FOREIGN_KEY_ACTIONS),
  })).max(1000),
});
export type TableEditConstraints = z.infer<typeof TableEditConstraints>;

/** A table as the editor sees it; column order is the array's order. */
export const TableEditModel = z.object({
  name: identifier,
  comment: longText.nullable(),
  columns: z.array(TableEditColumn).max(10_000),
  indexes: z.array(TableEditIndex).max(1000),
  /** The primary key constraint's name where the engine keeps one; null lets the engine name it. */
  primaryKeyName: identifier.nullable().optional(),
  constraints: TableEditConstraints.optional(),
});
export type TableEditModel = z.infer<typeof TableEditModel>;

const optionName = z.string().max(64).regex(/^[A-Za-z0-9_]*$/, 'letters, digits and _ only');
/** MySQL-family table options (engine, default character set and collation, next AUTO_INCREMENT value); empty means unset. */
export const TableEditOptions = z.object({
  engine: optionName.optional(),
  charset: optionName.optional(),
  collation: optionName.optional(),
  autoIncrement: z.string().max(20).regex(/^\d*$/, 'digits only').optional(),
});
export type TableEditOptions = z.infer<typeof TableEditOptions>;

const Place = z.object({
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).nullish(),
  schemaName: z.string().max(255).nullish(),
});

/** Without `tableName`: what the editor needs to create a table there (`table` is then null). */
export const TableEditModelInput = Place.extend({ tableName: identifier.min(1).optional() });
export type TableEditModelInput = z.infer<typeof TableEditModelInput>;

export const TableEditSqlInput = Place.extend({
  /** The table as `edit_model` returned it; null or absent when creating. */
  original: TableEditModel.nullish(),
  desired: TableEditModel,
  /** Columns the user renamed: original name → new name (RENAME COLUMN instead of drop and add). */
  columnRenames: z.record(z.string().max(1024), identifier).optional(),
  /** MySQL family only: the options asked for, and (editing) the ones the table has. */
  tableOptions: TableEditOptions.optional(),
  originalTableOptions: TableEditOptions.optional(),
});
export type TableEditSqlInput = z.infer<typeof TableEditSqlInput>;

export interface TableEditModelResult {
  engine: TableEditEngine;
  /** Column type suggestions (free text is allowed too). */
  columnTypes: string[];
  indexKinds: TableIndexKind[];
  /** Access methods to choose from; empty when the engine has no choice. */
  indexMethods: string[];
  /** Whether the engine keeps table and column comments. */
  comments: boolean;
  /** MySQL family: the engines and character sets offered; null elsewhere. */
  tableOptions: { engines: string[]; charsets: string[] } | null;
  /** The database's collations (MySQL family: with their character set); empty when the engine has no choice. */
  collations?: { name: string; charset: string | null; isDefault: boolean }[];
  /** Whether indexes take INCLUDE columns (PostgreSQL). */
  indexInclude?: boolean;
  /** Whether an index column takes a prefix length (MySQL family). */
  indexPrefixLength?: boolean;
  /** Whether columns can be SPARSE (SQL Server). */
  sparseColumns?: boolean;
  /** What a new table starts with: a key column, and the column "add column" adds. */
  newKeyColumn: TableEditColumn;
  newColumn: TableEditColumn;
  /** The table (null when no table was asked for). */
  table: TableEditModel | null;
  /** Its MySQL table options (null elsewhere, or when no table was asked for). */
  options: TableEditOptions | null;
}

export interface TableEditSqlResult {
  statements: string[];
}
