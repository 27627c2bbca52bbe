/**
 * SQL Server catalog queries over sys.* of one database (`db` is that database's quoted name),
 * one per concern; values bound as @schema, @table (NULL = every table), @pattern, @limit, @offset.
 * Not run against a server in this repository's tests (none is available): see the issue note.
 */

export const DATABASES_SQL = 'SELECT name FROM sys.databases ORDER BY name';

export const schemasSql = (db: string) => `
SELECT s.name FROM ${db}.sys.schemas s
WHERE s.name NOT LIKE 'db[_]%' AND s.name NOT IN ('sys', 'INFORMATION_SCHEMA', 'guest')
ORDER BY s.name`;

export interface TableRow { name: string; comment: string | null; total: number }

export const tablesPageSql = (db: string) => `
SELECT t.name, CAST(ep.value AS nvarchar(max)) AS comment, COUNT(*) OVER () AS total
FROM ${db}.sys.tables t
JOIN ${db}.sys.schemas s ON s.schema_id = t.schema_id
LEFT JOIN ${db}.sys.extended_properties ep ON ep.class = 1 AND ep.major_id = t.object_id AND ep.minor_id = 0 AND ep.name = 'MS_Description'
WHERE s.name = @schema AND (@pattern IS NULL OR t.name LIKE @pattern ESCAPE '\\')
ORDER BY t.name OFFSET @offset ROWS FETCH NEXT @limit ROWS ONLY`;

export interface ColumnRow {
  table_name: string; name: string; ordinal: number; type_name: string; max_length: number; precision: number; scale: number;
  nullable: boolean; is_identity: boolean; default_value: string | null; comment: string | null; collation: string | null;
  primary_key: boolean; computed: string | null; seed: string | null; increment: string | null; is_sparse: boolean;
}

/** @kinds: 'U' tables, 'V' views (sys.objects.type). */
export const columnsSql = (db: string) => `
SELECT o.name AS table_name, c.name, c.column_id AS ordinal, ty.name AS type_name, c.max_length, c.precision, c.scale,
  c.is_nullable AS nullable, c.is_identity, dc.definition AS default_value, CAST(ep.value AS nvarchar(max)) AS comment,
  c.collation_name AS collation, cc.definition AS computed, c.is_sparse,
  CAST(idc.seed_value AS varchar(40)) AS seed, CAST(idc.increment_value AS varchar(40)) AS increment,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM ${db}.sys.indexes i JOIN ${db}.sys.index_columns ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id
    WHERE i.object_id = o.object_id AND i.is_primary_key = 1 AND ic.column_id = c.column_id) THEN 1 ELSE 0 END AS bit) AS primary_key
FROM ${db}.sys.columns c
JOIN ${db}.sys.objects o ON o.object_id = c.object_id
JOIN ${db}.sys.schemas s ON s.schema_id = o.schema_id
JOIN ${db}.sys.types ty ON ty.user_type_id = c.user_type_id
LEFT JOIN ${db}.sys.default_constraints dc ON dc.object_id = c.default_object_id
LEFT JOIN ${db}.sys.identity_columns idc ON idc.object_id = c.object_id AND idc.column_id = c.column_id
LEFT JOIN ${db}.sys.computed_columns cc ON cc.object_id = c.object_id AND cc.column_id = c.column_id
LEFT JOIN ${db}.sys.extended_properties ep ON ep.class = 1 AND ep.major_id = c.object_id AND ep.minor_id = c.column_id AND ep.name = 'MS_Description'
WHERE s.name = @schema AND (@table IS NULL OR o.name = @table) AND o.type = @kind
ORDER BY o.name, c.column_id`;

export interface KeyRow {
  table_name: string; name: string; type: string; column_name: string | null; referenced_schema: string | null;
  referenced_table: string | null; referenced_column: string | null; on_delete: string | null; on_update: string | null; definition: string | null;
}

/** Primary/unique keys, foreign keys and checks in one result, a row per key column. */
export const keysSql = (db: string) => `
SELECT t.name AS table_name, kc.name, kc.type, col.name AS column_name, NULL AS referenced_schema, NULL AS referenced_table,
  NULL AS referenced_column, NULL AS on_delete, NULL AS on_update, NULL AS definition, ic.key_ordinal AS ord
FROM ${db}.sys.key_constraints kc
JOIN ${db}.sys.tables t ON t.object_id = kc.parent_object_id
JOIN ${db}.sys.schemas s ON s.schema_id = t.schema_id
JOIN ${db}.sys.index_columns ic ON ic.object_id = kc.parent_object_id AND ic.index_id = kc.unique_index_id
JOIN ${db}.sys.columns col ON col.object_id = ic.object_id AND col.column_id = ic.column_id
WHERE s.name = @schema AND (@table IS NULL OR t.name = @table)
UNION ALL
SELECT t.name, fk.name, 'F', pc.name, rs.name, rt.name, rc.name, fk.delete_referential_action_desc, fk.update_referential_action_desc, NULL,
  fkc.constraint_column_id
FROM ${db}.sys.foreign_keys fk
JOIN ${db}.sys.tables t ON t.object_id = fk.parent_object_id
JOIN ${db}.sys.schemas s ON s.schema_id = t.schema_id
JOIN ${db}.sys.foreign_key_columns fkc ON fkc.constraint_object_id = fk.object_id
JOIN ${db}.sys.columns pc ON pc.object_id = fkc.parent_object_id AND pc.column_id = fkc.parent_column_id
JOIN ${db}.sys.tables rt ON rt.object_id = fkc.referenced_object_id
JOIN ${db}.sys.schemas rs ON rs.schema_id = rt.schema_id
JOIN ${db}.sys.columns rc ON rc.object_id = fkc.referenced_object_id AND rc.column_id = fkc.referenced_column_id
WHERE s.name = @schema AND (@table IS NULL OR t.name = @table)
UNION ALL
SELECT t.name, ck.name, 'C', NULL, NULL, NULL, NULL, NULL, NULL, ck.definition, 0
FROM ${db}.sys.check_constraints ck
JOIN ${db}.sys.tables t ON t.object_id = ck.parent_object_id
JOIN ${db}.sys.schemas s ON s.schema_id = t.schema_id
WHERE s.name = @schema AND (@table IS NULL OR t.name = @table)
ORDER BY table_name, type DESC, name, ord`;

export interface IndexRow {
  table_name: string; name: string; is_unique: boolean; is_primary_key: boolean; type_desc: string; filter: string | null;
  column_name: string; is_descending_key: boolean;
}

export const indexesSql = (db: string) => `
SELECT t.name AS table_name, i.name, i.is_unique, i.is_primary_key, i.type_desc, i.filter_definition AS filter,
  c.name AS column_name, ic.is_descending_key
FROM ${db}.sys.indexes i
JOIN ${db}.sys.tables t ON t.object_id = i.object_id
JOIN ${db}.sys.schemas s ON s.schema_id = t.schema_id
JOIN ${db}.sys.index_columns ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id AND ic.is_included_column = 0
JOIN ${db}.sys.columns c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
WHERE s.name = @schema AND (@table IS NULL OR t.name = @table) AND i.name IS NOT NULL
ORDER BY t.name, i.is_primary_key DESC, i.name, ic.key_ordinal`;

export interface ObjectRow { name: string; comment: string | null; definition: string | null; type: string; table_name: string | null; timing: string | null; event: string | null }

/** Views (V), functions (FN, IF, TF), procedures (P) and triggers (TR) with their source text. */
export const objectsSql = (db: string) => `
SELECT o.name, CAST(ep.value AS nvarchar(max)) AS comment, OBJECT_DEFINITION(o.object_id) AS definition, RTRIM(o.type) AS type,
  p.name AS table_name,
  CASE WHEN tr.is_instead_of_trigger = 1 THEN 'INSTEAD OF' WHEN tr.object_id IS NOT NULL THEN 'AFTER' END AS timing,
  (SELECT STRING_AGG(te.type_desc, ' OR ') FROM ${db}.sys.trigger_events te WHERE te.object_id = o.object_id) AS event
FROM ${db}.sys.objects o
JOIN ${db}.sys.schemas s ON s.schema_id = o.schema_id
LEFT JOIN ${db}.sys.triggers tr ON tr.object_id = o.object_id
LEFT JOIN ${db}.sys.objects p ON p.object_id = o.parent_object_id
LEFT JOIN ${db}.sys.extended_properties ep ON ep.class = 1 AND ep.major_id = o.object_id AND ep.minor_id = 0 AND ep.name = 'MS_Description'
WHERE s.name = @schema AND RTRIM(o.type) IN ('V', 'FN', 'IF', 'TF', 'P', 'TR') AND o.is_ms_shipped = 0
ORDER BY o.name`;

export interface ParameterRow { routine: string; name: string; type_name: string; is_output: boolean }

export const parametersSql = (db: string) => `
SELECT o.name AS routine, p.name, TYPE_NAME(p.user_type_id) AS type_name, p.is_output
FROM ${db}.sys.parameters p
JOIN ${db}.sys.objects o ON o.object_id = p.object_id
JOIN ${db}.sys.schemas s ON s.schema_id = o.schema_id
WHERE s.name = @schema AND p.parameter_id > 0
ORDER BY o.name, p.parameter_id`;

/** The stored text of a function or procedure (@schema, @name; @kinds a comma list of sys.objects types). */
export const routineDefinitionSql = (db: string) => `
SELECT m.definition
FROM ${db}.sys.sql_modules m
JOIN ${db}.sys.objects o ON o.object_id = m.object_id
JOIN ${db}.sys.schemas s ON s.schema_id = o.schema_id
WHERE s.name = @schema AND o.name = @name AND CHARINDEX(RTRIM(o.type), @kinds) > 0`;
