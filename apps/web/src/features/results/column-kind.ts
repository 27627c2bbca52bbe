/**
 * The kind of a column for its icon (issue 25 item 9: not the same "Str" for every column): from
 * the spec's column type when the result header has one, else from the database's native type name.
 */
export type ColumnKind = 'number' | 'text' | 'datetime' | 'boolean' | 'binary' | 'json' | 'other';

const BY_SPEC_TYPE: Record<string, ColumnKind> = {
  NUMERIC: 'number', STRING: 'text', DATETIME: 'datetime', BOOLEAN: 'boolean', BINARY: 'binary',
  CONTENT: 'text', STRUCT: 'json', DOCUMENT: 'json', ARRAY: 'json', OBJECT: 'json',
};

const NATIVE: [RegExp, ColumnKind][] = [
  [/^(bool|boolean|bit\(1\)|tinyint\(1\))$/, 'boolean'],
  [/json|jsonb|^struct|^map|^array|\[\]$|^document|^object|^variant/, 'json'],
  [/^(date|time|timestamp|datetime|smalldatetime|datetime2|datetimeoffset|interval|year)\b|timestamp|^timetz|^timestamptz/, 'datetime'],
  [/^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial|decimal|numeric|number|dec|real|float|float4|float8|double|money|smallmoney|hugeint|uinteger|ubigint|usmallint|utinyint|int\d+|uint\d+)\b/, 'number'],
  [/^(bytea|blob|tinyblob|mediumblob|longblob|binary|varbinary|image|raw|long raw|bit|varbit|bit varying)\b/, 'binary'],
  [/char|text|string|clob|uuid|enum|set\(|xml|citext|name|inet|cidr|macaddr/, 'text'],
];

export function columnKind(specType: string | null | undefined, nativeType?: string | null): ColumnKind {
  const spec = specType ? BY_SPEC_TYPE[specType.toUpperCase()] : undefined;
  // A JSON column reported as STRING by the driver still deserves the JSON icon.
  if (spec && !(spec === 'text' && nativeType && /json/i.test(nativeType))) return spec;
  const n = (nativeType ?? specType ?? '').trim().toLowerCase();
  if (!n) return 'other';
  for (const [re, kind] of NATIVE) if (re.test(n)) return kind;
  return spec ?? 'other';
}
