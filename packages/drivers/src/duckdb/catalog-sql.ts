/**
 * DuckDB catalog queries over the duckdb_* table functions, one per concern. Values are bound:
 * $1 database, $2 schema, $3 table (NULL = every table of the schema).
 */

export const DATABASES_SQL = `SELECT database_name AS name FROM duckdb_databases() WHERE NOT internal ORDER BY database_name`;

export const SCHEMAS_SQL = `
SELECT schema_name AS name, database_name FROM duckdb_schemas()
WHERE database_name = $1 AND NOT internal ORDER BY schema_name`;

export interface TableRow { name: string; comment: string | null; sql: string | null }

/** $3: the search key as typed (matched case-insensitively anywhere in the name), or NULL. */
export const TABLES_PAGE_SQL = `
SELECT table_name AS name, comment, sql FROM duckdb_tables()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR contains(lower(table_name), lower($3)))
ORDER BY table_name LIMIT $4 OFFSET $5`;

export const TABLES_COUNT_SQL = `
SELECT count(*)::INTEGER AS total FROM duckdb_tables()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR contains(lower(table_name), lower($3)))`;

export const ALL_TABLES_SQL = `
SELECT table_name AS name, comment, sql FROM duckdb_tables()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR table_name = $3)
ORDER BY table_name`;

export interface ColumnRow {
  table_name: string; name: string; ordinal: number; column_type: string; nullable: boolean; default_value: string | null;
  comment: string | null; length: number | null; precision: number | null; scale: number | null;
}

/** Columns of tables and views alike. */
export const COLUMNS_SQL = `
SELECT table_name, column_name AS name, column_index::INTEGER AS ordinal, data_type AS column_type, is_nullable AS nullable,
  column_default AS default_value, comment, character_maximum_length::INTEGER AS length,
  numeric_precision::INTEGER AS precision, numeric_scale::INTEGER AS scale
FROM duckdb_columns()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR table_name = $3)
ORDER BY table_name, column_index`;

export interface ConstraintRow {
  table_name: string; name: string | null; type: string; text: string; expression: string | null;
  columns: string[]; referenced_table: string | null; referenced_columns: string[];
}

export const CONSTRAINTS_SQL = `
SELECT table_name, constraint_name AS name, constraint_type AS type, constraint_text AS text, expression,
  constraint_column_names AS columns, referenced_table, referenced_column_names AS referenced_columns
FROM duckdb_constraints()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR table_name = $3)
  AND constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY', 'CHECK')
ORDER BY table_name, constraint_index`;

export interface IndexRow { table_name: string; name: string; unique: boolean; primary: boolean; expressions: string | null; sql: string | null }

export const INDEXES_SQL = `
SELECT table_name, index_name AS name, is_unique AS "unique", is_primary AS "primary", expressions, sql
FROM duckdb_indexes()
WHERE database_name = $1 AND schema_name = $2 AND ($3::VARCHAR IS NULL OR table_name = $3)
ORDER BY table_name, index_name`;

export interface ViewRow { name: string; comment: string | null; sql: string | null }

export const VIEWS_SQL = `
SELECT view_name AS name, comment, sql FROM duckdb_views()
WHERE database_name = $1 AND schema_name = $2 AND NOT internal ORDER BY view_name`;

export interface FunctionRow { name: string; kind: string; return_type: string | null; comment: string | null; parameters: string[]; parameter_types: (string | null)[] }

/** User-defined macros (DuckDB's functions); built-ins are internal. */
export const FUNCTIONS_SQL = `
SELECT function_name AS name, function_type AS kind, return_type, comment, parameters, parameter_types
FROM duckdb_functions()
WHERE database_name = $1 AND schema_name = $2 AND NOT internal
ORDER BY function_name`;

export interface MacroRow { name: string; kind: string; parameters: string[]; definition: string | null }

export const MACRO_DEFINITION_SQL = `
SELECT function_name AS name, function_type AS kind, parameters, macro_definition AS definition
FROM duckdb_functions()
WHERE database_name = $1 AND schema_name = $2 AND function_name = $3 AND NOT internal AND function_type IN ('macro', 'table_macro')`;

export interface SequenceRow { name: string; start: string; increment: string; min_value: string; max_value: string; cycle: boolean }

export const SEQUENCES_SQL = `
SELECT sequence_name AS name, start_value::VARCHAR AS start, increment_by::VARCHAR AS increment,
  min_value::VARCHAR AS min_value, max_value::VARCHAR AS max_value, cycle
FROM duckdb_sequences() WHERE database_name = $1 AND schema_name = $2 ORDER BY sequence_name`;

export interface UserTypeRow { name: string; logical_type: string; labels: string[] | null }

/** User-defined types of a schema (CREATE TYPE … AS ENUM / AS <type>), for schema sync (issue 26). */
export const USER_TYPES_SQL = `
SELECT type_name AS name, logical_type, labels
FROM duckdb_types() WHERE database_name = $1 AND schema_name = $2 AND NOT internal ORDER BY type_name`;
