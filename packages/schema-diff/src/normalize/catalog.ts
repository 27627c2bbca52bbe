/** Driver `Catalog` → normalised `SchemaModel`, so that equal schemas diff empty. */
import type { Catalog, CatalogTable, ColumnInfo, IndexInfo, KeyInfo, SequenceInfo, ViewInfo } from '@askdb/drivers';
import { engineTraits } from '../engine.js';
import type {
  ColumnModel, EngineFamily, ForeignKeyAction, ForeignKeyModel, IdentityKind, IndexModel, SchemaModel, SequenceModel,
  TableModel, ViewModel,
} from '../model.js';
import { normalizeDefault } from './defaults.js';
import { stripOuterParens, stripQualifier, tidySql } from './expression.js';
import { canonicalType, isPostgresSerialType, typeDetail } from './types.js';

export function fromCatalog(catalog: Catalog, engine: EngineFamily): SchemaModel {
  const qualifier = engine === 'mysql' ? catalog.databaseName : engine === 'sqlite' ? 'main' : catalog.schemaName;
  const ctx: Ctx = { engine, qualifier, ownSchema: catalog.schemaName ?? catalog.databaseName, sequences: catalog.sequences ?? [], ownedSequences: new Set() };
  // Partitions are created by their schema object (PARTITION OF … FOR VALUES …), not as tables of their own.
  const tables = catalog.tables.filter((t) => !t.partitionOf).map((t) => tableModel(t, ctx));
  return {
    engine,
    databaseName: catalog.databaseName,
    schemaName: catalog.schemaName,
    tables,
    views: catalog.views.map((v) => viewModel(v, ctx)),
    sequences: (catalog.sequences ?? []).filter((s) => !ctx.ownedSequences.has(s.name)).map(sequenceModel),
    ...(catalog.objects ? { objects: catalog.objects } : {}),
  };
}

interface Ctx {
  engine: EngineFamily;
  qualifier: string | null;
  ownSchema: string | null;
  sequences: SequenceInfo[];
  /** Sequences that belong to a serial/identity column: the column stands for them. */
  ownedSequences: Set<string>;
}

function tableModel(t: CatalogTable, ctx: Ctx): TableModel {
  const traits = engineTraits(ctx.engine);
  const cols = [...t.columns].sort((a, b) => (a.ordinal ?? 0) - (b.ordinal ?? 0));
  const columns = cols.map((c) => columnModel(t.name, c, ctx));
  const keys = t.keys;
  const pk = keys.find((k) => k.type === 'PRIMARY');
  const pkColumns = pk?.columns ?? cols.filter((c) => c.primaryKey).map((c) => c.name);
  const uniques = keys.filter((k) => k.type === 'UNIQUE').map((k) => ({ name: traits.namedUnique ? k.name : null, columns: [...k.columns], ...(k.deferrable ? { deferrable: k.deferrable } : {}) }));
  const constraintNames = new Set(keys.filter((k) => k.type === 'PRIMARY' || k.type === 'UNIQUE').map((k) => k.name));
  const indexes: IndexModel[] = [];
  for (const ix of t.indexes) {
    if (ix.primary || ix.constraintBacked || constraintNames.has(ix.name) || (ctx.engine === 'mysql' && ix.name === 'PRIMARY')) continue;
    if (ctx.engine === 'sqlite' && ix.name.startsWith('sqlite_autoindex_')) {
      // Backs a UNIQUE (or PRIMARY KEY) clause of CREATE TABLE: keep it as the constraint.
      const names = ix.columns.map((c) => c.name);
      const known = same(names, pkColumns) || uniques.some((u) => same(u.columns, names));
      if (!known) uniques.push({ name: null, columns: names });
      continue;
    }
    indexes.push(indexModel(ix, ctx));
  }
  return {
    name: t.name,
    comment: t.comment || null,
    ...(t.partitionKey ? { partitionBy: t.partitionKey } : {}),
    ...(t.options ? { options: tableOptions(t.options) } : {}),
    columns,
    primaryKey: pkColumns.length ? { name: traits.namedPrimaryKey ? pk?.name ?? null : null, columns: [...pkColumns], ...(pk?.deferrable ? { deferrable: pk.deferrable } : {}) } : null,
    uniques,
    checks: keys.filter((k) => k.type === 'CHECK' && k.checkExpression).map((k) => ({
      name: traits.namedCheck ? k.name || null : null,
      expression: checkExpression(k.checkExpression!),
    })),
    foreignKeys: keys.filter((k) => k.type === 'FOREIGN').map((k) => foreignKeyModel(k, ctx)),
    indexes,
  };
}

function columnModel(table: string, c: ColumnInfo, ctx: Ctx): ColumnModel {
  const type = canonicalType(ctx.engine, c.columnType);
  let identity: IdentityKind | null = null;
  let dflt = normalizeDefault(ctx.engine, c.defaultValue, { qualifier: ctx.qualifier });
  if (c.identity === 'ALWAYS') identity = 'always';
  else if (c.identity === 'BY DEFAULT') identity = 'by-default';
  else if (ctx.engine === 'postgresql') {
    const seq = serialSequence(table, c, dflt, ctx);
    if (seq) {
      identity = 'serial';
      ctx.ownedSequences.add(seq);
      dflt = null;
    } else if (c.autoIncrement && !dflt) identity = 'by-default';
  } else if (c.autoIncrement) identity = 'auto-increment';
  if (identity === 'always' || identity === 'by-default') {
    dflt = null;
    for (const s of ctx.sequences) if (s.ownedBy === `${table}.${c.name}`) ctx.ownedSequences.add(s.name);
  }
  return {
    name: c.name,
    type,
    ...typeDetail(type),
    nullable: c.nullable,
    default: dflt,
    identity,
    collation: c.collation || null,
    comment: c.comment || null,
    ...(c.generatedExpression ? { generated: { expression: stripOuterParens(tidySql(stripQualifier(c.generatedExpression, ctx.qualifier))), stored: c.generatedStored !== false } } : {}),
    ...(c.onUpdate ? { onUpdate: c.onUpdate.trim().toLowerCase().replace(/^current_timestamp(?!\()/, 'current_timestamp()') } : {}),
    ...(c.sparse ? { sparse: true } : {}),
  };
}

/** The sequence behind a PostgreSQL serial column, when the column is one. */
function serialSequence(table: string, c: ColumnInfo, dflt: string | null, ctx: Ctx): string | null {
  const m = dflt && /^nextval\('(.+)'::regclass\)$/i.exec(dflt);
  if (!m) return isPostgresSerialType(c.columnType) ? `${table}_${c.name}_seq` : null;
  const seqName = unquote(m[1]!.replace(/''/g, "'"));
  const owned = ctx.sequences.find((s) => s.name === seqName);
  if (owned ? owned.ownedBy === `${table}.${c.name}` : seqName === `${table}_${c.name}_seq`) return seqName;
  return null;
}

function unquote(name: string): string {
  return name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
}

function checkExpression(text: string): string {
  return stripOuterParens(text.trim().replace(/^check\s*/i, '').replace(/\s+NOT VALID$/i, ''));
}

function foreignKeyModel(k: KeyInfo, ctx: Ctx): ForeignKeyModel {
  const traits = engineTraits(ctx.engine);
  const refSchema = k.referencedSchema && k.referencedSchema !== ctx.ownSchema ? k.referencedSchema : null;
  return {
    name: traits.namedForeignKey ? k.name || null : null,
    columns: [...k.columns],
    refSchema,
    refTable: k.referencedTable ?? '',
    refColumns: [...(k.referencedColumns ?? [])],
    onDelete: fkAction(k.onDelete, traits.restrictIsNoAction),
    onUpdate: fkAction(k.onUpdate, traits.restrictIsNoAction),
    ...(k.deferrable ? { deferrable: k.deferrable } : {}),
  };
}

function fkAction(text: string | null | undefined, restrictIsNoAction: boolean): ForeignKeyAction {
  const a = (text ?? '').trim().toUpperCase().replace(/_/g, ' ');
  switch (a) {
    case 'CASCADE': case 'SET NULL': case 'SET DEFAULT':
      return a;
    case 'RESTRICT':
      return restrictIsNoAction ? 'NO ACTION' : 'RESTRICT';
    default:
      return 'NO ACTION';
  }
}

function indexModel(ix: IndexInfo, ctx: Ctx): IndexModel {
  const method = (ix.method ?? '').trim();
  const defaultMethod = /^(btree|art)$/i.test(method) || method === '';
  return {
    name: ix.name,
    unique: ix.unique,
    columns: ix.columns.map((c) => (ctx.engine === 'duckdb' ? duckdbIndexPart(c) : c)).map((c) => ({
      name: c.expression ? null : c.name,
      expression: c.expression ? stripOuterParens(c.expression) : null,
      order: c.order === 'DESC' ? 'DESC' : 'ASC',
      ...(c.length && !c.expression ? { length: c.length } : {}),
    })),
    method: defaultMethod ? null : ctx.engine === 'mysql' ? method.toUpperCase() : method.toLowerCase(),
    where: ix.where ? stripOuterParens(stripQualifier(ix.where, ctx.qualifier)) : null,
    ...(ctx.engine === 'postgresql' && ix.definition ? { definition: indexBody(ix.definition) } : {}),
  };
}

/**
 * DuckDB lists index keys as text (`['"name"', created_at, '(lower(email))']`): a part may arrive
 * quoted as a list element and/or as an identifier, and expressions arrive as names.
 */
function duckdbIndexPart(c: IndexInfo['columns'][number]): IndexInfo['columns'][number] {
  if (c.expression) return c;
  let text = c.name.trim();
  if (/^'.*'$/s.test(text)) text = text.slice(1, -1).replace(/''/g, "'");
  if (/^"(?:[^"]|"")*"$/.test(text)) return { ...c, name: text.slice(1, -1).replace(/""/g, '"') };
  if (/^[A-Za-z_][\w$]*$/.test(text)) return { ...c, name: text };
  return { ...c, name: text, expression: text };
}

function viewModel(v: ViewInfo, ctx: Ctx): ViewModel {
  const body = (v.definition ?? '').replace(/^\s*create\s+(or\s+replace\s+)?(temp\w*\s+|materialized\s+)?view\s+[\s\S]*?\bas\s+/i, '');
  return {
    name: v.name,
    definition: tidySql(stripQualifier(body, ctx.qualifier)),
    comment: v.comment || null,
    ...(v.materialized ? { materialized: true } : {}),
  };
}

function sequenceModel(s: SequenceInfo): SequenceModel {
  return {
    name: s.name,
    dataType: s.dataType ?? null,
    start: s.start ?? null,
    increment: s.increment ?? null,
    minValue: s.minValue ?? null,
    maxValue: s.maxValue ?? null,
    cycle: !!s.cycle,
  };
}

/** `USING btree (last_name text_pattern_ops) INCLUDE (…) WHERE …`: a PostgreSQL index past its name and table. */
function indexBody(definition: string): string {
  const m = /\sUSING\s/i.exec(definition);
  return m ? definition.slice(m.index).trim() : definition;
}

function same(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function tableOptions(o: NonNullable<CatalogTable['options']>): NonNullable<TableModel['options']> {
  return {
    engine: o.engine ?? null, charset: o.charset ?? null, collation: o.collation ?? null,
    ...(o.withoutRowid !== undefined ? { withoutRowid: o.withoutRowid } : {}),
    ...(o.strict !== undefined ? { strict: o.strict } : {}),
  };
}
