/**
 * MySQL wire result columns: the native type named from the column definition, and each cell
 * turned from the raw bytes of the text protocol into text (binary columns as 0x hex).
 */
import type { Dialect } from '@askdb/sql';
import type { ResultHeader } from '@askdb/contracts';
import { headerOf, hexOf, type Cell } from '../values.js';

export interface MysqlField {
  name: string;
  columnType: number;
  characterSet: number;
  columnLength: number;
  flags: number;
  decimals: number;
  extendedTypeName?: string;
  extendedFormat?: string;
}

const BINARY_CHARSET = 63;
const UNSIGNED_FLAG = 32;
const ENUM_FLAG = 256;
const SET_FLAG = 2048;

const NAMES: Record<number, string> = {
  0: 'decimal', 1: 'tinyint', 2: 'smallint', 3: 'int', 4: 'float', 5: 'double', 6: 'null', 7: 'timestamp', 8: 'bigint',
  9: 'mediumint', 10: 'date', 11: 'time', 12: 'datetime', 13: 'year', 14: 'date', 15: 'varchar', 16: 'bit', 17: 'timestamp',
  18: 'datetime', 19: 'time', 242: 'vector', 245: 'json', 246: 'decimal', 247: 'enum', 248: 'set', 249: 'tinyblob', 250: 'mediumblob',
  251: 'longblob', 252: 'blob', 253: 'varchar', 254: 'char', 255: 'geometry',
};
const TEXT_OF_BLOB: Record<number, string> = { 249: 'tinytext', 250: 'mediumtext', 251: 'longtext', 252: 'text' };
const BINARY_OF_STRING: Record<number, string> = { 15: 'varbinary', 253: 'varbinary', 254: 'binary' };
/** Types whose bytes are binary data when the column's character set is `binary` (63). */
const BYTE_TYPES = new Set([15, 16, 249, 250, 251, 252, 253, 254, 255]);

export function isBinaryField(f: MysqlField): boolean {
  return f.columnType === 16 || f.columnType === 255 || (f.characterSet === BINARY_CHARSET && BYTE_TYPES.has(f.columnType) && f.extendedFormat !== 'json');
}

export function nativeTypeOf(f: MysqlField): string {
  if (f.extendedFormat === 'json') return 'json';
  if (f.extendedTypeName) return f.extendedTypeName;
  const t = f.columnType;
  if (t === 254 && f.flags & ENUM_FLAG) return 'enum';
  if (t === 254 && f.flags & SET_FLAG) return 'set';
  let name = NAMES[t] ?? 'unknown';
  if (f.characterSet === BINARY_CHARSET && BINARY_OF_STRING[t]) name = BINARY_OF_STRING[t]!;
  if (f.characterSet !== BINARY_CHARSET && TEXT_OF_BLOB[t]) name = TEXT_OF_BLOB[t]!;
  if (t === 0 || t === 246) {
    const scale = f.decimals;
    const precision = f.columnLength - (scale > 0 ? 1 : 0) - (f.flags & UNSIGNED_FLAG ? 0 : 1);
    name = `decimal(${precision},${scale})`;
  }
  if (t === 16) name = `bit(${f.columnLength})`;
  if (f.flags & UNSIGNED_FLAG && t >= 1 && t <= 9 && t !== 6 && t !== 7) name += ' unsigned';
  return name;
}

export function headersOf(dialect: Dialect, fields: MysqlField[]): ResultHeader[] {
  return fields.map((f) => headerOf(dialect, f.name, nativeTypeOf(f)));
}

/** Converts rows read with `typeCast: false` (each cell a Buffer or null) in place. */
export function makeRowDecoder(fields: MysqlField[]): (row: (Buffer | null)[]) => Cell[] {
  const binary = fields.map(isBinaryField);
  return (row) => {
    const out = row as unknown as Cell[];
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (v !== null && v !== undefined) out[i] = binary[i] ? hexOf(v) : v.toString('utf8');
      else out[i] = null;
    }
    return out;
  };
}
