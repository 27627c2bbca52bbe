/**
 * MongoDB documents as result rows: columns are the top-level fields of the first batch (`_id`
 * first), each cell the value as mongosh prints it — strings as they are, ObjectId('…'), dates in
 * ISO-8601, 64-bit and decimal numbers exact, binary as 0x hex, sub-documents and arrays as
 * relaxed Extended JSON.
 */
import type { ColumnType } from '@askdb/contracts';
import { BSON, Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp, UUID } from 'mongodb';
import { hexOf, type Cell } from '../values.js';

export function bsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (value instanceof ObjectId) return 'objectId';
  if (value instanceof Date) return 'date';
  if (value instanceof Long) return 'long';
  if (value instanceof Int32) return 'int';
  if (value instanceof Double) return 'double';
  if (value instanceof Decimal128) return 'decimal';
  if (value instanceof Timestamp) return 'timestamp';
  if (value instanceof Binary || value instanceof Uint8Array) return 'binData';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

const SPEC_TYPES: Record<string, ColumnType> = {
  string: 'STRING', bool: 'BOOLEAN', int: 'NUMERIC', long: 'NUMERIC', double: 'NUMERIC', decimal: 'NUMERIC',
  date: 'DATETIME', timestamp: 'DATETIME', objectId: 'STRING', binData: 'BINARY', array: 'ARRAY', object: 'DOCUMENT', null: 'UNKNOWN',
};

export function specTypeOfBson(type: string): ColumnType {
  return SPEC_TYPES[type] ?? 'UNKNOWN';
}

export function mongoCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Long || value instanceof Int32 || value instanceof Decimal128 || value instanceof Double) return value.toString();
  if (value instanceof UUID) return `UUID('${value.toHexString()}')`;
  if (value instanceof Binary) return hexOf(value.buffer);
  if (value instanceof Uint8Array) return hexOf(value);
  return BSON.EJSON.stringify(value as Record<string, unknown>, { relaxed: true });
}

/** Field names of a batch in first-seen order, `_id` first. */
export function fieldsOf(docs: Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const d of docs) for (const k of Object.keys(d)) seen.add(k);
  const fields = [...seen];
  return fields.includes('_id') ? ['_id', ...fields.filter((f) => f !== '_id')] : fields;
}

/** The BSON type most documents of the sample have for each field. */
export function fieldTypes(docs: Record<string, unknown>[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const d of docs) {
    for (const [k, v] of Object.entries(d)) {
      const t = bsonTypeOf(v);
      if (t === 'null') continue;
      const m = counts.get(k) ?? new Map<string, number>();
      m.set(t, (m.get(t) ?? 0) + 1);
      counts.set(k, m);
    }
  }
  const out = new Map<string, string>();
  for (const f of fieldsOf(docs)) {
    const m = counts.get(f);
    out.set(f, m ? [...m].sort((a, b) => b[1] - a[1])[0]![0] : 'null');
  }
  return out;
}
