/**
 * The table editor's editable rows (spec 02 §3 table editing labels) and their conversion to the
 * contracts' TableEditModel the server turns into DDL. Unchanged fields of an existing column keep
 * the catalog's own text, so the DDL preview only shows what the user changed.
 */
import type { TableEditColumn, TableEditEngine, TableEditIndex, TableEditModel, TableEditOptions, TableIndexKind } from '@askdb/contracts';
import { typeProblem, type TypeProblem } from './column-types';

export interface EditorColumn {
  id: string;
  orig: TableEditColumn | null;
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
  /** The column's collation ('' = the default; MySQL family: its character set follows). */
  collation: string;
  /** MySQL family: ON UPDATE current_timestamp() (timestamp and datetime columns). */
  onUpdate: boolean;
  /** SQL Server: a SPARSE column. */
  sparse: boolean;
  /** Oracle: what the length of VARCHAR2 / CHAR counts, `CHAR` or `BYTE` ('' = the database's default). */
  unit: string;
}

export interface EditorIndex {
  id: string;
  orig: TableEditIndex | null;
  name: string;
  kind: TableIndexKind;
  method: string;
  columns: string[];
  /** PostgreSQL: INCLUDE columns. */
  include: string[];
  /** MySQL family: prefix lengths by column name (a column absent here is indexed whole). */
  lengths?: Record<string, number>;
}

export interface EditorState {
  name: string;
  comment: string;
  columns: EditorColumn[];
  indexes: EditorIndex[];
  options: TableEditOptions;
}

let seq = 0;
export const newId = () => `r${++seq}`;

/** `character varying(20)` → base `character varying`, size `20`; `int(11) unsigned` keeps `unsigned` as the suffix. */
export function splitType(type: string): { type: string; size: string; suffix: string } {
  const m = /^([^(]*)\(([^)]*)\)(.*)$/.exec(type);
  return m ? { type: m[1]!.trim(), size: m[2]!.replace(/\s+/g, ''), suffix: m[3]!.trim() } : { type: type.trim(), size: '', suffix: '' };
}

/** Oracle's length unit inside the size (`50CHAR` as splitType leaves `50 CHAR`) → the number and the unit. */
export function splitUnit(size: string): { size: string; unit: string } {
  const m = /^(\d+)(CHAR|BYTE)$/i.exec(size);
  return m ? { size: m[1]!, unit: m[2]!.toUpperCase() } : { size, unit: '' };
}

/** The column's type parts as the editor shows them: base type, size, unit and modifiers. */
const typeParts = (type: string) => {
  const t = splitType(type);
  return { ...t, ...splitUnit(t.size) };
};

/** An editor row for a column of the table (`existing`), or a fresh row from one of the server's starter columns. */
export function columnFromModel(c: TableEditColumn, existing = true): EditorColumn {
  return {
    id: newId(), orig: existing ? c : null, name: c.name, ...typeParts(c.type), nullable: c.nullable, default: c.default ?? '', comment: c.comment ?? '',
    autoIncrement: c.autoIncrement, primaryKey: c.primaryKey, collation: c.collation ?? '', onUpdate: !!c.onUpdate, sparse: !!c.sparse,
  };
}

/** Types that take a collation: character types (an existing column keeps whatever it has). */
export const takesCollation = (type: string) => /char|text|enum|^set$|string|clob|^name$/i.test(type.trim());

/** Types that take ON UPDATE current_timestamp() (MySQL family). */
export const takesOnUpdate = (engine: string, type: string) => engine === 'mysql' && /^(timestamp|datetime)$/i.test(type.trim());

/** `current_timestamp()`, or with the column's fractional-second precision (`datetime(3)` → `current_timestamp(3)`). */
const onUpdateText = (size: string) => `current_timestamp(${/^\d$/.test(size) ? size : ''})`;

const indexName = (c: TableEditIndex['columns'][number]) => c.name ?? c.expression ?? '';

/** The prefix lengths of an index's column parts, by column name (none: no `lengths`). */
function lengthsOf(columns: TableEditIndex['columns']): { lengths?: Record<string, number> } {
  const with_ = columns.filter((c) => c.name !== null && c.length);
  return with_.length ? { lengths: Object.fromEntries(with_.map((c) => [c.name!, c.length!])) } : {};
}

const sameLengths = (a: Record<string, number> = {}, b: Record<string, number> = {}) => {
  const ka = Object.keys(a).filter((k) => a[k]);
  return ka.length === Object.keys(b).filter((k) => b[k]).length && ka.every((k) => a[k] === b[k]);
};

export function stateFromModel(t: TableEditModel, options: TableEditOptions = {}): EditorState {
  return {
    name: t.name,
    comment: t.comment ?? '',
    columns: t.columns.map((c) => columnFromModel(c)),
    indexes: t.indexes.map((ix) => ({
      id: newId(),
      orig: ix,
      name: ix.name,
      kind: ix.method?.toUpperCase() === 'FULLTEXT' ? 'FULLTEXT' : ix.unique ? 'UNIQUE' : 'INDEX',
      method: ix.method && ix.method.toUpperCase() !== 'FULLTEXT' ? ix.method : '',
      columns: ix.columns.map(indexName),
      include: ix.include ?? [],
      ...lengthsOf(ix.columns),
    })),
    options,
  };
}

export function columnModel(c: EditorColumn): TableEditColumn {
  const o = c.orig;
  const orig = o ? typeParts(o.type) : null;
  const size = c.size ? `${c.size}${c.unit ? ` ${c.unit}` : ''}` : '';
  const typeText = `${c.type}${size ? `(${size})` : ''}${c.suffix ? ' ' + c.suffix : ''}`.trim();
  const sameType = !!orig && orig.type === c.type && orig.size === c.size && orig.suffix === c.suffix && orig.unit === c.unit;
  const dflt = c.default.trim() === '' ? null : c.default.trim();
  return {
    name: c.name.trim(),
    type: sameType ? o!.type : typeText,
    nullable: c.primaryKey ? false : c.nullable,
    default: o && (o.default ?? '') === c.default ? o.default : dflt,
    comment: c.comment.trim() === '' ? null : c.comment,
    autoIncrement: c.autoIncrement,
    // The kind the column has; a new one gets the engine's usual kind from the server.
    identity: c.autoIncrement && o?.autoIncrement ? o.identity ?? null : null,
    ...(o ? { collation: (o.collation ?? '') === c.collation ? o.collation ?? null : c.collation.trim() || null } : c.collation.trim() ? { collation: c.collation.trim() } : {}),
    // Present only when asked for or taken away: other engines never see it.
    ...(c.onUpdate ? { onUpdate: o?.onUpdate && sameType ? o.onUpdate : onUpdateText(c.size) } : o?.onUpdate ? { onUpdate: null } : {}),
    // Likewise SPARSE (SQL Server).
    ...(c.sparse !== !!o?.sparse ? { sparse: c.sparse } : o?.sparse ? { sparse: true } : {}),
    primaryKey: c.primaryKey,
  };
}

/** Renamed columns: original name → new name (for ALTER … RENAME COLUMN instead of drop and add). */
export function columnRenames(s: EditorState): Record<string, string> {
  return Object.fromEntries(s.columns.filter((c) => c.orig && c.name.trim() && c.orig.name !== c.name.trim()).map((c) => [c.orig!.name, c.name.trim()]));
}

/**
 * The table the user asks for. Constraints the editor does not show (uniques, checks, foreign keys)
 * and the primary key's name are left out: the server keeps them from the original table.
 */
export function toEditModel(s: EditorState): TableEditModel {
  const renamed = columnRenames(s);
  const follow = (n: string) => renamed[n] ?? n;
  return {
    name: s.name.trim(),
    comment: s.comment.trim() === '' ? null : s.comment,
    columns: s.columns.filter((c) => c.name.trim()).map(columnModel),
    indexes: s.indexes
      .filter((ix) => ix.name.trim() && ix.columns.length)
      .map((ix): TableEditIndex => {
        const o = ix.orig;
        const unchanged = o && o.name === ix.name && ix.columns.join() === o.columns.map(indexName).join() && (ix.kind === 'UNIQUE') === o.unique
          && ix.include.join() === (o.include ?? []).join() && sameLengths(ix.lengths, lengthsOf(o.columns).lengths);
        if (unchanged) return { ...o, columns: o.columns.map((c) => (c.name ? { ...c, name: follow(c.name) } : c)) };
        return {
          name: ix.name.trim(),
          unique: ix.kind === 'UNIQUE',
          method: ix.kind === 'FULLTEXT' ? 'FULLTEXT' : ix.method.trim() || null,
          where: null,
          columns: ix.columns.map((n) => ({ name: n, order: 'ASC', ...(ix.lengths?.[n] ? { length: ix.lengths[n] } : {}) })),
          ...(ix.include.length ? { include: ix.include } : {}),
        };
      }),
  };
}

/** Problems that stop the DDL before asking the server: empty or duplicate names, missing types. */
export function validate(s: EditorState): string[] {
  const out: string[] = [];
  if (!s.name.trim()) out.push('tableEditor.err.tableName');
  const names = s.columns.map((c) => c.name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) out.push('tableEditor.err.noColumns');
  if (new Set(names).size !== names.length) out.push('tableEditor.err.duplicate');
  if (s.columns.some((c) => c.name.trim() && !c.type.trim())) out.push('tableEditor.err.type');
  return out;
}

/**
 * Type and size problems of the columns the user added or whose type changed (the catalog's own
 * text of an untouched column is trusted): checked before the DDL preview is asked for.
 */
export function typeProblems(s: EditorState, engine: TableEditEngine | string | null | undefined): TypeProblem[] {
  const out: TypeProblem[] = [];
  for (const c of s.columns) {
    if (!c.name.trim() || !c.type.trim()) continue;
    const orig = c.orig ? typeParts(c.orig.type) : null;
    if (orig && orig.type === c.type && orig.size === c.size && orig.suffix === c.suffix && orig.unit === c.unit) continue;
    const p = typeProblem(engine, c.type, c.size);
    if (p) out.push(p);
  }
  return out;
}
