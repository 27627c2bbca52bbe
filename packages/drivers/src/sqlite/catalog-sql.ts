/**
 * SQLite catalog queries: sqlite_master joined with the pragma table-valued functions, so a
 * whole database is read in one query per concern (never one PRAGMA per table). The schema
 * (main, temp, an attached name) is an identifier quoted by the caller; values are bound
 * (:table is NULL for "every table", :schema feeds the pragma functions).
 */

const USER_OBJECTS = `m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;

export const DATABASES_SQL = 'SELECT name FROM pragma_database_list ORDER BY seq';

export interface TableRow { name: string }

export const tablesPageSql = (schema: string) => `
SELECT m.name FROM ${schema}.sqlite_master m
WHERE m.type = 'table' AND ${USER_OBJECTS} AND (:pattern IS NULL OR m.name LIKE :pattern ESCAPE '\\')
ORDER BY m.name LIMIT :limit OFFSET :offset`;

export const tablesCountSql = (schema: string) => `
SELECT count(*) AS total FROM ${schema}.sqlite_master m
WHERE m.type = 'table' AND ${USER_OBJECTS} AND (:pattern IS NULL OR m.name LIKE :pattern ESCAPE '\\')`;

export interface ObjectRow { name: string; type: string; tbl_name: string; sql: string | null }

/** Tables, views, indexes and triggers with their CREATE text. */
export const objectsSql = (schema: string) => `
SELECT m.name, m.type, m.tbl_name, m.sql FROM ${schema}.sqlite_master m
WHERE ${USER_OBJECTS} AND (:table IS NULL OR m.tbl_name = :table)
ORDER BY m.type, m.name`;

export interface ColumnRow {
  table_name: string; table_type: string; cid: number; name: string; type: string; not_null: number;
  default_value: string | null; pk: number; hidden: number;
}

export const columnsSql = (schema: string) => `
SELECT m.name AS table_name, m.type AS table_type, p.cid, p.name, p.type, p."notnull" AS not_null,
  p.dflt_value AS default_value, p.pk, p.hidden
FROM ${schema}.sqlite_master m JOIN pragma_table_xinfo(m.name, :schema) p
WHERE m.type IN ('table', 'view') AND ${USER_OBJECTS} AND (:table IS NULL OR m.name = :table) AND p.hidden <> 1
ORDER BY m.name, p.cid`;

export interface ForeignKeyRow {
  table_name: string; id: number; seq: number; referenced_table: string; column_name: string; referenced_column: string | null;
  on_update: string; on_delete: string;
}

export const foreignKeysSql = (schema: string) => `
SELECT m.name AS table_name, f.id, f.seq, f."table" AS referenced_table, f."from" AS column_name,
  f."to" AS referenced_column, f.on_update, f.on_delete
FROM ${schema}.sqlite_master m JOIN pragma_foreign_key_list(m.name, :schema) f
WHERE m.type = 'table' AND ${USER_OBJECTS} AND (:table IS NULL OR m.name = :table)
ORDER BY m.name, f.id, f.seq`;

export interface IndexColumnRow {
  table_name: string; index_name: string; is_unique: number; origin: string; partial: number;
  seqno: number; column_name: string | null; is_desc: number; cid: number; sql: string | null;
}

/** `origin`: c (CREATE INDEX), u (UNIQUE constraint), pk (PRIMARY KEY). Key columns only. */
export const indexesSql = (schema: string) => `
SELECT m.name AS table_name, il.name AS index_name, il."unique" AS is_unique, il.origin, il.partial,
  ix.seqno, ix.name AS column_name, ix."desc" AS is_desc, ix.cid, ixm.sql
FROM ${schema}.sqlite_master m
JOIN pragma_index_list(m.name, :schema) il
JOIN pragma_index_xinfo(il.name, :schema) ix
LEFT JOIN ${schema}.sqlite_master ixm ON ixm.type = 'index' AND ixm.name = il.name
WHERE m.type = 'table' AND ${USER_OBJECTS} AND (:table IS NULL OR m.name = :table) AND ix.key = 1
ORDER BY m.name, il.name, ix.seqno`;
