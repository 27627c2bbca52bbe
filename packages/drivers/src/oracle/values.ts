/**
 * Oracle result values (oracledb thin). NUMBER is fetched as text (thin keeps every digit), LOBs
 * as text or bytes; dates, timestamps and intervals come as JS objects and are printed here in
 * Oracle's ISO-style text. Known loss, from the thin driver: TIMESTAMP fractions beyond
 * milliseconds (JS Date).
 */
import oracledb from 'oracledb';
import { floatText, doubleText, hexOf, jsonReplacer, type Cell } from '../values.js';

export interface OracleMeta {
  name: string;
  dbType?: { num?: number; name?: string } | number;
  dbTypeName?: string;
  precision?: number;
  scale?: number;
  byteSize?: number;
}

const TEXT_TYPES = new Set<unknown>([oracledb.DB_TYPE_NUMBER, oracledb.DB_TYPE_BINARY_INTEGER, oracledb.DB_TYPE_CLOB, oracledb.DB_TYPE_NCLOB, oracledb.DB_TYPE_LONG, oracledb.DB_TYPE_LONG_NVARCHAR, oracledb.DB_TYPE_ROWID, oracledb.DB_TYPE_XMLTYPE]);
const BYTE_TYPES = new Set<unknown>([oracledb.DB_TYPE_BLOB, oracledb.DB_TYPE_LONG_RAW]);

/** fetchTypeHandler: exact text for NUMBER and character LOBs, bytes for BLOB. */
export function oracleFetchType(meta: { dbType?: unknown }): { type: unknown } | undefined {
  if (TEXT_TYPES.has(meta.dbType)) return { type: oracledb.STRING };
  if (BYTE_TYPES.has(meta.dbType)) return { type: oracledb.BUFFER };
  return undefined;
}

/** Native type text: NUMBER(12,2), VARCHAR2(200), TIMESTAMP(6) WITH TIME ZONE… */
export function oracleNativeType(m: OracleMeta): string {
  const name = (m.dbTypeName ?? 'UNKNOWN').toUpperCase();
  if (name === 'NUMBER' && m.precision && m.precision > 0) return m.scale ? `NUMBER(${m.precision},${m.scale})` : `NUMBER(${m.precision})`;
  if (/^(N?VARCHAR2?|N?CHAR|RAW)$/.test(name) && m.byteSize) return `${name}(${m.byteSize})`;
  return name;
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

function localDateTime(d: Date, millis: boolean): string {
  const base = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return millis ? `${base}.${pad(d.getMilliseconds(), 3)}` : base;
}

function utcDateTime(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)} +00:00`;
}

export function oracleCell(value: unknown, meta: OracleMeta): Cell {
  if (value === null || value === undefined) return null;
  const type = (meta.dbTypeName ?? '').toUpperCase();
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return type === 'BINARY_FLOAT' ? floatText(value) : type === 'BINARY_DOUBLE' ? doubleText(value) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Buffer.isBuffer(value)) return hexOf(value);
  if (value instanceof Date) {
    // DATE and TIMESTAMP have no zone: oracledb builds them from local fields; zoned ones are instants.
    if (type === 'DATE') return localDateTime(value, false);
    if (/TIME ZONE/.test(type)) return utcDateTime(value);
    return localDateTime(value, true);
  }
  if (value instanceof oracledb.IntervalYM) {
    const v = value as { years: number; months: number };
    const sign = v.years < 0 || v.months < 0 ? '-' : '+';
    return `${sign}${pad(v.years)}-${pad(v.months)}`;
  }
  if (value instanceof oracledb.IntervalDS) {
    const v = value as { days: number; hours: number; minutes: number; seconds: number; fseconds: number };
    const sign = [v.days, v.hours, v.minutes, v.seconds, v.fseconds].some((x) => x < 0) ? '-' : '+';
    return `${sign}${pad(v.days)} ${pad(v.hours)}:${pad(v.minutes)}:${pad(v.seconds)}.${pad(v.fseconds, 9).slice(0, 6)}`;
  }
  return JSON.stringify(value, jsonReplacer);
}
