/**
 * MySQL-family catalog queries over information_schema, one per concern: the SQL text and the
 * shape of its rows. `?` values are bound: schema, then table (NULL = every table of the schema).
 * Only columns that MySQL 5.7+/8, MariaDB 10.3+ and TiDB all have are read.
 */

export const DATABASES_SQL = 'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME';

export interface TableRow { name: string; comment: string | null }

const TABLE_FILTER = `
FROM information_schema.TABLES
WHERE TABLE_SCHEMA = ? AND TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED')
  AND (? IS NULL OR LOWER(TABLE_NAME) LIKE LOWER(?))`;

export const TABLES_PAGE_SQL = `
SELECT TABLE_NAME AS name, TABLE_COMMENT AS comment ${TABLE_FILTER}
ORDER BY TABLE_NAME LIMIT ? OFFSET ?`;

export const TABLES_COUNT_SQL = `SELECT COUNT(*) AS total ${TABLE_FILTER}`;

/** Every base table of the schema with its comment (bulk catalog). */
export const ALL_TABLES_SQL = `
SELECT TABLE_NAME AS name, TABLE_COMMENT AS comment, TABLE_TYPE AS table_type, ENGINE AS engine, TABLE_COLLATION AS collation
FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`;

export interface ColumnRow {
  table_name: string; name: string; ordinal: number; column_type: string; data_type: string; is_nullable: string;
  default_value: string | null; comment: string; column_key: string; extra: string;
  length: number | null; precision: number | null; scale: number | null; collation: string | null;
  generation_expression: string | null;
}

const COLUMNS_SELECT = `
SELECT TABLE_NAME AS table_name, COLUMN_NAME AS name, ORDINAL_POSITION AS ordinal, COLUMN_TYPE AS column_type,
  DATA_TYPE AS data_type, IS_NULLABLE AS is_nullable, COLUMN_DEFAULT AS default_value, COLUMN_COMMENT AS comment,
  COLUMN_KEY AS column_key, EXTRA AS extra, CHARACTER_MAXIMUM_LENGTH AS length, NUMERIC_PRECISION AS \`precision\`,
  NUMERIC_SCALE AS scale, COLLATION_NAME AS collation, GENERATION_EXPRESSION AS generation_expression
FROM information_schema.COLUMNS`;

export const COLUMNS_SQL = `${COLUMNS_SELECT}
WHERE TABLE_SCHEMA = ? AND (? IS NULL OR TABLE_NAME = ?)
ORDER BY TABLE_NAME, ORDINAL_POSITION`;

/** The columns of a list of tables and views: the second value is an array, bound as the IN list. */
export const COLUMNS_OF_TABLES_SQL = `${COLUMNS_SELECT}
WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (?)
ORDER BY TABLE_NAME, ORDINAL_POSITION`;

export interface KeyColumnRow {
  table_name: string; name: string; type: string; column_name: string | null; referenced_schema: string | null;
  referenced_table: string | null; referenced_column: string | null; on_update: string | null; on_delete: string | null;
}

export const KEYS_SQL = `
SELECT tc.TABLE_NAME AS table_name, tc.CONSTRAINT_NAME AS name, tc.CONSTRAINT_TYPE AS type, kcu.COLUMN_NAME AS column_name,
  kcu.REFERENCED_TABLE_SCHEMA AS referenced_schema, kcu.REFERENCED_TABLE_NAME AS referenced_table,
  kcu.REFERENCED_COLUMN_NAME AS referenced_column, rc.UPDATE_RULE AS on_update, rc.DELETE_RULE AS on_delete
FROM information_schema.TABLE_CONSTRAINTS tc
JOIN information_schema.KEY_COLUMN_USAGE kcu
  ON kcu.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND kcu.TABLE_NAME = tc.TABLE_NAME AND kcu.CONSTRAINT_NAME = tc.CONSTRAINT_NAME
LEFT JOIN information_schema.REFERENTIAL_CONSTRAINTS rc
  ON rc.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND rc.TABLE_NAME = tc.TABLE_NAME AND rc.CONSTRAINT_NAME = tc.CONSTRAINT_NAME
WHERE tc.TABLE_SCHEMA = ? AND (? IS NULL OR tc.TABLE_NAME = ?)
  AND tc.CONSTRAINT_TYPE IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
ORDER BY tc.TABLE_NAME, FIELD(tc.CONSTRAINT_TYPE, 'PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY'), tc.CONSTRAINT_NAME, kcu.ORDINAL_POSITION`;

export interface CheckRow { table_name: string; name: string; clause: string }

/** MariaDB names column-level checks after the column, so the table must match too. */
export const CHECKS_SQL_MARIADB = `
SELECT cc.TABLE_NAME AS table_name, cc.CONSTRAINT_NAME AS name, cc.CHECK_CLAUSE AS clause
FROM information_schema.CHECK_CONSTRAINTS cc
WHERE cc.CONSTRAINT_SCHEMA = ? AND (? IS NULL OR cc.TABLE_NAME = ?)
ORDER BY cc.TABLE_NAME, cc.CONSTRAINT_NAME`;

export const CHECKS_SQL_MYSQL = `
SELECT tc.TABLE_NAME AS table_name, tc.CONSTRAINT_NAME AS name, cc.CHECK_CLAUSE AS clause
FROM information_schema.TABLE_CONSTRAINTS tc
JOIN information_schema.CHECK_CONSTRAINTS cc ON cc.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND cc.CONSTRAINT_NAME = tc.CONSTRAINT_NAME
WHERE tc.CONSTRAINT_TYPE = 'CHECK' AND tc.TABLE_SCHEMA = ? AND (? IS NULL OR tc.TABLE_NAME = ?)
ORDER BY tc.TABLE_NAME, tc.CONSTRAINT_NAME`;

export interface IndexColumnRow {
  table_name: string; name: string; non_unique: number | string; column_name: string | null; collation: string | null;
  index_type: string; sub_part: number | null;
}

export const INDEXES_SQL = `
SELECT TABLE_NAME AS table_name, INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS column_name,
  COLLATION AS collation, INDEX_TYPE AS index_type, SUB_PART AS sub_part
FROM information_schema.STATISTICS
WHERE TABLE_SCHEMA = ? AND (? IS NULL OR TABLE_NAME = ?)
ORDER BY TABLE_NAME, INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME, SEQ_IN_INDEX`;

export interface ViewRow { name: string; definition: string | null }

export const VIEWS_SQL = `
SELECT TABLE_NAME AS name, VIEW_DEFINITION AS definition
FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`;

export interface RoutineRow { name: string; specific_name: string; kind: string; return_type: string | null; comment: string | null }

/** Second value: 'FUNCTION', 'PROCEDURE' or NULL for both. */
export const ROUTINES_SQL = `
SELECT ROUTINE_NAME AS name, SPECIFIC_NAME AS specific_name, ROUTINE_TYPE AS kind, DTD_IDENTIFIER AS return_type,
  ROUTINE_COMMENT AS comment
FROM information_schema.ROUTINES
WHERE ROUTINE_SCHEMA = ? AND (? IS NULL OR ROUTINE_TYPE = ?)
ORDER BY ROUTINE_NAME`;

export interface ParameterRow { specific_name: string; name: string | null; type: string; mode: string | null }

export const PARAMETERS_SQL = `
SELECT SPECIFIC_NAME AS specific_name, PARAMETER_NAME AS name, DTD_IDENTIFIER AS type, PARAMETER_MODE AS mode
FROM information_schema.PARAMETERS
WHERE SPECIFIC_SCHEMA = ? AND ORDINAL_POSITION > 0
ORDER BY SPECIFIC_NAME, ORDINAL_POSITION`;

export interface TriggerRow { name: string; table_name: string; timing: string; event: string; statement: string }

export const TRIGGERS_SQL = `
SELECT TRIGGER_NAME AS name, EVENT_OBJECT_TABLE AS table_name, ACTION_TIMING AS timing,
  EVENT_MANIPULATION AS event, ACTION_STATEMENT AS statement
FROM information_schema.TRIGGERS
WHERE TRIGGER_SCHEMA = ? AND (? IS NULL OR EVENT_OBJECT_TABLE = ?)
ORDER BY EVENT_OBJECT_TABLE, TRIGGER_NAME`;
