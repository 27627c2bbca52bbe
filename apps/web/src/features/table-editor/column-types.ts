/**
 * The column types the table editor offers per engine family, and which of them take a length, a
 * precision (fractional seconds, float bits) or a precision and scale. The editor shows the size
 * field only for those, resets it when the type changes, and checks it before asking for the DDL.
 */
import type { TableEditEngine } from '@askdb/contracts';

/** What goes between the type's parentheses. */
export type TypeParams = 'none' | 'length' | 'precision' | 'precision-scale' | 'values';

export interface TypeSpec {
  name: string;
  params: TypeParams;
  /** The largest length or precision the engine accepts. */
  max?: number;
  /** The smallest one (0 where fractional seconds allow it). */
  min?: number;
  /** Largest scale (precision-scale types). */
  maxScale?: number;
  /** The engine refuses the type without parameters. */
  required?: boolean;
  /** Filled in when the type is picked (a required length needs a starting value). */
  initial?: string;
  /** SQL Server: `max` instead of a number. */
  allowMax?: boolean;
}

const none = (...names: string[]): TypeSpec[] => names.map((name) => ({ name, params: 'none' }));
const len = (max: number, ...names: string[]): TypeSpec[] => names.map((name) => ({ name, params: 'length', max, min: 1 }));
const fsp = (max: number, ...names: string[]): TypeSpec[] => names.map((name) => ({ name, params: 'precision', max, min: 0 }));
const dec = (max: number, maxScale: number, ...names: string[]): TypeSpec[] => names.map((name) => ({ name, params: 'precision-scale', max, min: 1, maxScale }));

const CATALOG: Record<TableEditEngine, TypeSpec[]> = {
  postgresql: [
    ...none('integer', 'bigint', 'smallint'),
    ...dec(1000, 1000, 'numeric', 'decimal'),
    ...none('real', 'double precision', 'boolean'),
    ...len(10485760, 'varchar', 'character varying', 'char', 'character'),
    ...none('text'),
    ...none('date'),
    ...fsp(6, 'time', 'timestamp', 'timestamptz', 'timetz', 'interval', 'timestamp with time zone', 'timestamp without time zone', 'time with time zone', 'time without time zone'),
    ...none('uuid', 'json', 'jsonb', 'bytea', 'inet', 'cidr', 'macaddr', 'money', 'xml', 'serial', 'bigserial', 'smallserial', 'tsvector', 'point', 'int', 'int2', 'int4', 'int8', 'float4', 'float8', 'bool'),
    { name: 'float', params: 'precision', min: 1, max: 53 },
    ...len(83886080, 'bit', 'bit varying', 'varbit'),
  ],
  mysql: [
    ...['int', 'bigint', 'tinyint', 'smallint', 'mediumint', 'integer'].map((name): TypeSpec => ({ name, params: 'length', min: 1, max: 255 })),
    ...dec(65, 30, 'decimal', 'numeric'),
    { name: 'float', params: 'precision-scale', min: 1, max: 53, maxScale: 30 },
    { name: 'double', params: 'precision-scale', min: 1, max: 255, maxScale: 30 },
    { name: 'bit', params: 'length', min: 1, max: 64 },
    { name: 'varchar', params: 'length', min: 1, max: 65535, required: true, initial: '255' },
    { name: 'char', params: 'length', min: 0, max: 255 },
    ...none('text', 'tinytext', 'mediumtext', 'longtext', 'date'),
    ...fsp(6, 'datetime', 'timestamp', 'time'),
    ...none('year', 'json', 'blob', 'tinyblob', 'mediumblob', 'longblob', 'boolean', 'geometry', 'point'),
    { name: 'binary', params: 'length', min: 0, max: 255 },
    { name: 'varbinary', params: 'length', min: 1, max: 65535, required: true, initial: '255' },
    { name: 'enum', params: 'values', required: true },
    { name: 'set', params: 'values', required: true },
  ],
  sqlite: [
    ...none('INTEGER', 'TEXT', 'REAL'),
    ...dec(1000, 1000, 'NUMERIC', 'DECIMAL'),
    ...none('BLOB'),
    ...len(1_000_000_000, 'VARCHAR', 'CHAR'),
    ...none('BOOLEAN', 'DATE', 'DATETIME'),
  ],
  duckdb: [
    ...none('INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT', 'HUGEINT', 'DOUBLE', 'REAL', 'FLOAT'),
    ...dec(38, 38, 'DECIMAL', 'NUMERIC'),
    ...none('BOOLEAN'),
    { name: 'VARCHAR', params: 'length', min: 1, max: 1_000_000_000 },
    ...none('DATE', 'TIMESTAMP', 'TIMESTAMPTZ', 'TIME', 'INTERVAL', 'UUID', 'JSON', 'BLOB'),
  ],
  sqlserver: [
    ...none('int', 'bigint', 'smallint', 'tinyint', 'bit'),
    ...dec(38, 38, 'decimal', 'numeric'),
    { name: 'float', params: 'precision', min: 1, max: 53 },
    ...none('real', 'money'),
    { name: 'nvarchar', params: 'length', min: 1, max: 4000, allowMax: true },
    { name: 'varchar', params: 'length', min: 1, max: 8000, allowMax: true },
    { name: 'nchar', params: 'length', min: 1, max: 4000 },
    { name: 'char', params: 'length', min: 1, max: 8000 },
    { name: 'varbinary', params: 'length', min: 1, max: 8000, allowMax: true },
    { name: 'binary', params: 'length', min: 1, max: 8000 },
    ...none('date', 'datetime', 'smalldatetime'),
    ...fsp(7, 'datetime2', 'datetimeoffset', 'time'),
    ...none('uniqueidentifier', 'xml', 'ntext', 'text', 'image'),
  ],
  oracle: [
    { name: 'NUMBER', params: 'precision-scale', min: 1, max: 38, maxScale: 127 },
    { name: 'VARCHAR2', params: 'length', min: 1, max: 32767, required: true, initial: '255' },
    { name: 'NVARCHAR2', params: 'length', min: 1, max: 32767, required: true, initial: '255' },
    { name: 'CHAR', params: 'length', min: 1, max: 2000 },
    ...none('CLOB', 'NCLOB', 'DATE'),
    ...fsp(9, 'TIMESTAMP'),
    ...none('BLOB'),
    { name: 'RAW', params: 'length', min: 1, max: 32767, required: true, initial: '16' },
    { name: 'FLOAT', params: 'precision', min: 1, max: 126 },
    ...none('BINARY_FLOAT', 'BINARY_DOUBLE'),
  ],
};

/** Words MySQL writes after a numeric type (`int unsigned`). */
const MYSQL_MODIFIERS = /\s+(unsigned|signed|zerofill)\b/gi;

function specs(engine: TableEditEngine | string | null | undefined): TypeSpec[] {
  return CATALOG[engine as TableEditEngine] ?? [];
}

/** The types to pick from: the engine's catalog, then any the server offers that it lacks. */
export function typeChoices(engine: TableEditEngine | string | null | undefined, offered: string[]): string[] {
  const names = specs(engine).map((s) => s.name);
  const seen = new Set(names.map((n) => n.toLowerCase()));
  return [...names, ...offered.filter((n) => !seen.has(n.toLowerCase()) && !n.includes('('))];
}

/** The spec of a type name (case-insensitive; MySQL's `unsigned` and PostgreSQL's `[]` do not change it). */
export function typeSpec(engine: TableEditEngine | string | null | undefined, name: string): TypeSpec | undefined {
  let key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  if (engine === 'mysql') key = key.replace(MYSQL_MODIFIERS, '').trim();
  if (engine === 'postgresql') key = key.replace(/(\[\])+$/, '');
  return specs(engine).find((s) => s.name.toLowerCase() === key);
}

/** Whether the size field is shown: for types that take one, and for types the catalog does not know. */
export function takesSize(engine: TableEditEngine | string | null | undefined, name: string): boolean {
  const spec = typeSpec(engine, name);
  return !spec || spec.params !== 'none';
}

/** Whether the type takes decimal places (a scale): the size field then holds the precision, a field of its own the scale. */
export function takesScale(engine: TableEditEngine | string | null | undefined, name: string): boolean {
  return typeSpec(engine, name)?.params === 'precision-scale';
}

/** `12,3` → precision `12`, scale `3` (either may be empty). */
export function scaleParts(size: string): { precision: string; scale: string } {
  const [precision = '', scale = ''] = size.split(',').map((p) => p.trim());
  return { precision, scale };
}

/** Precision and scale back into the size text (`12` and `3` → `12,3`; no precision: the scale alone cannot stand). */
export function joinScale(precision: string, scale: string): string {
  const p = precision.replace(/\D/g, '');
  const s = scale.replace(/\D/g, '');
  return p ? (s ? `${p},${s}` : p) : s ? `,${s}` : '';
}

/** What the precision field holds after typing: `12,2` typed there (the habit of one size field) fills both parts. */
export function precisionTyped(typed: string, size: string): string {
  if (typed.includes(',')) {
    const { precision, scale } = scaleParts(typed);
    return joinScale(precision, scale);
  }
  return joinScale(typed, scaleParts(size).scale);
}

/** Oracle character types whose length counts characters or bytes (VARCHAR2(10 CHAR)). */
export const takesUnit = (engine: TableEditEngine | string | null | undefined, name: string) => engine === 'oracle' && /^(varchar2|char)$/i.test(name.trim());

/** The size a type starts with when picked ('' unless the engine needs one). */
export function initialSize(engine: TableEditEngine | string | null | undefined, name: string): string {
  return typeSpec(engine, name)?.initial ?? '';
}

/** One identifier, maybe schema-qualified or quoted, maybe an array: a user-defined type is allowed. */
const SINGLE_NAME = /^("[^"]+"|`[^`]+`|\[[^\]]+\]|[A-Za-z_][\w$]*)(\.("[^"]+"|[A-Za-z_][\w$]*))?(\[\])*$/;

export type TypeProblem =
  | { key: 'tableEditor.err.typeName'; values: { type: string } }
  | { key: 'tableEditor.err.noSize'; values: { type: string } }
  | { key: 'tableEditor.err.needSize'; values: { type: string } }
  | { key: 'tableEditor.err.sizeRange'; values: { type: string; min: number; max: number } }
  | { key: 'tableEditor.err.scaleRange'; values: { type: string; max: number } }
  | { key: 'tableEditor.err.sizeFormat'; values: { type: string } };

/**
 * Why `type(size)` cannot be a column of this engine, or null. A type of several words must be one
 * the engine has (no "character timestampvarying"); one word may be a user-defined type.
 */
export function typeProblem(engine: TableEditEngine | string | null | undefined, type: string, size: string): TypeProblem | null {
  const name = type.trim();
  if (!name) return null;
  const spec = typeSpec(engine, name);
  const s = size.trim();
  if (!spec) {
    if (!SINGLE_NAME.test(name) && specs(engine).length) return { key: 'tableEditor.err.typeName', values: { type: name } };
    return null;
  }
  if (!s) return spec.required ? { key: 'tableEditor.err.needSize', values: { type: name } } : null;
  if (spec.params === 'none') return { key: 'tableEditor.err.noSize', values: { type: name } };
  if (spec.params === 'values') return /^'.*'$/s.test(s) ? null : { key: 'tableEditor.err.sizeFormat', values: { type: name } };
  if (spec.allowMax && /^max$/i.test(s)) return null;
  const parts = s.split(',').map((p) => p.trim());
  if (parts.length > (spec.params === 'precision-scale' ? 2 : 1) || !parts.every((p) => /^\d+$/.test(p))) return { key: 'tableEditor.err.sizeFormat', values: { type: name } };
  const [p, sc] = parts.map(Number) as [number, number | undefined];
  const min = spec.min ?? 1;
  const max = spec.max ?? Number.MAX_SAFE_INTEGER;
  if (p < min || p > max) return { key: 'tableEditor.err.sizeRange', values: { type: name, min, max } };
  if (sc !== undefined && (sc > p || sc > (spec.maxScale ?? p))) return { key: 'tableEditor.err.scaleRange', values: { type: name, max: Math.min(p, spec.maxScale ?? p) } };
  return null;
}

/** The size field's hint for a type: what goes there. */
export function sizePlaceholder(engine: TableEditEngine | string | null | undefined, name: string): string {
  const spec = typeSpec(engine, name);
  if (!spec) return '—';
  switch (spec.params) {
    case 'length':
      return spec.initial ?? (spec.max && spec.max <= 255 ? `1–${spec.max}` : '255');
    case 'precision':
      return `${spec.min ?? 0}–${spec.max}`;
    case 'precision-scale':
      return '10,2';
    case 'values':
      return "'a','b'";
    default:
      return '';
  }
}
