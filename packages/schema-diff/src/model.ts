/**
 * The schema model the diff works on: one engine's schema, normalised so that two equal schemas
 * compare equal (type aliases resolved, defaults and expressions in a canonical form). Built from a
 * driver `Catalog` by `fromCatalog` (normalize/catalog.ts), or by hand (the table editor).
 */

import type { SchemaObjectInfo as SchemaObjectModel } from '@askdb/drivers';

/** Engine families that share DDL rules. */
export type EngineFamily = 'postgresql' | 'mysql' | 'sqlite' | 'duckdb' | 'sqlserver' | 'oracle';

/**
 * How a column gets its values on insert: an identity column (SQL standard), MySQL/SQLite
 * AUTO_INCREMENT, or a PostgreSQL serial (a default from a sequence the column owns).
 */
export type IdentityKind = 'always' | 'by-default' | 'auto-increment' | 'serial';

export type ForeignKeyAction = 'NO ACTION' | 'RESTRICT' | 'CASCADE' | 'SET NULL' | 'SET DEFAULT';

export interface ColumnModel {
  name: string;
  /** Canonical native type text for the engine, e.g. `character varying(20)`, `decimal(10,2)`, `int unsigned`. */
  type: string;
  /** Parsed from `type` for the table editor; the diff compares `type`. */
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  nullable: boolean;
  /** Default expression as the engine prints it (trimmed); null when the column has none. */
  default: string | null;
  identity: IdentityKind | null;
  collation: string | null;
  comment: string | null;
  /** A generated column: its expression, and whether it is stored (PostgreSQL's only kind) or virtual. */
  generated?: { expression: string; stored: boolean } | null;
  /** MySQL family: the expression of `ON UPDATE …` (rows stamp themselves on update). */
  onUpdate?: string | null;
  /** SQL Server: a SPARSE column (stores NULL in no space; must be nullable). */
  sparse?: boolean;
}

export interface PrimaryKeyModel {
  /** Null where the engine does not keep a name (SQLite, MySQL's always-`PRIMARY`). */
  name: string | null;
  columns: string[];
  /** PostgreSQL: `DEFERRABLE` or `DEFERRABLE INITIALLY DEFERRED`. */
  deferrable?: string | null;
}

export interface UniqueModel {
  name: string | null;
  columns: string[];
  deferrable?: string | null;
}

export interface CheckModel {
  name: string | null;
  expression: string;
}

export interface ForeignKeyModel {
  name: string | null;
  columns: string[];
  /** Null when the referenced table is in the same schema. */
  refSchema: string | null;
  refTable: string;
  refColumns: string[];
  onDelete: ForeignKeyAction;
  onUpdate: ForeignKeyAction;
  deferrable?: string | null;
}

export interface IndexColumnModel {
  /** A column name, or null for an expression part. */
  name: string | null;
  expression?: string | null;
  order: 'ASC' | 'DESC';
  /** MySQL family: an index on the first `length` characters (bytes) of the column. */
  length?: number | null;
}

export interface IndexModel {
  name: string;
  unique: boolean;
  columns: IndexColumnModel[];
  /** Access method when not the engine's default (PostgreSQL `gin`, MySQL `FULLTEXT`, ...). */
  method: string | null;
  /** Partial-index predicate. */
  where: string | null;
  /** PostgreSQL: the engine's own CREATE INDEX, unqualified (opclasses, INCLUDE, …); compared and written when present. */
  definition?: string | null;
}

export interface TableModel {
  name: string;
  comment: string | null;
  /** PostgreSQL: the partition key of a partitioned table (`RANGE (payment_date)`); partitions are schema objects. */
  partitionBy?: string | null;
  /**
   * MySQL family: engine and default character set / collation; SQLite: WITHOUT ROWID and STRICT.
   * Compared and written with the table.
   */
  options?: { engine: string | null; charset: string | null; collation: string | null; withoutRowid?: boolean; strict?: boolean } | null;
  columns: ColumnModel[];
  primaryKey: PrimaryKeyModel | null;
  uniques: UniqueModel[];
  checks: CheckModel[];
  foreignKeys: ForeignKeyModel[];
  indexes: IndexModel[];
}

export interface ViewModel {
  name: string;
  /** The SELECT text (no `CREATE VIEW … AS`), qualifiers of the view's own schema removed. */
  definition: string;
  comment: string | null;
  /** A materialized view (PostgreSQL, Oracle). */
  materialized?: boolean;
}

export interface SequenceModel {
  name: string;
  dataType: string | null;
  start: string | null;
  increment: string | null;
  minValue: string | null;
  maxValue: string | null;
  cycle: boolean;
}

export interface SchemaModel {
  engine: EngineFamily;
  databaseName: string | null;
  schemaName: string | null;
  tables: TableModel[];
  views: ViewModel[];
  sequences: SequenceModel[];
  /** Everything else the schema holds (types, routines, triggers, partitions, …), as the engine writes it. */
  objects?: SchemaObjectModel[];
}

export function emptyTable(name: string): TableModel {
  return { name, comment: null, columns: [], primaryKey: null, uniques: [], checks: [], foreignKeys: [], indexes: [] };
}

export function emptySchema(engine: EngineFamily): SchemaModel {
  return { engine, databaseName: null, schemaName: null, tables: [], views: [], sequences: [] };
}
