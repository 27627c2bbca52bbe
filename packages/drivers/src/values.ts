/**
 * Values cross the API exactly (DESIGN.md "Values"): every non-null cell is the database's own
 * text form, binary is `0x` hex, SQL NULL is null. Engines whose client already hands out text
 * (PostgreSQL, MySQL, ClickHouse) pass it through; the helpers here cover the engines whose
 * client hands out JS values (SQLite, DuckDB, SQL Server, Oracle, Redis, MongoDB).
 */
import type { ResultHeader } from '@askdb/contracts';
import type { Dialect } from '@askdb/sql';

export type Cell = string | null;

export function hexOf(bytes: Uint8Array): string {
  return '0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** PostgreSQL's bytea text form `\x…` as `0x…`. */
export function hexFromPgBytea(text: string): string {
  return text.startsWith('\\x') ? '0x' + text.slice(2) : text;
}

/**
 * A double as SQL engines print it: integral values keep `.0` (SQLite and DuckDB print 1.0, not 1),
 * others use the shortest text that reads back to the same double.
 */
export function doubleText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return Object.is(n, -0) ? '-0.0' : `${n}.0`;
  return String(n);
}

/** A 32-bit float in the shortest text that reads back to the same float (3.14, not 3.140000104904175). */
export function floatText(n: number): string {
  if (!Number.isFinite(n) || Number.isInteger(n)) return doubleText(n);
  for (let digits = 1; digits <= 9; digits++) {
    const text = n.toPrecision(digits);
    if (Math.fround(Number(text)) === n) return String(Number(text));
  }
  return String(n);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes that are valid UTF-8 as text, anything else as `0x` hex (Redis values, MongoDB binary). */
export function textOrHex(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return hexOf(bytes);
  }
}

/**
 * Generic fallback for a JS value handed out by a client library: exact for strings, bigint,
 * booleans, bytes; dates as ISO-8601 (the client already lost the engine's own text).
 */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string': return value;
    case 'bigint': return value.toString();
    case 'number': return doubleText(value);
    case 'boolean': return value ? 'true' : 'false';
    default: break;
  }
  if (value instanceof Uint8Array) return hexOf(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) return JSON.stringify(value, jsonReplacer);
  return String(value);
}

export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return hexOf(value);
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)) {
    return hexOf(Uint8Array.from((value as { data: number[] }).data));
  }
  return value;
}

/** A result column: its name, native type and the spec's column type from the dialect. */
export function headerOf(dialect: Dialect, name: string, nativeType: string): ResultHeader {
  return { name, columnType: nativeType, dataType: dialect.columnType(nativeType) };
}
