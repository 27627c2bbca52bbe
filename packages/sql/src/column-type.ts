/**
 * Native type names → the spec's column types (spec 01 §3). One table for all engines; the few
 * names that mean different things per engine (bit, geometry, …) are resolved by the family.
 */
import type { ColumnType } from '@askdb/contracts';

export type TypeFamily = 'mysql' | 'postgresql' | 'oracle' | 'sqlserver' | 'sqlite' | 'duckdb' | 'clickhouse' | 'redis';

const TABLE: Record<string, ColumnType> = {};
const put = (type: ColumnType, names: string) => {
  for (const n of names.trim().split(/\s+/)) TABLE[n] = type;
};
put('NUMERIC', `int integer smallint tinyint mediumint bigint int1 int2 int3 int4 int8 int16 int32 int64 int128 int256
  uint8 uint16 uint32 uint64 uint128 uint256 hugeint uhugeint utinyint usmallint uinteger ubigint serial smallserial bigserial
  serial2 serial4 serial8 decimal dec numeric number float float4 float8 float32 float64 double real money smallmoney
  binary_float binary_double fixed signed unsigned decimal32 decimal64 decimal128 decimal256 varint oid pls_integer
  binary_integer simple_integer natural positive`);
put('STRING', `char character varchar varchar2 nvarchar nvarchar2 nchar text tinytext mediumtext citext string
  fixedstring name enum enum8 enum16 set uuid uniqueidentifier inet cidr macaddr macaddr8 ipv4 ipv6 interval
  xml tsvector tsquery sysname sql_variant hierarchyid character_varying national bpchar lowcardinality_string
  point line lseg box path polygon circle txid_snapshot pg_lsn regclass regproc regtype year_interval`);
put('CONTENT', 'clob nclob dbclob long longtext ntext');
put('DATETIME', `date time timestamp timestamptz timetz datetime datetime2 smalldatetime datetimeoffset year date32
  datetime64 abstime reltime timestamp_s timestamp_ms timestamp_ns`);
put('BOOLEAN', 'bool boolean');
put('BINARY', `blob tinyblob mediumblob longblob binary varbinary bytea raw image bfile varbit`);
put('DOCUMENT', 'json jsonb bson');
put('STRUCT', 'struct tuple record row map union nested object');
put('ROWID', 'rowid urowid');
put('ARRAY', 'array list');

/** Wrappers whose inner type is the real one (ClickHouse). */
const WRAPPERS = /^(nullable|lowcardinality|simpleaggregatefunction)\s*\((.*)\)$/;

export function mapColumnType(nativeType: string, family: TypeFamily): ColumnType {
  let t = (nativeType ?? '').trim().toLowerCase();
  if (!t) return 'UNKNOWN';
  for (let i = 0; i < 4; i++) {
    const m = WRAPPERS.exec(t);
    if (!m) break;
    t = m[2]!.split(',').pop()!.trim();
  }
  if (t.endsWith('[]') || /^_[a-z]/.test(t) || /^array\s*[(<]/.test(t) || /\[\d*\]$/.test(t)) return 'ARRAY';
  if (family === 'clickhouse' && /^(map|tuple|nested)\s*\(/.test(t)) return 'STRUCT';
  // Strip arguments and modifiers: varchar(20), numeric(10,2) unsigned, timestamp(6) with time zone.
  const base = t
    .replace(/\(.*?\)/g, ' ')
    .replace(/\b(unsigned|signed|zerofill|varying|with(out)? (local )?time zone|precision|identity|auto_increment|not null)\b/g, (w) =>
      w === 'varying' ? '_varying' : ' ',
    )
    .trim()
    .replace(/\s+_varying/, '_varying')
    .split(/\s+/)[0]!;
  if (base === 'bit') {
    if (family === 'sqlserver') return 'BOOLEAN';
    if (family === 'mysql') return 'BINARY';
    return 'STRING';
  }
  if (/^(geometry|geography|point|linestring|polygon|multipoint|multilinestring|multipolygon|geometrycollection)$/.test(base)) {
    return family === 'mysql' ? 'BINARY' : 'STRING';
  }
  if (base === 'character_varying' || base === 'char_varying' || base === 'nchar_varying') return 'STRING';
  if (base === 'long' && t.startsWith('long raw')) return 'BINARY';
  if (base === 'double' || base === 'float') return 'NUMERIC';
  if (base.startsWith('interval')) return 'STRING';
  if (base.startsWith('timestamp') || base.startsWith('datetime')) return 'DATETIME';
  if (base === 'real' || base === 'integer') return 'NUMERIC';
  const hit = TABLE[base];
  if (hit) return hit;
  // SQLite type affinity rules for anything else.
  if (family === 'sqlite') {
    if (t.includes('int')) return 'NUMERIC';
    if (/char|clob|text/.test(t)) return 'STRING';
    if (t.includes('blob')) return 'BINARY';
    if (/real|floa|doub/.test(t)) return 'NUMERIC';
    return 'NUMERIC';
  }
  if (/^u?int\d*$/.test(base) || /^(decimal|float)\d*$/.test(base)) return 'NUMERIC';
  return 'UNKNOWN';
}
