/**
 * PostgreSQL schema objects for schema sync (issue 26): extensions, enum/domain/composite/range types,
 * functions, procedures and aggregates (one object per signature), triggers, rules, policies and row
 * security, partitions (with bounds and sub-partitioning) and materialized view indexes. Each comes as
 * the statements that create it, in PostgreSQL's own words, with what it needs first.
 */
import { SCHEMA_TOKEN, type SchemaObjectInfo } from '../driver.js';
import type { RunQuery } from './metadata.js';
import * as Q from './objects-sql.js';

const ident = (name: string) => (/^[a-z_][a-z0-9_$]*$/.test(name) && !RESERVED.has(name) ? name : `"${name.replace(/"/g, '""')}"`);
/** Enough of PostgreSQL's reserved words for quote_ident's choice on object names. */
const RESERVED = new Set(['all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'both', 'case', 'cast', 'check', 'collate', 'column', 'constraint', 'create', 'current_date', 'current_role', 'current_time', 'current_timestamp', 'current_user', 'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'false', 'fetch', 'for', 'foreign', 'from', 'grant', 'group', 'having', 'in', 'initially', 'intersect', 'into', 'lateral', 'leading', 'limit', 'localtime', 'localtimestamp', 'not', 'null', 'offset', 'on', 'only', 'or', 'order', 'placing', 'primary', 'references', 'returning', 'select', 'session_user', 'some', 'symmetric', 'table', 'then', 'to', 'trailing', 'true', 'union', 'unique', 'user', 'using', 'variadic', 'when', 'where', 'window', 'with', 'year']);
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Replaces the schema's own qualifier (`public.` or `"My Schema".`) by the token, outside string literals and comments. */
export function tokeniseSchema(text: string, schema: string): string {
  const quoted = `"${schema.replace(/"/g, '""')}"`;
  const forms = [quoted, ...(ident(schema) === schema ? [schema] : [])].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\w$".])(?:${forms.join('|')})\\.(?=[\\w"])`, 'g');
  // Literal and dollar-quoted bodies are code too (function bodies): qualifiers inside them move with the schema.
  return text.replace(re, `${SCHEMA_TOKEN}.`);
}

export async function readSchemaObjects(query: RunQuery, schema: string): Promise<SchemaObjectInfo[]> {
  const [extensions, types, routines, triggers, rules, policies, rowSecurity, partitions, viewIndexes, uses, arrays] = [
    await query<Q.ExtensionRow>(Q.EXTENSIONS_SQL, [schema]),
    await query<Q.TypeRow>(Q.TYPES_SQL, [schema]),
    await query<Q.RoutineObjectRow>(Q.ROUTINE_OBJECTS_SQL, [schema]),
    await query<Q.TriggerObjectRow>(Q.TRIGGER_OBJECTS_SQL, [schema]),
    await query<Q.RuleRow>(Q.RULES_SQL, [schema]),
    await query<Q.PolicyRow>(Q.POLICIES_SQL, [schema]),
    await query<Q.RowSecurityRow>(Q.ROW_SECURITY_SQL, [schema]),
    await query<Q.PartitionRow>(Q.PARTITIONS_SQL, [schema]),
    await query<Q.ViewIndexRow>(Q.VIEW_INDEXES_SQL, [schema]),
    await query<Q.RelationUseRow>(Q.RELATION_USES_SQL, [schema]),
    await query<Q.TypeOidRow>(Q.ARRAY_TYPES_SQL, [schema]),
  ];
  const [exclusions, sequenceComments, identities] = [
    await query<Q.ExclusionRow>(Q.EXCLUSIONS_SQL, [schema]),
    await query<Q.SequenceCommentRow>(Q.SEQUENCE_COMMENTS_SQL, [schema]),
    await query<Q.IdentityOptionRow>(Q.IDENTITY_OPTIONS_SQL, [schema]),
  ];
  const tok = (text: string) => tokeniseSchema(text, schema);
  const own = (name: string) => `${SCHEMA_TOKEN}.${ident(name)}`;
  const elementOf = new Map(arrays.map((a) => [a.oid, a.element]));
  const typeIdentity = new Map(types.map((t) => [t.oid, `type ${t.name}`]));
  const typeDeps = (oids: (number | null)[] | null) =>
    [...new Set((oids ?? []).map((o) => typeIdentity.get(elementOf.get(o ?? 0) ?? o ?? 0)).filter((x): x is string => !!x))];
  const routineIdentity = new Map(routines.map((r) => [r.oid, `${routineKind(r.kind)} ${r.name}(${r.args})`]));
  const relationKind = new Map(uses.map((u) => [u.relation, u.kind]));
  const relationNames = uses.map((u) => u.relation);
  const rowTypeOf = new Map(uses.map((u) => [u.row_type, u.relation]));
  const after = (table: string): SchemaObjectInfo['phase'] => (['v', 'm'].includes(relationKind.get(table) ?? 'r') ? 'afterViews' : 'afterTables');
  const relationDep = (table: string) => `${['v', 'm'].includes(relationKind.get(table) ?? 'r') ? 'view' : 'table'} ${table}`;
  const out: SchemaObjectInfo[] = [];

  for (const e of extensions) {
    out.push({ kind: 'extension', identity: `extension ${e.name}`, name: e.name, create: [`CREATE EXTENSION IF NOT EXISTS ${ident(e.name)} WITH SCHEMA ${SCHEMA_TOKEN}`], drop: `DROP EXTENSION ${ident(e.name)}`, dependsOn: [], phase: 'beforeTables' });
  }
  const extensionDeps = extensions.map((e) => `extension ${e.name}`);

  for (const t of types) {
    const name = own(t.name);
    let create: string;
    let dependsOn: string[] = [];
    if (t.kind === 'e') create = `CREATE TYPE ${name} AS ENUM (${(t.labels ?? []).join(', ')})`;
    else if (t.kind === 'c') {
      create = `CREATE TYPE ${name} AS (${(t.attributes ?? []).map(tok).join(', ')})`;
      dependsOn = typeDeps(t.attribute_type_oids);
    } else if (t.kind === 'r') {
      create = `CREATE TYPE ${name} AS RANGE (subtype = ${tok(t.range_subtype ?? 'text')}${t.range_subdiff ? `, subtype_diff = ${tok(t.range_subdiff)}` : ''})`;
      dependsOn = typeDeps([t.range_subtype_oid]);
    } else {
      create = `CREATE DOMAIN ${name} AS ${tok(t.base_type ?? 'text')}${t.collation ? ` COLLATE ${t.collation}` : ''}${t.default_value !== null ? ` DEFAULT ${tok(t.default_value)}` : ''}${t.not_null ? ' NOT NULL' : ''}${(t.checks ?? []).map((c) => ` ${tok(c)}`).join('')}`;
      dependsOn = typeDeps([t.base_type_oid]);
    }
    const keyword = t.kind === 'd' ? 'DOMAIN' : 'TYPE';
    out.push({
      kind: t.kind === 'd' ? 'domain' : 'type', identity: `type ${t.name}`, name: t.name,
      create: [create, ...(t.comment !== null ? [`COMMENT ON ${keyword} ${name} IS ${literal(t.comment)}`] : [])],
      drop: `DROP ${keyword} ${name}`, dependsOn: [...dependsOn, ...extensionDeps], phase: 'beforeTables',
    });
  }

  for (const r of routines) {
    const kind = routineKind(r.kind);
    const identity = `${kind} ${r.name}(${r.args})`;
    const signature = `${own(r.name)}(${tok(r.args)})`;
    const keyword = kind.toUpperCase();
    const create = r.kind === 'a' ? aggregateSql(r, signature, tok) : tok((r.definition ?? '').trim());
    // SQL-language bodies are checked when created, so the relations they name come first; a table's
    // row type as an argument or result ties the routine to that table too.
    const named = r.language === 'sql' && r.source ? relationNames.filter((n) => new RegExp(`(?<![\\w$])"?${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?(?![\\w$])`, 'i').test(r.source!)) : [];
    const mentioned = [...new Set([...named, ...(r.type_oids ?? []).map((o) => rowTypeOf.get(elementOf.get(o) ?? o)).filter((x): x is string => !!x)])];
    const dependsOn = [
      ...typeDeps(r.type_oids), ...extensionDeps,
      ...[r.agg_sfunc_oid, r.agg_finalfunc_oid].map((o) => routineIdentity.get(o ?? 0)).filter((x): x is string => !!x),
      ...mentioned.map(relationDep),
    ];
    const phase: SchemaObjectInfo['phase'] = mentioned.some((n) => ['v', 'm'].includes(relationKind.get(n) ?? '')) ? 'afterViews' : mentioned.length ? 'afterTables' : 'beforeTables';
    out.push({
      kind, identity, name: r.name, create: [create, ...(r.comment !== null ? [`COMMENT ON ${keyword} ${signature} IS ${literal(r.comment)}`] : [])],
      drop: `DROP ${keyword} ${signature}`, dependsOn, phase, replaceable: r.kind !== 'a',
    });
  }

  for (const t of triggers) {
    const on = `ON ${own(t.table_name)}`;
    out.push({
      kind: 'trigger', identity: `trigger ${t.table_name}.${t.name}`, name: t.name, table: t.table_name,
      create: [tok(t.definition), ...(t.enabled === 'D' ? [`ALTER TABLE ${own(t.table_name)} DISABLE TRIGGER ${ident(t.name)}`] : []), ...(t.comment !== null ? [`COMMENT ON TRIGGER ${ident(t.name)} ${on} IS ${literal(t.comment)}`] : [])],
      drop: `DROP TRIGGER ${ident(t.name)} ${on}`,
      dependsOn: [relationDep(t.table_name), ...(routineIdentity.has(t.function_oid) ? [routineIdentity.get(t.function_oid)!] : [])],
      phase: after(t.table_name),
    });
  }
  for (const r of rules) {
    out.push({
      kind: 'rule', identity: `rule ${r.table_name}.${r.name}`, name: r.name, table: r.table_name,
      create: [tok(r.definition.trim().replace(/;\s*$/, '')), ...(r.comment !== null ? [`COMMENT ON RULE ${ident(r.name)} ON ${own(r.table_name)} IS ${literal(r.comment)}`] : [])],
      drop: `DROP RULE ${ident(r.name)} ON ${own(r.table_name)}`, dependsOn: [relationDep(r.table_name)], phase: after(r.table_name),
    });
  }
  for (const p of policies) {
    const command = ({ r: 'SELECT', a: 'INSERT', w: 'UPDATE', d: 'DELETE', '*': 'ALL' } as Record<string, string>)[p.command] ?? 'ALL';
    const create = `CREATE POLICY ${ident(p.name)} ON ${own(p.table_name)} AS ${p.permissive ? 'PERMISSIVE' : 'RESTRICTIVE'} FOR ${command} TO ${p.roles.join(', ')}`
      + (p.qual !== null ? ` USING (${tok(p.qual)})` : '') + (p.with_check !== null ? ` WITH CHECK (${tok(p.with_check)})` : '');
    out.push({ kind: 'policy', identity: `policy ${p.table_name}.${p.name}`, name: p.name, table: p.table_name, create: [create], drop: `DROP POLICY ${ident(p.name)} ON ${own(p.table_name)}`, dependsOn: [relationDep(p.table_name)], phase: 'afterViews' });
  }
  for (const r of rowSecurity) {
    const t = own(r.table_name);
    out.push({
      kind: 'rowSecurity', identity: `rowSecurity ${r.table_name}`, name: r.table_name, table: r.table_name,
      create: [`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`, ...(r.forced ? [`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`] : [])],
      drop: `ALTER TABLE ${t} DISABLE ROW LEVEL SECURITY`, dependsOn: [relationDep(r.table_name)], phase: 'afterTables',
    });
  }
  for (const p of partitions) {
    const parent = p.parent_schema === schema ? own(p.parent) : `${ident(p.parent_schema)}.${ident(p.parent)}`;
    out.push({
      kind: 'partition', identity: `table ${p.name}`, name: p.name, table: p.parent,
      create: [`CREATE TABLE ${own(p.name)} PARTITION OF ${parent} ${tok(p.bound)}${p.partition_key ? ` PARTITION BY ${tok(p.partition_key)}` : ''}`],
      drop: `DROP TABLE ${own(p.name)}`, dependsOn: p.parent_schema === schema ? [`table ${p.parent}`] : [], phase: 'afterTables',
    });
  }
  for (const x of exclusions) {
    const on = own(x.table_name);
    out.push({
      kind: 'constraint', identity: `constraint ${x.table_name}.${x.name}`, name: x.name, table: x.table_name,
      create: [`ALTER TABLE ${on} ADD CONSTRAINT ${ident(x.name)} ${tok(x.definition)}`, ...(x.comment !== null ? [`COMMENT ON CONSTRAINT ${ident(x.name)} ON ${on} IS ${literal(x.comment)}`] : [])],
      drop: `ALTER TABLE ${on} DROP CONSTRAINT ${ident(x.name)}`, dependsOn: [`table ${x.table_name}`], phase: 'afterTables',
    });
  }
  for (const c of sequenceComments) {
    out.push({ kind: 'comment', identity: `comment sequence ${c.name}`, name: c.name, create: [`COMMENT ON SEQUENCE ${own(c.name)} IS ${literal(c.comment)}`], drop: `COMMENT ON SEQUENCE ${own(c.name)} IS NULL`, dependsOn: [`sequence ${c.name}`], phase: 'afterTables', replaceable: true });
  }
  for (const i of identities) {
    const defaults = identityDefaults(i.data_type, Number(i.increment) < 0);
    const set = [
      i.start !== defaults.start ? `SET START WITH ${i.start}` : '', i.increment !== '1' ? `SET INCREMENT BY ${i.increment}` : '',
      i.min_value !== defaults.min ? `SET MINVALUE ${i.min_value}` : '', i.max_value !== defaults.max ? `SET MAXVALUE ${i.max_value}` : '',
      i.cycle ? 'SET CYCLE' : '', i.cache !== '1' ? `SET CACHE ${i.cache}` : '',
    ].filter(Boolean);
    if (!set.length) continue;
    const alter = `ALTER TABLE ${own(i.table_name)} ALTER COLUMN ${ident(i.column_name)}`;
    // RESTART makes the new start the next value, as it is in a freshly created source.
    out.push({
      kind: 'identity', identity: `identity ${i.table_name}.${i.column_name}`, name: i.column_name, table: i.table_name,
      create: [`${alter} ${set.join(' ')} RESTART`],
      drop: `${alter} SET START WITH ${defaults.start} SET INCREMENT BY 1 SET MINVALUE ${defaults.min} SET MAXVALUE ${defaults.max} SET NO CYCLE SET CACHE 1`,
      dependsOn: [`table ${i.table_name}`], phase: 'afterTables', replaceable: true,
    });
  }
  for (const ix of viewIndexes) {
    out.push({ kind: 'index', identity: `index ${ix.name}`, name: ix.name, table: ix.view_name, create: [tok(ix.definition)], drop: `DROP INDEX ${own(ix.name)}`, dependsOn: [`view ${ix.view_name}`], phase: 'afterViews' });
  }
  return out;
}

const LIMITS: Record<string, string> = { smallint: '32767', integer: '2147483647', bigint: '9223372036854775807' };
function identityDefaults(type: string, descending: boolean): { start: string; min: string; max: string } {
  const max = LIMITS[type] ?? LIMITS.bigint!;
  const min = `-${BigInt(max) + 1n}`;
  return descending ? { start: '-1', min, max: '-1' } : { start: '1', min: '1', max };
}

function routineKind(kind: string): 'function' | 'procedure' | 'aggregate' {
  return kind === 'p' ? 'procedure' : kind === 'a' ? 'aggregate' : 'function';
}

function aggregateSql(r: Q.RoutineObjectRow, signature: string, tok: (s: string) => string): string {
  const parts = [`SFUNC = ${tok(r.agg_sfunc ?? '')}`, `STYPE = ${tok(r.agg_stype ?? '')}`];
  if (r.agg_finalfunc) parts.push(`FINALFUNC = ${tok(r.agg_finalfunc)}`);
  if (r.agg_combinefunc) parts.push(`COMBINEFUNC = ${tok(r.agg_combinefunc)}`);
  if (r.agg_initcond !== null) parts.push(`INITCOND = ${literal(r.agg_initcond)}`);
  return `CREATE AGGREGATE ${signature} (${parts.join(', ')})`;
}
