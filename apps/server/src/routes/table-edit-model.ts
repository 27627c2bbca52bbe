/**
 * The table editor's model (contracts' TableEditModel) ↔ schema-diff's TableModel, its checks, and
 * the DDL: schema-diff's CREATE / ALTER generators (the same ones schema sync uses) plus the
 * MySQL-family table options the schema model does not carry.
 */
import { supportsSchema, type DatabaseType, type TableEditColumn, type TableEditModel, type TableEditOptions, type TableEditSqlInput } from '@askdb/contracts';
import {
  alterTableSql, canonicalType, createTableSql, type ColumnModel, type EngineFamily, type IdentityKind, type TableModel,
} from '@askdb/schema-diff';
import { dialectFor } from '@askdb/sql';
import type { TableEditMessage } from './table-edit-messages.js';

/** The editor's view of a table read from the database. */
export function toEditModel(t: TableModel): TableEditModel {
  const pk = new Set(t.primaryKey?.columns ?? []);
  return {
    name: t.name,
    comment: t.comment,
    columns: t.columns.map((c) => ({
      name: c.name, type: c.type, nullable: c.nullable, default: c.default, comment: c.comment,
      autoIncrement: !!c.identity, identity: c.identity, collation: c.collation, ...(c.onUpdate ? { onUpdate: c.onUpdate } : {}),
      ...(c.sparse ? { sparse: true } : {}), primaryKey: pk.has(c.name),
    })),
    indexes: t.indexes.map((ix) => ({
      name: ix.name, unique: ix.unique, method: ix.method, where: ix.where, ...includeOf(ix.definition),
      columns: ix.columns.map((c) => ({ name: c.name, expression: c.expression ?? null, order: c.order, ...(c.length ? { length: c.length } : {}) })),
    })),
    primaryKeyName: t.primaryKey?.name ?? null,
    constraints: { uniques: t.uniques, checks: t.checks, foreignKeys: t.foreignKeys },
  };
}

/** PostgreSQL: the INCLUDE columns of an index definition (`USING btree (a) INCLUDE (b, c)`). */
function includeOf(definition: string | null | undefined): { include?: string[] } {
  const m = definition ? /\bINCLUDE\s*\(([^)]*)\)/i.exec(definition) : null;
  return m ? { include: m[1]!.split(',').map((n) => n.trim().replace(/^"(.*)"$/, '$1').replace(/""/g, '"')) } : {};
}

export interface Problem { key: TableEditMessage; params?: Record<string, string> }

/** What stops the DDL of `desired`: missing or duplicate names, missing types, indexes on columns the table lacks. */
export function problemsOf(desired: TableEditModel, renames: Record<string, string> = {}): Problem[] {
  const out: Problem[] = [];
  if (!desired.name.trim()) out.push({ key: 'TABLE_NAME' });
  if (!desired.columns.length) out.push({ key: 'NO_COLUMNS' });
  const seen = new Set<string>();
  for (const c of desired.columns) {
    const name = c.name.trim();
    if (!name) {
      out.push({ key: 'COLUMN_NAME' });
      continue;
    }
    if (seen.has(name.toLowerCase())) out.push({ key: 'DUPLICATE_COLUMN', params: { name } });
    seen.add(name.toLowerCase());
    if (!c.type.trim()) out.push({ key: 'COLUMN_TYPE', params: { name } });
    // Written unquoted by the MySQL-family DDL: a bare name only (PostgreSQL quotes it).
    if (c.collation && !/^[A-Za-z0-9_.@-]+$/.test(c.collation)) out.push({ key: 'COLLATION', params: { name, collation: c.collation } });
    if (c.sparse && c.primaryKey) out.push({ key: 'SPARSE_KEY', params: { name } });
  }
  const names = new Set(desired.columns.map((c) => c.name.trim()));
  const renamed = new Map(Object.entries(renames));
  for (const ix of desired.indexes) {
    if (!ix.name.trim()) out.push({ key: 'INDEX_NAME' });
    else if (!ix.columns.length) out.push({ key: 'INDEX_EMPTY', params: { name: ix.name } });
    const missing = [...ix.columns.filter((c) => c.name !== null && !c.expression).map((c) => c.name!), ...(ix.include ?? [])].find((n) => !names.has(followRename(names, renamed, n)));
    if (missing) out.push({ key: 'INDEX_COLUMN', params: { name: ix.name, column: missing } });
  }
  return out;
}

/** An index column still named as before a rename means the renamed column. */
const followRename = (names: Set<string>, renames: Map<string, string>, name: string) => (names.has(name) ? name : renames.get(name) ?? name);

const blankToNull = (text: string | null | undefined) => (text == null || text.trim() === '' ? null : text);
const usualIdentity = (family: EngineFamily): IdentityKind => (family === 'mysql' || family === 'sqlite' ? 'auto-increment' : 'by-default');
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Renames that name an original column and a desired one (others mean nothing). */
function knownRenames(original: TableEditModel | null, desired: TableEditModel, renames: Record<string, string> = {}): Map<string, string> {
  const had = new Set(original?.columns.map((c) => c.name) ?? []);
  const has = new Set(desired.columns.map((c) => c.name.trim()));
  return new Map(Object.entries(renames).filter(([from, to]) => from !== to && had.has(from) && has.has(to)));
}

/** The original model as read: its text is the catalog's own, so nothing is rewritten. */
function originalTable(family: EngineFamily, m: TableEditModel, withBody: Set<string>): TableModel {
  const pk = m.columns.filter((c) => c.primaryKey).map((c) => c.name);
  return {
    name: m.name,
    comment: m.comment,
    columns: m.columns.map((c): ColumnModel => ({
      name: c.name, type: c.type, nullable: c.nullable, default: c.default, identity: c.autoIncrement ? c.identity ?? null : null,
      collation: c.collation ?? null, comment: c.comment, ...(c.onUpdate ? { onUpdate: c.onUpdate } : {}), ...sparseOf(family, c, undefined),
    })),
    primaryKey: pk.length ? { name: m.primaryKeyName ?? null, columns: pk } : null,
    ...constraintsOf(m),
    indexes: m.indexes.map((ix) => indexModel(family, ix, withBody)),
  };
}

function constraintsOf(m: TableEditModel): Pick<TableModel, 'uniques' | 'checks' | 'foreignKeys'> {
  return { uniques: m.constraints?.uniques ?? [], checks: m.constraints?.checks ?? [], foreignKeys: m.constraints?.foreignKeys ?? [] };
}

/**
 * PostgreSQL indexes written from a body (below): those with INCLUDE columns in the original or the
 * desired table, on both sides, so that adding or dropping INCLUDE columns is a change.
 */
export function includeIndexes(family: EngineFamily, ...tables: (TableEditModel | null | undefined)[]): Set<string> {
  if (family !== 'postgresql') return new Set();
  return new Set(tables.flatMap((t) => t?.indexes.filter((ix) => ix.include?.length).map((ix) => ix.name.trim()) ?? []));
}

function indexModel(family: EngineFamily, ix: TableEditModel['indexes'][number], withBody: Set<string>): TableModel['indexes'][number] {
  const out: TableModel['indexes'][number] = {
    name: ix.name.trim(),
    unique: ix.unique,
    method: blankToNull(ix.method)?.trim() ?? null,
    where: ix.where ?? null,
    // A prefix length is MySQL's alone; another engine never sees one.
    columns: ix.columns.map((c) => ({ name: c.name, expression: c.expression ?? null, order: c.order ?? 'ASC', ...(family === 'mysql' && c.length && c.name !== null ? { length: c.length } : {}) })),
  };
  return family === 'postgresql' && withBody.has(out.name) ? { ...out, definition: pgIndexBody(out, ix.include ?? []) } : out;
}

/** PostgreSQL: the index body as the generator writes it (`USING btree (a) INCLUDE (b)`). */
function pgIndexBody(ix: TableModel['indexes'][number], include: string[]): string {
  const q = (n: string) => PG.quoteIdentifier(n);
  const cols = ix.columns.map((c) => `${c.name !== null ? q(c.name) : `(${c.expression})`}${c.order === 'DESC' ? ' DESC' : ''}`).join(', ');
  const incl = include.length ? ` INCLUDE (${include.map(q).join(', ')})` : '';
  return `USING ${ix.method ?? 'btree'} (${cols})${incl}${ix.where ? ` WHERE (${ix.where})` : ''}`;
}
const PG = dialectFor('postgresql');

/** MySQL family only: the column's ON UPDATE as asked (absent: as the table has it). */
function onUpdateOf(family: EngineFamily, c: TableEditColumn, o: TableEditColumn | undefined): Pick<ColumnModel, 'onUpdate'> {
  if (family !== 'mysql') return {};
  const v = c.onUpdate !== undefined ? c.onUpdate : o?.onUpdate ?? null;
  return v ? { onUpdate: v.toLowerCase() } : {};
}

/** SQL Server only: the column's SPARSE as asked (absent: as the table has it). */
function sparseOf(family: EngineFamily, c: TableEditColumn, o: TableEditColumn | undefined): Pick<ColumnModel, 'sparse'> {
  if (family !== 'sqlserver') return {};
  return (c.sparse !== undefined ? c.sparse : !!o?.sparse) ? { sparse: true } : {};
}

/**
 * The table the user asks for. A column whose type text is the original's keeps it; other types are
 * written the engine's canonical way. Constraints the editor does not show come from `original` when
 * `desired` leaves them out, following renamed columns and dropping those on removed columns.
 */
export function desiredTable(family: EngineFamily, desired: TableEditModel, original: TableEditModel | null, renames: Map<string, string>): TableModel {
  const renamedFrom = new Map([...renames].map(([from, to]) => [to, from]));
  const originals = new Map(original?.columns.map((c) => [c.name, c]) ?? []);
  const originOf = (name: string): TableEditColumn | undefined => {
    const from = renamedFrom.get(name);
    if (from !== undefined) return originals.get(from);
    return renames.has(name) ? undefined : originals.get(name);
  };
  const column = (c: TableEditColumn): ColumnModel => {
    const name = c.name.trim();
    const o = originOf(name);
    return {
      name,
      type: o && o.type === c.type ? o.type : canonicalType(family, c.type.trim()),
      nullable: c.primaryKey ? false : c.nullable,
      default: o && o.default === c.default ? o.default : blankToNull(c.default)?.trim() ?? null,
      identity: c.autoIncrement ? c.identity ?? (o?.autoIncrement ? o.identity ?? null : null) ?? usualIdentity(family) : null,
      collation: c.collation !== undefined ? blankToNull(c.collation) : o?.collation ?? null,
      comment: blankToNull(c.comment),
      ...onUpdateOf(family, c, o),
      ...sparseOf(family, c, o),
    };
  };
  const columns = desired.columns.map(column);
  const names = new Set(columns.map((c) => c.name));
  const rename = (n: string) => renames.get(n) ?? n;
  const present = (cols: string[]) => cols.every((n) => names.has(n));

  const pk = desired.columns.filter((c) => c.primaryKey).map((c) => c.name.trim());
  const origPk = original?.columns.filter((c) => c.primaryKey).map((c) => rename(c.name)) ?? [];
  const samePk = origPk.length > 0 && sameSet(pk, origPk);
  const pkName = desired.primaryKeyName !== undefined ? desired.primaryKeyName : samePk ? original?.primaryKeyName ?? null : null;

  const kept = desired.constraints ? constraintsOf(desired) : original ? constraintsOf(original) : constraintsOf(desired);
  return {
    name: desired.name.trim(),
    comment: blankToNull(desired.comment),
    columns,
    // The key keeps its column order while it has the same columns.
    primaryKey: pk.length ? { name: pkName, columns: samePk ? origPk : pk } : null,
    uniques: kept.uniques.map((u) => ({ ...u, columns: u.columns.map(rename) })).filter((u) => present(u.columns)),
    checks: kept.checks,
    foreignKeys: kept.foreignKeys.map((f) => ({ ...f, columns: f.columns.map(rename) })).filter((f) => present(f.columns)),
    indexes: desired.indexes.map((ix) => indexModel(family, {
      ...ix,
      columns: ix.columns.map((c) => (c.name === null ? c : { ...c, name: followRename(names, renames, c.name) })),
      include: ix.include?.map((n) => followRename(names, renames, n)),
    }, includeIndexes(family, original, desired))),
  };
}

const OPTION_SQL: [keyof TableEditOptions, (v: string) => string][] = [
  ['engine', (v) => `ENGINE=${v}`],
  ['charset', (v) => `DEFAULT CHARSET=${v}`],
  ['collation', (v) => `COLLATE=${v}`],
  ['autoIncrement', (v) => `AUTO_INCREMENT=${v}`],
];

/** MySQL table option clauses that differ from `base` (values are checked by the contract: names and digits only). */
function optionClauses(o: TableEditOptions = {}, base: TableEditOptions = {}): string[] {
  return OPTION_SQL.filter(([k]) => o[k] && o[k] !== base[k]).map(([k, sql]) => sql(o[k]!));
}

/** The statements that create `desired`, or turn `original` into it. */
export function editSql(type: DatabaseType, family: EngineFamily, input: TableEditSqlInput, indexMethods?: readonly string[]): string[] {
  const schemaName = supportsSchema(type) ? input.schemaName ?? null : null;
  const original = input.original ?? null;
  const renames = knownRenames(original, input.desired, input.columnRenames);
  const desired = desiredTable(family, input.desired, original, renames);
  const mysql = family === 'mysql';
  if (!original) {
    const out = createTableSql(type, desired, { schemaName, indexMethods });
    const opts = mysql ? optionClauses(input.tableOptions) : [];
    if (opts.length) out[0] = `${out[0]} ${opts.join(' ')}`;
    return out;
  }
  const out = alterTableSql(type, originalTable(family, original, includeIndexes(family, original, input.desired)), desired, { schemaName, columnRenames: Object.fromEntries(renames), indexMethods });
  const opts = mysql ? optionClauses(input.tableOptions, input.originalTableOptions) : [];
  if (opts.length) {
    const d = dialectFor(type);
    const name = schemaName ? `${d.quoteIdentifier(schemaName)}.${d.quoteIdentifier(desired.name)}` : d.quoteIdentifier(desired.name);
    out.push(`ALTER TABLE ${name} ${opts.join(', ')}`);
  }
  return out;
}
