/**
 * Oracle catalog queries over the ALL_* views, one per concern; values bound as :schema, :tbl
 * (NULL = every table of the schema), :pattern, :offset, :limit. Column aliases are quoted so rows
 * come back with lower-case keys. Needs Oracle 12.2+ (FETCH NEXT, SEARCH_CONDITION_VC, identity).
 * Not run against a server in this repository's tests (none is available): see the issue note.
 */

export const SCHEMAS_SQL = 'SELECT username AS "name" FROM all_users ORDER BY username';

export interface TableRow { name: string; comment: string | null; total: number }

export const TABLES_PAGE_SQL = `
SELECT t.table_name AS "name", c.comments AS "comment", COUNT(*) OVER () AS "total"
FROM all_tables t
LEFT JOIN all_tab_comments c ON c.owner = t.owner AND c.table_name = t.table_name
WHERE t.owner = :schema AND t.nested = 'NO' AND t.secondary = 'N' AND t.iot_type IS NULL
  AND (:pattern IS NULL OR LOWER(t.table_name) LIKE LOWER(:pattern) ESCAPE '\\')
ORDER BY t.table_name OFFSET :offset ROWS FETCH NEXT :limit ROWS ONLY`;

export interface ColumnRow {
  table_name: string; name: string; ordinal: number; data_type: string; length: number; precision: number | null; scale: number | null;
  char_length: number; char_used: string | null; nullable: string; default_value: string | null; identity: string | null;
  comment: string | null; primary_key: number;
}

export const COLUMNS_SQL = `
SELECT c.table_name AS "table_name", c.column_name AS "name", c.column_id AS "ordinal", c.data_type AS "data_type",
  c.data_length AS "length", c.data_precision AS "precision", c.data_scale AS "scale", c.char_length AS "char_length",
  c.char_used AS "char_used", c.nullable AS "nullable", c.data_default AS "default_value", ic.generation_type AS "identity",
  cc.comments AS "comment",
  CASE WHEN EXISTS (SELECT 1 FROM all_constraints k JOIN all_cons_columns kc ON kc.owner = k.owner AND kc.constraint_name = k.constraint_name
    WHERE k.owner = c.owner AND k.table_name = c.table_name AND k.constraint_type = 'P' AND kc.column_name = c.column_name) THEN 1 ELSE 0 END AS "primary_key"
FROM all_tab_columns c
LEFT JOIN all_col_comments cc ON cc.owner = c.owner AND cc.table_name = c.table_name AND cc.column_name = c.column_name
LEFT JOIN all_tab_identity_cols ic ON ic.owner = c.owner AND ic.table_name = c.table_name AND ic.column_name = c.column_name
WHERE c.owner = :schema AND (:tbl IS NULL OR c.table_name = :tbl)
ORDER BY c.table_name, c.column_id`;

export interface KeyRow {
  table_name: string; name: string; type: string; column_name: string | null; referenced_schema: string | null;
  referenced_table: string | null; referenced_column: string | null; on_delete: string | null; check_expression: string | null;
}

/** NOT NULL constraints (type C, "COL" IS NOT NULL) are column facts, not keys. */
export const KEYS_SQL = `
SELECT k.table_name AS "table_name", k.constraint_name AS "name", k.constraint_type AS "type", kc.column_name AS "column_name",
  r.owner AS "referenced_schema", r.table_name AS "referenced_table", rc.column_name AS "referenced_column",
  k.delete_rule AS "on_delete", k.search_condition_vc AS "check_expression"
FROM all_constraints k
LEFT JOIN all_cons_columns kc ON kc.owner = k.owner AND kc.constraint_name = k.constraint_name
LEFT JOIN all_constraints r ON r.owner = k.r_owner AND r.constraint_name = k.r_constraint_name
LEFT JOIN all_cons_columns rc ON rc.owner = r.owner AND rc.constraint_name = r.constraint_name AND rc.position = kc.position
WHERE k.owner = :schema AND (:tbl IS NULL OR k.table_name = :tbl) AND k.constraint_type IN ('P', 'U', 'R', 'C')
  AND NOT (k.constraint_type = 'C' AND k.search_condition_vc LIKE '"%" IS NOT NULL')
ORDER BY k.table_name, DECODE(k.constraint_type, 'P', 1, 'U', 2, 'R', 3, 4), k.constraint_name, kc.position`;

export interface IndexRow {
  table_name: string; name: string; uniqueness: string; index_type: string; column_name: string; descend: string;
  expression: string | null; is_primary: number;
}

export const INDEXES_SQL = `
SELECT i.table_name AS "table_name", i.index_name AS "name", i.uniqueness AS "uniqueness", i.index_type AS "index_type",
  ic.column_name AS "column_name", ic.descend AS "descend", ie.column_expression AS "expression",
  (SELECT COUNT(*) FROM all_constraints k WHERE k.owner = i.table_owner AND k.index_name = i.index_name AND k.constraint_type = 'P') AS "is_primary"
FROM all_indexes i
JOIN all_ind_columns ic ON ic.index_owner = i.owner AND ic.index_name = i.index_name
LEFT JOIN all_ind_expressions ie ON ie.index_owner = ic.index_owner AND ie.index_name = ic.index_name AND ie.column_position = ic.column_position
WHERE i.table_owner = :schema AND (:tbl IS NULL OR i.table_name = :tbl)
ORDER BY i.table_name, i.index_name, ic.column_position`;

export interface ViewRow { name: string; definition: string | null; comment: string | null }

export const VIEWS_SQL = `
SELECT v.view_name AS "name", v.text AS "definition", c.comments AS "comment"
FROM all_views v LEFT JOIN all_tab_comments c ON c.owner = v.owner AND c.table_name = v.view_name
WHERE v.owner = :schema ORDER BY v.view_name`;

export interface RoutineRow { name: string; type: string }

export const ROUTINES_SQL = `
SELECT object_name AS "name", object_type AS "type" FROM all_objects
WHERE owner = :schema AND object_type IN ('FUNCTION', 'PROCEDURE') ORDER BY object_name`;

export interface ArgumentRow { routine: string; name: string | null; type: string | null; mode: string; position: number }

/** Position 0 is a function's return value. */
export const ARGUMENTS_SQL = `
SELECT object_name AS "routine", argument_name AS "name", data_type AS "type", in_out AS "mode", position AS "position"
FROM all_arguments WHERE owner = :schema AND package_name IS NULL ORDER BY object_name, sequence`;

export interface TriggerRow { name: string; table_name: string | null; trigger_type: string; event: string }

export const TRIGGERS_SQL = `
SELECT trigger_name AS "name", table_name AS "table_name", trigger_type AS "trigger_type", triggering_event AS "event"
FROM all_triggers WHERE owner = :schema AND (:tbl IS NULL OR table_name = :tbl) ORDER BY table_name, trigger_name`;

export interface SequenceRow { name: string; min_value: string; max_value: string; increment: string; cycle: string; last_number: string }

export const SEQUENCES_SQL = `
SELECT sequence_name AS "name", TO_CHAR(min_value) AS "min_value", TO_CHAR(max_value) AS "max_value",
  TO_CHAR(increment_by) AS "increment", cycle_flag AS "cycle", TO_CHAR(last_number) AS "last_number"
FROM all_sequences WHERE sequence_owner = :schema ORDER BY sequence_name`;

export const TABLE_DDL_SQL = `SELECT DBMS_METADATA.GET_DDL('TABLE', :tbl, :schema) AS "ddl" FROM dual`;

/** The source lines of a function or procedure, in order (ALL_SOURCE keeps them without CREATE). */
export const ROUTINE_SOURCE_SQL = `
SELECT text AS "text" FROM all_source WHERE owner = :schema AND name = :name AND type = :kind ORDER BY line`;
