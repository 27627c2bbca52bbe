/**
 * Catalog queries for schema sync's objects beyond tables (issue 26), one per kind; $1 is the schema.
 * Objects that belong to an extension (pg_depend deptype 'e') are the extension's, never listed apart.
 * Texts come from the engine's own deparsers (pg_get_functiondef, pg_get_triggerdef, pg_get_ruledef,
 * pg_get_expr, pg_get_constraintdef, format_type), so what is compared is what PostgreSQL prints.
 */

const NOT_EXTENSION_MEMBER = (cls: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.classid = '${cls}'::regclass AND x.objid = ${oid} AND x.deptype = 'e')`;

export interface ExtensionRow { name: string }
export const EXTENSIONS_SQL = `
SELECT e.extname AS name FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
WHERE n.nspname = $1 ORDER BY e.extname`;

export interface TypeRow {
  oid: number;
  name: string;
  kind: 'e' | 'd' | 'c' | 'r';
  labels: string[] | null;
  base_type: string | null;
  base_type_oid: number | null;
  not_null: boolean;
  default_value: string | null;
  collation: string | null;
  checks: string[] | null;
  attributes: string[] | null;
  attribute_type_oids: number[] | null;
  range_subtype: string | null;
  range_subtype_oid: number | null;
  range_subdiff: string | null;
  comment: string | null;
}
export const TYPES_SQL = `
SELECT t.oid::int AS oid, t.typname AS name, t.typtype::text AS kind,
  CASE WHEN t.typtype = 'e' THEN (SELECT array_agg(quote_literal(e.enumlabel) ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) END AS labels,
  CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) END AS base_type,
  CASE WHEN t.typtype = 'd' THEN t.typbasetype::int END AS base_type_oid,
  t.typnotnull AS not_null, t.typdefault AS default_value,
  (SELECT quote_ident(co.collname) FROM pg_collation co, pg_type b
    WHERE t.typtype = 'd' AND co.oid = t.typcollation AND b.oid = t.typbasetype AND t.typcollation <> b.typcollation) AS collation,
  CASE WHEN t.typtype = 'd' THEN (SELECT array_agg('CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid, true) ORDER BY c.conname)
    FROM pg_constraint c WHERE c.contypid = t.oid AND c.contype = 'c') END AS checks,
  CASE WHEN t.typtype = 'c' THEN (SELECT array_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
      || CASE WHEN a.attcollation <> 0 AND a.attcollation <> at.typcollation THEN ' COLLATE ' || quote_ident(co.collname) ELSE '' END ORDER BY a.attnum)
    FROM pg_attribute a JOIN pg_type at ON at.oid = a.atttypid LEFT JOIN pg_collation co ON co.oid = a.attcollation
    WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) END AS attributes,
  CASE WHEN t.typtype = 'c' THEN (SELECT array_agg(a.atttypid::int ORDER BY a.attnum) FROM pg_attribute a
    WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) END AS attribute_type_oids,
  (SELECT format_type(r.rngsubtype, NULL) FROM pg_range r WHERE r.rngtypid = t.oid) AS range_subtype,
  (SELECT r.rngsubtype::int FROM pg_range r WHERE r.rngtypid = t.oid) AS range_subtype_oid,
  (SELECT NULLIF(r.rngsubdiff, 0)::regproc::text FROM pg_range r WHERE r.rngtypid = t.oid) AS range_subdiff,
  obj_description(t.oid, 'pg_type') AS comment
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = $1 AND t.typtype IN ('e', 'd', 'c', 'r')
  AND (t.typtype <> 'c' OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
  AND ${NOT_EXTENSION_MEMBER('pg_type', 't.oid')}
ORDER BY t.typname`;

export interface RoutineObjectRow {
  oid: number;
  name: string;
  kind: 'f' | 'p' | 'a' | 'w';
  args: string;
  definition: string | null;
  language: string;
  source: string | null;
  comment: string | null;
  type_oids: number[];
  agg_sfunc: string | null;
  agg_sfunc_oid: number | null;
  agg_stype: string | null;
  agg_finalfunc: string | null;
  agg_finalfunc_oid: number | null;
  agg_combinefunc: string | null;
  agg_initcond: string | null;
}
export const ROUTINE_OBJECTS_SQL = `
SELECT p.oid::int AS oid, p.proname AS name, p.prokind::text AS kind, pg_get_function_identity_arguments(p.oid) AS args,
  CASE WHEN p.prokind <> 'a' THEN pg_get_functiondef(p.oid) END AS definition,
  l.lanname AS language, p.prosrc AS source, obj_description(p.oid, 'pg_proc') AS comment,
  (SELECT array_agg(DISTINCT x::int) FROM unnest(array_append(p.proargtypes::oid[], p.prorettype)) x) AS type_oids,
  NULLIF(a.aggtransfn, 0)::regproc::text AS agg_sfunc, NULLIF(a.aggtransfn::oid, 0)::int AS agg_sfunc_oid,
  format_type(a.aggtranstype, NULL) AS agg_stype,
  NULLIF(a.aggfinalfn, 0)::regproc::text AS agg_finalfunc, NULLIF(a.aggfinalfn::oid, 0)::int AS agg_finalfunc_oid,
  NULLIF(a.aggcombinefn, 0)::regproc::text AS agg_combinefunc, a.agginitval AS agg_initcond
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_language l ON l.oid = p.prolang
LEFT JOIN pg_aggregate a ON a.aggfnoid = p.oid
WHERE n.nspname = $1 AND ${NOT_EXTENSION_MEMBER('pg_proc', 'p.oid')}
  -- Range and multirange constructors come with their type.
  AND NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.classid = 'pg_proc'::regclass AND x.objid = p.oid AND x.deptype = 'i')
ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`;

export interface TriggerObjectRow { name: string; table_name: string; definition: string; function_oid: number; comment: string | null; enabled: string }
export const TRIGGER_OBJECTS_SQL = `
SELECT t.tgname AS name, c.relname AS table_name, pg_get_triggerdef(t.oid, true) AS definition, t.tgfoid::int AS function_oid,
  obj_description(t.oid, 'pg_trigger') AS comment, t.tgenabled::text AS enabled
FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND NOT t.tgisinternal AND t.tgparentid = 0
ORDER BY c.relname, t.tgname`;

export interface RuleRow { name: string; table_name: string; definition: string; comment: string | null }
export const RULES_SQL = `
SELECT r.rulename AS name, c.relname AS table_name, pg_get_ruledef(r.oid, true) AS definition, obj_description(r.oid, 'pg_rewrite') AS comment
FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND r.rulename <> '_RETURN'
ORDER BY c.relname, r.rulename`;

export interface PolicyRow { name: string; table_name: string; permissive: boolean; command: string; roles: string[]; qual: string | null; with_check: string | null }
export const POLICIES_SQL = `
SELECT pol.polname AS name, c.relname AS table_name, pol.polpermissive AS permissive, pol.polcmd::text AS command,
  ARRAY(SELECT CASE WHEN r = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(r)) END FROM unnest(pol.polroles) r ORDER BY 1) AS roles,
  pg_get_expr(pol.polqual, pol.polrelid, true) AS qual, pg_get_expr(pol.polwithcheck, pol.polrelid, true) AS with_check
FROM pg_policy pol JOIN pg_class c ON c.oid = pol.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1
ORDER BY c.relname, pol.polname`;

export interface RowSecurityRow { table_name: string; forced: boolean }
export const ROW_SECURITY_SQL = `
SELECT c.relname AS table_name, c.relforcerowsecurity AS forced
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relrowsecurity ORDER BY c.relname`;

export interface PartitionRow { name: string; parent: string; parent_schema: string; bound: string; partition_key: string | null }
export const PARTITIONS_SQL = `
SELECT c.relname AS name, pc.relname AS parent, pn.nspname AS parent_schema, pg_get_expr(c.relpartbound, c.oid) AS bound,
  CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partition_key
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_inherits inh ON inh.inhrelid = c.oid
JOIN pg_class pc ON pc.oid = inh.inhparent
JOIN pg_namespace pn ON pn.oid = pc.relnamespace
WHERE n.nspname = $1 AND c.relispartition AND c.relkind IN ('r', 'p')
ORDER BY c.relname`;

export interface ViewIndexRow { name: string; view_name: string; definition: string }
export const VIEW_INDEXES_SQL = `
SELECT ic.relname AS name, vc.relname AS view_name, pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class vc ON vc.oid = i.indrelid
JOIN pg_namespace n ON n.oid = vc.relnamespace
WHERE n.nspname = $1 AND vc.relkind = 'm'
ORDER BY vc.relname, ic.relname`;

/** Types and functions in the schema that tables' columns, defaults, checks and generated expressions use. */
export interface RelationUseRow { relation: string; kind: string; row_type: number; type_oids: number[] | null; function_oids: number[] | null }
export const RELATION_USES_SQL = `
SELECT c.relname AS relation, c.relkind::text AS kind, c.reltype::int AS row_type,
  (SELECT array_agg(DISTINCT a.atttypid::int) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS type_oids,
  (SELECT array_agg(DISTINCT d.refobjid::int) FROM pg_depend d
     LEFT JOIN pg_attrdef ad ON d.classid = 'pg_attrdef'::regclass AND ad.oid = d.objid
     LEFT JOIN pg_constraint co ON d.classid = 'pg_constraint'::regclass AND co.oid = d.objid
     LEFT JOIN pg_rewrite rw ON d.classid = 'pg_rewrite'::regclass AND rw.oid = d.objid
   WHERE d.refclassid = 'pg_proc'::regclass AND coalesce(ad.adrelid, co.conrelid, rw.ev_class) = c.oid) AS function_oids
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm')`;

/** Array types point at their element, so a column of `mood[]` depends on `mood`. */
export interface TypeOidRow { oid: number; element: number }
export const ARRAY_TYPES_SQL = `
SELECT t.oid::int AS oid, t.typelem::int AS element FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = $1 AND t.typelem <> 0 AND t.typcategory = 'A'`;

export interface ExclusionRow { name: string; table_name: string; definition: string; comment: string | null }
export const EXCLUSIONS_SQL = `
SELECT con.conname AS name, c.relname AS table_name, pg_get_constraintdef(con.oid, true) AS definition, obj_description(con.oid, 'pg_constraint') AS comment
FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND con.contype = 'x'
ORDER BY c.relname, con.conname`;

/** Comments the table model does not carry: on sequences and on constraints. */
export interface SequenceCommentRow { name: string; comment: string }
export const SEQUENCE_COMMENTS_SQL = `
SELECT c.relname AS name, d.description AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
WHERE n.nspname = $1 AND c.relkind = 'S'
ORDER BY c.relname`;

/** Identity columns whose sequence is not the default one (START WITH 100, INCREMENT BY 10, CYCLE, …). */
export interface IdentityOptionRow { table_name: string; column_name: string; data_type: string; start: string; increment: string; min_value: string; max_value: string; cycle: boolean; cache: string }
export const IDENTITY_OPTIONS_SQL = `
SELECT c.relname AS table_name, a.attname AS column_name, format_type(s.seqtypid, NULL) AS data_type,
  s.seqstart::text AS start, s.seqincrement::text AS increment, s.seqmin::text AS min_value, s.seqmax::text AS max_value,
  s.seqcycle AS cycle, s.seqcache::text AS cache
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_depend d ON d.refobjid = c.oid AND d.refobjsubid = a.attnum AND d.classid = 'pg_class'::regclass AND d.deptype = 'i'
JOIN pg_sequence s ON s.seqrelid = d.objid
WHERE n.nspname = $1 AND a.attidentity <> '' AND NOT c.relispartition
ORDER BY c.relname, a.attname`;
