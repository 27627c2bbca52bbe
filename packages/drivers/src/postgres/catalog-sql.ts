/**
 * PostgreSQL catalog queries, one per concern: the SQL text and the shape of its rows. Values are
 * always bound ($1 schema, $2 table or NULL for "every table of the schema"), so the same query
 * serves one table (tree, hover) and the whole schema (bulk catalog). Targets PostgreSQL 12+.
 */

export const DATABASES_SQL = `
SELECT datname AS name FROM pg_database
WHERE NOT datistemplate AND datallowconn
ORDER BY datname`;

/** User schemas first, then pg_catalog and information_schema; toast and temp schemas hidden. */
export const SCHEMAS_SQL = `
SELECT nspname AS name FROM pg_namespace
WHERE nspname !~ '^pg_(toast|temp_)'
ORDER BY nspname IN ('pg_catalog', 'information_schema'), nspname`;

export interface TableRow { name: string; comment: string | null }

const TABLE_FILTER = `
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f') AND NOT c.relispartition
    AND ($2::text IS NULL OR c.relname ILIKE $2)`;

/**
 * One page of tables, walked in name order (pg_class_relname_nsp_index), comments read for the
 * page only: a 30,000-table schema stays fast. The total is counted separately, and only when
 * the page does not already show where the list ends (counting scans every relation).
 */
export const TABLES_PAGE_SQL = `
WITH page AS (
  SELECT c.oid, c.relname ${TABLE_FILTER}
  ORDER BY c.relname
  LIMIT $3 OFFSET $4)
SELECT p.relname AS name, d.description AS comment
FROM page p
LEFT JOIN pg_description d ON d.objoid = p.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
ORDER BY p.relname`;

export const TABLES_COUNT_SQL = `SELECT count(*)::int AS total ${TABLE_FILTER}`;

export interface ColumnRow {
  table_name: string;
  name: string;
  ordinal: number;
  column_type: string;
  type_name: string;
  typmod: number;
  nullable: boolean;
  default_value: string | null;
  comment: string | null;
  /** '' | 'a' (GENERATED ALWAYS AS IDENTITY) | 'd' (BY DEFAULT). */
  identity: string;
  /** '' | 's' (GENERATED ALWAYS AS (…) STORED). */
  generated: string;
  collation: string | null;
  primary_key: boolean;
}

const COLUMNS_SELECT = `
SELECT c.relname AS table_name, a.attname AS name, a.attnum::int AS ordinal,
  format_type(a.atttypid, a.atttypmod) AS column_type, t.typname AS type_name, a.atttypmod AS typmod,
  NOT a.attnotnull AS nullable,
  pg_get_expr(ad.adbin, ad.adrelid) AS default_value,
  d.description AS comment,
  a.attidentity::text AS identity, a.attgenerated::text AS generated,
  CASE WHEN a.attcollation <> t.typcollation THEN co.collname END AS collation,
  EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS primary_key
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
LEFT JOIN pg_description d ON d.objoid = a.attrelid AND d.classoid = 'pg_class'::regclass AND d.objsubid = a.attnum
LEFT JOIN pg_collation co ON co.oid = a.attcollation`;

/** $3: relkinds, '{r,p,f}' for tables, '{v,m}' for views. */
export const COLUMNS_SQL = `${COLUMNS_SELECT}
WHERE n.nspname = $1 AND ($2::text IS NULL OR c.relname = $2) AND c.relkind = ANY ($3::"char"[])
  AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY c.relname, a.attnum`;

/**
 * The columns of a list of tables and views ($2 text[] of exact names) in one query: completion reads
 * the tables a statement names first, then the rest of a big schema in batches.
 */
export const COLUMNS_OF_TABLES_SQL = `${COLUMNS_SELECT}
WHERE n.nspname = $1 AND c.relname = ANY ($2::text[]) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
  AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY c.relname, a.attnum`;

export interface KeyRow {
  table_name: string;
  name: string;
  /** p, u, f, c */
  type: string;
  columns: string[];
  referenced_table: string | null;
  referenced_schema: string | null;
  referenced_columns: string[];
  /** a, r, c, n, d (pg_constraint.confupdtype / confdeltype) */
  on_update: string;
  on_delete: string;
  definition: string;
}

export const KEYS_SQL = `
SELECT cl.relname AS table_name, con.conname AS name, con.contype::text AS type,
  to_json(ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord)) AS columns,
  fcl.relname AS referenced_table, fns.nspname AS referenced_schema,
  to_json(ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord)) AS referenced_columns,
  con.confupdtype::text AS on_update, con.confdeltype::text AS on_delete,
  pg_get_constraintdef(con.oid, true) AS definition
FROM pg_constraint con
JOIN pg_class cl ON cl.oid = con.conrelid
JOIN pg_namespace n ON n.oid = cl.relnamespace
LEFT JOIN pg_class fcl ON fcl.oid = con.confrelid
LEFT JOIN pg_namespace fns ON fns.oid = fcl.relnamespace
WHERE n.nspname = $1 AND ($2::text IS NULL OR cl.relname = $2) AND con.contype IN ('p', 'u', 'f', 'c')
ORDER BY cl.relname, array_position(ARRAY['p', 'u', 'f', 'c'], con.contype::text), con.conname`;

export interface IndexRow {
  table_name: string;
  name: string;
  unique: boolean;
  primary: boolean;
  method: string;
  where: string | null;
  definition: string;
  /** Backs a PRIMARY KEY / UNIQUE / EXCLUDE constraint (so DDL creates it through the constraint). */
  constraint_backed: boolean;
  columns: { name: string | null; expression: string | null; desc: boolean }[];
}

export const INDEXES_SQL = `
SELECT tc.relname AS table_name, ic.relname AS name, i.indisunique AS unique, i.indisprimary AS primary,
  am.amname AS method, pg_get_expr(i.indpred, i.indrelid, true) AS where,
  pg_get_indexdef(i.indexrelid) AS definition,
  EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.indexrelid AND con.conrelid = i.indrelid
          AND con.contype IN ('p', 'u', 'x')) AS constraint_backed,
  (SELECT json_agg(json_build_object(
      'name', a.attname,
      'expression', CASE WHEN k.attnum = 0 THEN pg_get_indexdef(i.indexrelid, k.ord::int, true) END,
      'desc', (i.indoption[k.ord - 1] & 1) = 1) ORDER BY k.ord)
   FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
   LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
   WHERE k.ord <= i.indnkeyatts) AS columns
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid
JOIN pg_class tc ON tc.oid = i.indrelid
JOIN pg_namespace n ON n.oid = tc.relnamespace
JOIN pg_am am ON am.oid = ic.relam
WHERE n.nspname = $1 AND ($2::text IS NULL OR tc.relname = $2)
ORDER BY tc.relname, i.indisprimary DESC, ic.relname`;

export interface ViewRow { name: string; comment: string | null; definition: string | null; kind: string }

export const VIEWS_SQL = `
SELECT c.relname AS name, d.description AS comment, pg_get_viewdef(c.oid, true) AS definition, c.relkind::text AS kind
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
WHERE n.nspname = $1 AND c.relkind IN ('v', 'm')
ORDER BY c.relname`;

export interface RoutineRow {
  name: string;
  specific_name: string;
  kind: string;
  return_type: string | null;
  comment: string | null;
  /** mode: i (in), o (out), b (inout), v (variadic), t (table column) */
  parameters: { name: string; type: string; mode: string }[] | null;
}

/** $2: prokinds, '{f}' for functions, '{p}' for procedures. */
export const ROUTINES_SQL = `
SELECT p.proname AS name, p.proname || '_' || p.oid AS specific_name, p.prokind::text AS kind,
  CASE WHEN p.prokind <> 'p' THEN pg_get_function_result(p.oid) END AS return_type,
  d.description AS comment,
  (SELECT json_agg(json_build_object('name', COALESCE(p.proargnames[k.ord], ''), 'type', format_type(k.typ, NULL),
      'mode', COALESCE(p.proargmodes[k.ord], 'i')) ORDER BY k.ord)
   FROM unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY k(typ, ord)) AS parameters
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
LEFT JOIN pg_description d ON d.objoid = p.oid AND d.classoid = 'pg_proc'::regclass AND d.objsubid = 0
WHERE n.nspname = $1 AND p.prokind = ANY ($2::"char"[])
ORDER BY p.proname, p.oid`;

/** $1 schema, $2 name, $3 specific name (proname_oid) or NULL, $4 prokinds. Aggregates have no CREATE text here. */
export const ROUTINE_DEFINITION_SQL = `
SELECT CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) END AS definition
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = $1 AND p.proname = $2 AND ($3::text IS NULL OR p.proname || '_' || p.oid = $3) AND p.prokind = ANY ($4::"char"[])
ORDER BY p.oid`;

export interface TriggerRow { name: string; table_name: string; timing: string; event: string; definition: string }

export const TRIGGERS_SQL = `
SELECT t.tgname AS name, c.relname AS table_name,
  CASE WHEN t.tgtype & 2 = 2 THEN 'BEFORE' WHEN t.tgtype & 64 = 64 THEN 'INSTEAD OF' ELSE 'AFTER' END AS timing,
  concat_ws(' OR ',
    CASE WHEN t.tgtype & 4 = 4 THEN 'INSERT' END,
    CASE WHEN t.tgtype & 16 = 16 THEN 'UPDATE' END,
    CASE WHEN t.tgtype & 8 = 8 THEN 'DELETE' END,
    CASE WHEN t.tgtype & 32 = 32 THEN 'TRUNCATE' END) AS event,
  pg_get_triggerdef(t.oid, true) AS definition
FROM pg_trigger t
JOIN pg_class c ON c.oid = t.tgrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE NOT t.tgisinternal AND n.nspname = $1 AND ($2::text IS NULL OR c.relname = $2)
ORDER BY c.relname, t.tgname`;

export interface SequenceRow {
  name: string; data_type: string; start: string; increment: string; min_value: string; max_value: string; cycle: boolean; owned_by: string | null;
}

export const SEQUENCES_SQL = `
SELECT c.relname AS name, format_type(s.seqtypid, NULL) AS data_type, s.seqstart::text AS start,
  s.seqincrement::text AS increment, s.seqmin::text AS min_value, s.seqmax::text AS max_value, s.seqcycle AS cycle,
  (SELECT tc.relname || '.' || a.attname FROM pg_depend dep
     JOIN pg_class tc ON tc.oid = dep.refobjid
     JOIN pg_attribute a ON a.attrelid = dep.refobjid AND a.attnum = dep.refobjsubid
   WHERE dep.classid = 'pg_class'::regclass AND dep.objid = c.oid AND dep.deptype IN ('a', 'i') LIMIT 1) AS owned_by
FROM pg_sequence s
JOIN pg_class c ON c.oid = s.seqrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1
ORDER BY c.relname`;

export interface RelationRow {
  name: string;
  kind: string;
  comment: string | null;
  persistence: string;
  partition_key: string | null;
  partition_of: string | null;
  partition_bound: string | null;
}

/** The relation-level facts table DDL needs ($2 a table name) and the bulk catalog lists ($2 NULL). */
export const RELATIONS_SQL = `
SELECT c.relname AS name, c.relkind::text AS kind, d.description AS comment, c.relpersistence::text AS persistence,
  CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partition_key,
  (SELECT quote_ident(pn.nspname) || '.' || quote_ident(pc.relname) FROM pg_inherits inh
     JOIN pg_class pc ON pc.oid = inh.inhparent JOIN pg_namespace pn ON pn.oid = pc.relnamespace
   WHERE c.relispartition AND inh.inhrelid = c.oid) AS partition_of,
  CASE WHEN c.relispartition THEN pg_get_expr(c.relpartbound, c.oid) END AS partition_bound
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
WHERE n.nspname = $1 AND ($2::text IS NULL OR c.relname = $2) AND c.relkind IN ('r', 'p', 'f')
ORDER BY c.relname`;
