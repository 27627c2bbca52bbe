/**
 * The table editor's editable rows (spec 02 §3 table editing labels) and their conversion to the
 * schema-diff TableModel. Unchanged fields of an existing column keep the catalog's own text, so the
 * DDL preview only shows what the user changed.
 */
import { canonicalType, type ColumnModel, type EngineFamily, type IdentityKind, type IndexModel, type TableModel } from '@askdb/schema-diff';

export interface EditorColumn {
  id: string;
  orig: ColumnModel | null;
  /** Whether the original column was part of the primary key. */
  origPk: boolean;
  name: string;
  type: string;
  size: string;
  /** Text after the parentheses (`unsigned`, `with time zone`): kept while the base type is unchanged. */
  suffix: string;
  nullable: boolean;
  default: string;
  comment: string;
  autoIncrement: boolean;
  primaryKey: boolean;
}

export interface EditorIndex {
  id: string;
  orig: IndexModel | null;
  name: string;
  kind: 'INDEX' | 'UNIQUE' | 'FULLTEXT';
  method: string;
  columns: string[];
}

export interface EngineOptions {
  engine?: string;
  charset?: string;
  collation?: string;
  autoIncrement?: string;
}

export interface EditorState {
  name: string;
  comment: string;
  columns: EditorColumn[];
  indexes: EditorIndex[];
  options: EngineOptions;
}

let seq = 0;
export const newId = () => `r${++seq}`;

/** `character varying(20)` → base `character varying`, size `20`; `int(11) unsigned` keeps ` unsigned` as the suffix. */
export function splitType(type: string): { type: string; size: string; suffix: string } {
  const m = /^([^(]*)\(([^)]*)\)(.*)$/.exec(type);
  return m ? { type: m[1]!.trim(), size: m[2]!.replace(/\s+/g, ''), suffix: m[3]!.trim() } : { type: type.trim(), size: '', suffix: '' };
}

export function columnFromModel(c: ColumnModel, pk: boolean): EditorColumn {
  const t = splitType(c.type);
  return { id: newId(), orig: c, origPk: pk, name: c.name, ...t, nullable: c.nullable, default: c.default ?? '', comment: c.comment ?? '', autoIncrement: !!c.identity, primaryKey: pk };
}

export function emptyColumn(family: EngineFamily | null, first: boolean): EditorColumn {
  const intType = family === 'postgresql' ? 'integer' : family === 'sqlite' ? 'INTEGER' : family === 'oracle' ? 'NUMBER' : 'int';
  const textType = family === 'postgresql' ? 'varchar' : family === 'sqlite' ? 'TEXT' : family === 'oracle' ? 'VARCHAR2' : 'varchar';
  return first
    ? { id: newId(), orig: null, origPk: false, name: 'id', type: intType, size: '', suffix: '', nullable: false, default: '', comment: '', autoIncrement: true, primaryKey: true }
    : { id: newId(), orig: null, origPk: false, name: '', type: textType, size: family === 'sqlite' ? '' : '255', suffix: '', nullable: true, default: '', comment: '', autoIncrement: false, primaryKey: false };
}

export function stateFromModel(t: TableModel): EditorState {
  const pk = new Set(t.primaryKey?.columns ?? []);
  return {
    name: t.name,
    comment: t.comment ?? '',
    columns: t.columns.map((c) => columnFromModel(c, pk.has(c.name))),
    indexes: t.indexes.map((ix) => ({
      id: newId(),
      orig: ix,
      name: ix.name,
      kind: ix.method?.toUpperCase() === 'FULLTEXT' ? 'FULLTEXT' : ix.unique ? 'UNIQUE' : 'INDEX',
      method: ix.method && ix.method.toUpperCase() !== 'FULLTEXT' ? ix.method : '',
      columns: ix.columns.map((c) => c.name ?? c.expression ?? ''),
    })),
    options: {},
  };
}

function identityFor(family: EngineFamily | null, c: EditorColumn): IdentityKind | null {
  if (!c.autoIncrement) return null;
  if (c.orig?.identity) return c.orig.identity;
  return family === 'mysql' || family === 'sqlite' ? 'auto-increment' : 'by-default';
}

export function columnModel(family: EngineFamily | null, c: EditorColumn): ColumnModel {
  const o = c.orig;
  const orig = o ? splitType(o.type) : null;
  const typeText = c.size ? `${c.type}(${c.size})${c.suffix ? ' ' + c.suffix : ''}` : `${c.type}${c.suffix ? ' ' + c.suffix : ''}`;
  const sameType = !!orig && orig.type === c.type && orig.size === c.size && orig.suffix === c.suffix;
  const type = sameType ? o!.type : family ? canonicalType(family, typeText.trim()) : typeText.trim();
  const dflt = c.default.trim() === '' ? null : c.default.trim();
  return {
    name: c.name.trim(),
    type,
    nullable: c.primaryKey ? false : c.nullable,
    default: o && (o.default ?? '') === c.default ? o.default : dflt,
    identity: identityFor(family, c),
    collation: o?.collation ?? null,
    comment: c.comment.trim() === '' ? null : c.comment,
  };
}

/** The TableModel the user asks for; constraints the editor does not show (uniques, checks, FKs) are kept from `base`. */
export function toTableModel(family: EngineFamily | null, s: EditorState, base: TableModel | null): TableModel {
  const pkCols = s.columns.filter((c) => c.primaryKey && c.name.trim()).map((c) => c.name.trim());
  const renamed = new Map(s.columns.filter((c) => c.orig).map((c) => [c.orig!.name, c.name.trim()]));
  const keep = (cols: string[]) => cols.map((n) => renamed.get(n) ?? n);
  const samePk = base?.primaryKey && base.primaryKey.columns.length === pkCols.length && keep(base.primaryKey.columns).every((n, i) => n === pkCols[i]);
  return {
    name: s.name.trim(),
    comment: s.comment.trim() === '' ? null : s.comment,
    columns: s.columns.filter((c) => c.name.trim()).map((c) => columnModel(family, c)),
    primaryKey: pkCols.length ? { name: samePk ? base!.primaryKey!.name : null, columns: pkCols } : null,
    uniques: (base?.uniques ?? []).map((u) => ({ ...u, columns: keep(u.columns) })),
    checks: base?.checks ?? [],
    foreignKeys: (base?.foreignKeys ?? []).map((f) => ({ ...f, columns: keep(f.columns) })),
    indexes: s.indexes
      .filter((ix) => ix.name.trim() && ix.columns.length)
      .map((ix) => {
        const unchanged = ix.orig && ix.orig.name === ix.name && ix.columns.join() === ix.orig.columns.map((c) => c.name ?? c.expression ?? '').join() && (ix.kind === 'UNIQUE') === ix.orig.unique;
        if (unchanged && ix.orig) return { ...ix.orig, columns: ix.orig.columns.map((c) => (c.name ? { ...c, name: keep([c.name])[0]! } : c)) };
        return {
          name: ix.name.trim(),
          unique: ix.kind === 'UNIQUE',
          method: ix.kind === 'FULLTEXT' ? 'FULLTEXT' : ix.method.trim() || null,
          where: null,
          columns: ix.columns.map((n) => ({ name: n, order: 'ASC' as const })),
        };
      }),
  };
}

/** Renamed columns: original name → new name (for ALTER … RENAME COLUMN instead of drop and add). */
export function columnRenames(s: EditorState): Record<string, string> {
  return Object.fromEntries(s.columns.filter((c) => c.orig && c.name.trim() && c.orig.name !== c.name.trim()).map((c) => [c.orig!.name, c.name.trim()]));
}

/** Problems that stop the DDL: empty or duplicate names, missing types. */
export function validate(s: EditorState): string[] {
  const out: string[] = [];
  if (!s.name.trim()) out.push('tableEditor.err.tableName');
  const names = s.columns.map((c) => c.name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) out.push('tableEditor.err.noColumns');
  if (new Set(names).size !== names.length) out.push('tableEditor.err.duplicate');
  if (s.columns.some((c) => c.name.trim() && !c.type.trim())) out.push('tableEditor.err.type');
  return out;
}
