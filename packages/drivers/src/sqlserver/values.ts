/**
 * SQL Server result values. tedious hands out JS values, not text: this turns them back into
 * SQL Server's own text (dates with the column's fraction digits, decimals with their scale,
 * bit as 1/0, binary as 0x hex). Known loss, from tedious itself: decimal/numeric/money arrive as
 * JS numbers, so digits beyond ~15 significant ones are already gone (bigint arrives as text, exact).
 */
import { doubleText, floatText, hexOf, type Cell } from '../values.js';

export interface SqlServerColumn {
  name: string;
  type?: { declaration?: string } | ((...args: unknown[]) => unknown) & { declaration?: string };
  length?: number;
  precision?: number;
  scale?: number;
  udt?: { name: string };
}

export function declarationOf(col: SqlServerColumn): string {
  return (col.udt?.name ?? (col.type as { declaration?: string } | undefined)?.declaration ?? 'sql_variant').toLowerCase();
}

/** Native type text of a result column. */
export function nativeTypeOf(col: SqlServerColumn): string {
  return typeText(declarationOf(col), col.length ?? 0, col.precision ?? 0, col.scale ?? 7);
}

/**
 * Type text as SSMS names it: nvarchar(50), decimal(38,10), datetime2(7), varbinary(max). `len` is
 * in bytes (sys.columns.max_length; -1 or over 8000 means max).
 */
export function typeText(decl: string, len: number, precision: number, scale: number): string {
  const col = { precision, scale };
  switch (decl) {
    case 'varchar': case 'char': case 'varbinary': case 'binary':
      return `${decl}(${len > 8000 || len <= 0 ? 'max' : len})`;
    case 'nvarchar': case 'nchar':
      return `${decl}(${len > 8000 || len <= 0 ? 'max' : len / 2})`;
    case 'decimal': case 'numeric':
      return `${decl}(${col.precision},${col.scale})`;
    case 'datetime2': case 'time': case 'datetimeoffset':
      return `${decl}(${col.scale})`;
    default:
      return decl;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Fraction of a second in 100 ns units (7 digits), from the Date's ms plus tedious' nanosecondsDelta. */
function fraction7(d: Date): string {
  const delta = (d as Date & { nanosecondsDelta?: number }).nanosecondsDelta ?? 0;
  return pad(d.getUTCMilliseconds() * 10_000 + Math.round(delta * 1e7), 7);
}

function datePart(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function timePart(d: Date, digits: number): string {
  const base = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return digits > 0 ? `${base}.${fraction7(d).slice(0, digits)}` : base;
}

export function sqlServerCell(value: unknown, col: SqlServerColumn): Cell {
  if (value === null || value === undefined) return null;
  const decl = declarationOf(col);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return hexOf(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (decl === 'decimal' || decl === 'numeric') return value.toFixed(col.scale ?? 0);
    if (decl === 'money' || decl === 'smallmoney') return value.toFixed(4);
    if (decl === 'real') return floatText(value).replace(/\.0$/, '');
    if (decl === 'float') return doubleText(value).replace(/\.0$/, '');
    return String(value);
  }
  if (value instanceof Date) {
    switch (decl) {
      case 'date': return datePart(value);
      case 'time': return timePart(value, col.scale ?? 7);
      case 'smalldatetime': return `${datePart(value)} ${timePart(value, 0)}`;
      case 'datetime': return `${datePart(value)} ${timePart(value, 3)}`;
      case 'datetimeoffset': return `${datePart(value)} ${timePart(value, col.scale ?? 7)} +00:00`;
      default: return `${datePart(value)} ${timePart(value, col.scale ?? 7)}`;
    }
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
