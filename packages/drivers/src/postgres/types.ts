/**
 * PostgreSQL result types: every value stays in the server's text form (no JS parsing), bytea
 * becomes `0x` hex, and each column's native type is named as `format_type` would name it.
 */
import type { Client } from 'pg';
import { hexFromPgBytea } from '../values.js';

const BYTEA_OID = 17;
const identity = (text: string) => text;

/** The `types` override handed to pg for user statements: text for every OID. */
export const textTypes = {
  getTypeParser(oid: number, format?: string): (text: string) => string {
    if (format === 'binary') return (v: string) => String(v);
    return oid === BYTEA_OID ? hexFromPgBytea : identity;
  },
};

/**
 * Scalar, enum, domain and range types with their `format_type` names, and arrays of those. Table
 * row types (30,000 tables have 30,000 of them) are left out: a result column rarely has one.
 */
export const TYPE_NAMES_SQL = `
SELECT t.oid::int AS oid, format_type(t.oid, NULL) AS name
FROM pg_type t
WHERE t.typrelid = 0
  AND (t.typelem = 0 OR NOT EXISTS (SELECT 1 FROM pg_type e WHERE e.oid = t.typelem AND e.typrelid <> 0))`;

/** Names of types a result column used that the first load left out (table row types, new enums). */
const TYPE_NAMES_BY_OID_SQL = 'SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY ($1::oid[])';

export class TypeNames {
  private names = new Map<number, string>();
  private loaded = false;
  private readonly missing = new Set<number>();

  /**
   * Loads the names on the given client before a statement runs: all common ones the first time,
   * afterwards only those a previous result needed and did not find (its header said "record").
   */
  async ensure(client: Client): Promise<void> {
    if (!this.loaded) {
      const res = await client.query<{ oid: number; name: string }>(TYPE_NAMES_SQL);
      this.names = new Map(res.rows.map((r) => [r.oid, r.name]));
      this.loaded = true;
    }
    if (this.missing.size) {
      const res = await client.query<{ oid: number; name: string }>(TYPE_NAMES_BY_OID_SQL, [[...this.missing]]);
      for (const r of res.rows) this.names.set(r.oid, r.name);
      this.missing.clear();
    }
  }

  /** Native type text of a result column, e.g. `numeric(38,10)`, `character varying(20)`, `integer[]`. */
  nameOf(oid: number, typmod: number): string {
    const base = this.names.get(oid);
    if (base === undefined) {
      this.missing.add(oid);
      return 'record';
    }
    return withTypmod(base, typmod);
  }
}

/** Applies a type modifier the way format_type does for the common parameterised types. */
export function withTypmod(name: string, typmod: number): string {
  if (typmod < 0) return name;
  const isArray = name.endsWith('[]');
  const base = isArray ? name.slice(0, -2) : name;
  let out: string;
  switch (base) {
    case 'numeric': {
      const v = typmod - 4;
      out = `numeric(${(v >> 16) & 0xffff},${v & 0xffff})`;
      break;
    }
    case 'character varying':
    case 'character':
      out = `${base}(${typmod - 4})`;
      break;
    case 'bit':
    case 'bit varying':
      out = `${base}(${typmod})`;
      break;
    case 'timestamp without time zone':
    case 'timestamp with time zone':
    case 'time without time zone':
    case 'time with time zone': {
      const [head, ...rest] = base.split(' ');
      out = `${head}(${typmod}) ${rest.join(' ')}`;
      break;
    }
    case 'interval':
      out = (typmod & 0xffff) !== 0xffff ? `interval(${typmod & 0xffff})` : 'interval';
      break;
    default:
      out = base;
  }
  return isArray ? `${out}[]` : out;
}
