/**
 * ClickHouse catalog queries over system.* ({db:String} is a ClickHouse database, which the spec
 * calls a schema; {table:Nullable(String)} NULL = every table). Query parameters are bound by the server.
 * Not run against a server in this repository's tests (none is available): see the issue note.
 */

export const SCHEMAS_SQL = 'SELECT name FROM system.databases ORDER BY name';

export interface TableRow { name: string; comment: string; total: string }

export const TABLES_PAGE_SQL = `
SELECT name, comment, count() OVER () AS total FROM system.tables
WHERE database = {db:String} AND NOT is_temporary AND engine NOT IN ('View', 'MaterializedView', 'LiveView', 'WindowView')
  AND ({pattern:Nullable(String)} IS NULL OR positionCaseInsensitiveUTF8(name, {pattern:Nullable(String)}) > 0)
ORDER BY name LIMIT {limit:UInt32} OFFSET {offset:UInt32}`;

export interface ColumnRow {
  table: string; name: string; position: string; type: string; default_kind: string; default_expression: string;
  comment: string; is_in_primary_key: number; is_in_sorting_key: number;
}

export const COLUMNS_SQL = `
SELECT table, name, position, type, default_kind, default_expression, comment, is_in_primary_key, is_in_sorting_key
FROM system.columns
WHERE database = {db:String} AND ({table:Nullable(String)} IS NULL OR table = {table:Nullable(String)})
ORDER BY table, position`;

export interface TableDetailRow { name: string; engine: string; comment: string; primary_key: string; sorting_key: string; as_select: string; create_table_query: string }

export const TABLE_DETAILS_SQL = `
SELECT name, engine, comment, primary_key, sorting_key, as_select, create_table_query FROM system.tables
WHERE database = {db:String} AND ({table:Nullable(String)} IS NULL OR name = {table:Nullable(String)})
ORDER BY name`;

export interface SkipIndexRow { table: string; name: string; type: string; expr: string }

export const SKIP_INDEXES_SQL = `
SELECT table, name, type, expr FROM system.data_skipping_indices
WHERE database = {db:String} AND ({table:Nullable(String)} IS NULL OR table = {table:Nullable(String)})
ORDER BY table, name`;

export interface FunctionRow { name: string; create_query: string }

export const FUNCTIONS_SQL = `SELECT name, create_query FROM system.functions WHERE origin = 'SQLUserDefined' ORDER BY name`;
