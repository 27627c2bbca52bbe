/**
 * Canonical type text per engine: aliases resolved and implicit arguments made explicit (or
 * removed), so that `int4` and `integer`, or `decimal` and `decimal(10,0)`, compare equal.
 */
import type { EngineFamily } from '../model.js';
import { formatType, parseType, type TypeParts } from './type-text.js';

type Canon = (p: TypeParts) => TypeParts;

const PG_ALIASES: Record<string, string> = {
  int: 'integer', int4: 'integer', serial: 'integer', serial4: 'integer',
  int2: 'smallint', smallserial: 'smallint', serial2: 'smallint',
  int8: 'bigint', bigserial: 'bigint', serial8: 'bigint',
  float8: 'double precision', float4: 'real', bool: 'boolean',
  varchar: 'character varying', char: 'character', decimal: 'numeric', varbit: 'bit varying',
  timestamptz: 'timestamp with time zone', timetz: 'time with time zone',
  timestamp: 'timestamp without time zone', time: 'time without time zone',
};

const postgresql: Canon = (p) => {
  let base = unquotedLower(p.base);
  let suffix = p.suffix.toLowerCase();
  let args = p.args;
  let array = p.array;
  if (base.startsWith('_') && !array) { base = base.slice(1); array = '[]'; }
  if (base === 'float' || base === 'double') {
    const n = args ? Number(args[0]) : 53;
    return { base: n <= 24 ? 'real' : 'double precision', args: null, suffix: '', array };
  }
  if ((base === 'timestamp' || base === 'time') && suffix) {
    base = `${base} ${suffix}`;
    suffix = '';
  }
  base = PG_ALIASES[base] ?? base;
  if (base === 'bpchar' && args) base = 'character';
  if (base === 'character' && !args) args = ['1'];
  if (base === 'bit' && !args) args = ['1'];
  if (base === 'numeric' && args?.length === 1) args = [args[0]!, '0'];
  const zone = /^(timestamp|time) (with|without) time zone$/.exec(base);
  if (zone) {
    // The precision sits between the name and the zone words: timestamp(3) with time zone.
    const precision = args && args[0] !== '6' ? `(${args[0]})` : '';
    return { base: `${zone[1]}${precision} ${zone[2]} time zone`, args: null, suffix: '', array };
  }
  if (base === 'interval' && args?.[0] === '6') args = null;
  return { base, args, suffix, array };
};

const MYSQL_INTS = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'bigint']);
const MYSQL_ALIASES: Record<string, string> = {
  integer: 'int', dec: 'decimal', numeric: 'decimal', fixed: 'decimal', 'double precision': 'double', real: 'double',
  'character varying': 'varchar', character: 'char', int4: 'int', int8: 'bigint', int2: 'smallint', int1: 'tinyint',
  int3: 'mediumint', middleint: 'mediumint', float4: 'float', float8: 'double', 'long varchar': 'mediumtext',
  'national varchar': 'varchar', nvarchar: 'varchar', 'national char': 'char', nchar: 'char',
};

const mysql: Canon = (p) => {
  const words = p.suffix.toLowerCase().split(' ').filter(Boolean);
  const baseWords = p.base.toLowerCase().split(' ');
  while (baseWords.length > 1 && /^(unsigned|signed|zerofill)$/.test(baseWords[baseWords.length - 1]!)) words.unshift(baseWords.pop()!);
  let base = baseWords.join(' ');
  let args = p.args;
  if (base === 'bool' || base === 'boolean') return { base: 'tinyint', args: ['1'], suffix: '', array: '' };
  base = MYSQL_ALIASES[base] ?? base;
  if (MYSQL_INTS.has(base) && !(base === 'tinyint' && args?.[0] === '1')) args = null;
  if (base === 'decimal') args = !args ? ['10', '0'] : args.length === 1 ? [args[0]!, '0'] : args;
  if (base === 'float' && args?.length === 1) {
    base = Number(args[0]) <= 24 ? 'float' : 'double';
    args = null;
  }
  if ((base === 'char' || base === 'binary' || base === 'bit') && !args) args = ['1'];
  if ((base === 'year' && args?.[0] === '4') || (/^(timestamp|datetime|time)$/.test(base) && args?.[0] === '0')) args = null;
  if (words.includes('zerofill') && !words.includes('unsigned')) words.unshift('unsigned');
  const suffix = ['unsigned', 'zerofill'].filter((w) => words.includes(w)).join(' ');
  return { base, args, suffix, array: '' };
};

const sqlite: Canon = (p) => ({
  base: p.base.toUpperCase(),
  args: p.args?.map((a) => a.replace(/\s+/g, '')) ?? null,
  suffix: p.suffix.toUpperCase(),
  array: p.array,
});

const DUCK_ALIASES: Record<string, string> = {
  INT: 'INTEGER', INT4: 'INTEGER', SIGNED: 'INTEGER', INT32: 'INTEGER', INT8: 'BIGINT', LONG: 'BIGINT', INT64: 'BIGINT',
  INT2: 'SMALLINT', SHORT: 'SMALLINT', INT16: 'SMALLINT', INT1: 'TINYINT',
  FLOAT4: 'FLOAT', REAL: 'FLOAT', FLOAT8: 'DOUBLE', 'DOUBLE PRECISION': 'DOUBLE', NUMERIC: 'DECIMAL',
  TEXT: 'VARCHAR', STRING: 'VARCHAR', CHAR: 'VARCHAR', BPCHAR: 'VARCHAR', 'CHARACTER VARYING': 'VARCHAR', CHARACTER: 'VARCHAR',
  BOOL: 'BOOLEAN', LOGICAL: 'BOOLEAN', TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE', DATETIME: 'TIMESTAMP',
  BYTEA: 'BLOB', BINARY: 'BLOB', VARBINARY: 'BLOB', TIMETZ: 'TIME WITH TIME ZONE',
};

const duckdb: Canon = (p) => {
  let base = p.base.toUpperCase();
  let args = p.args;
  if ((base === 'TIMESTAMP' || base === 'TIME') && p.suffix.toUpperCase() === 'WITH TIME ZONE') base += ' WITH TIME ZONE';
  base = DUCK_ALIASES[base] ?? base;
  if (base === 'VARCHAR' || base === 'BLOB') args = null;
  if (base === 'DECIMAL') args = !args ? ['18', '3'] : args.length === 1 ? [args[0]!, '0'] : args;
  if (base === 'FLOAT' && args?.length === 1) {
    base = Number(args[0]) <= 24 ? 'FLOAT' : 'DOUBLE';
    args = null;
  }
  const suffix = /WITH TIME ZONE$/.test(base) ? '' : p.suffix;
  return { base, args, suffix, array: p.array };
};

const SQLSERVER_ALIASES: Record<string, string> = {
  integer: 'int', dec: 'decimal', numeric: 'decimal', 'character varying': 'varchar', character: 'char',
  'double precision': 'float', 'national character varying': 'nvarchar', 'national character': 'nchar', rowversion: 'timestamp',
};

const sqlserver: Canon = (p) => {
  let base = p.base.toLowerCase();
  let args = p.args?.map((a) => a.toLowerCase()) ?? null;
  base = SQLSERVER_ALIASES[base] ?? base;
  if (base === 'decimal') args = !args ? ['18', '0'] : args.length === 1 ? [args[0]!, '0'] : args;
  if (/^n?(var)?char$|^(var)?binary$/.test(base) && !args) args = ['1'];
  if (base === 'float' && args) {
    base = Number(args[0]) <= 24 ? 'real' : 'float';
    args = null;
  }
  if (/^(datetime2|datetimeoffset|time)$/.test(base) && args?.[0] === '7') args = null;
  return { base, args, suffix: '', array: '' };
};

const ORACLE_ALIASES: Record<string, string> = {
  VARCHAR: 'VARCHAR2', 'CHARACTER VARYING': 'VARCHAR2', 'CHAR VARYING': 'VARCHAR2', CHARACTER: 'CHAR',
  'DOUBLE PRECISION': 'FLOAT', NVARCHAR: 'NVARCHAR2', 'NATIONAL CHARACTER VARYING': 'NVARCHAR2',
};

const oracle: Canon = (p) => {
  let base = p.base.toUpperCase();
  let args = p.args?.map((a) => a.toUpperCase().replace(/\s+(BYTE)$/, '')) ?? null;
  if (/^(INTEGER|INT|SMALLINT)$/.test(base)) return { base: 'NUMBER', args: ['38'], suffix: '', array: '' };
  if (base === 'DECIMAL' || base === 'NUMERIC') base = 'NUMBER';
  base = ORACLE_ALIASES[base] ?? base;
  if (base === 'NUMBER' && args?.length === 2 && args[1] === '0') args = [args[0]!];
  if (base === 'FLOAT' && (!args || args[0] === '126') && p.base.toUpperCase() === 'DOUBLE PRECISION') args = ['126'];
  if ((base === 'CHAR' || base === 'NCHAR') && !args) args = ['1'];
  if (base === 'TIMESTAMP' && args?.[0] === '6') args = null;
  return { base, args, suffix: p.suffix.toUpperCase(), array: '' };
};

const CANON: Record<EngineFamily, Canon> = { postgresql, mysql, sqlite, duckdb, sqlserver, oracle };

/** The canonical type text of `text` for `engine`. */
export function canonicalType(engine: EngineFamily, text: string): string {
  if (!text.trim()) return '';
  return formatType(CANON[engine](parseType(text)));
}

/** PostgreSQL type names that imply a serial (sequence-backed) column. */
export function isPostgresSerialType(text: string): boolean {
  return /^(small|big)?serial[248]?$/i.test(text.trim());
}

const CHAR_TYPES = /char|binary|bit|text|string/i;
const TIME_TYPES = /^(timestamp|time|datetime|datetime2|datetimeoffset|interval)/i;

/** Length, precision and scale as the table editor shows them, from canonical type text. */
export function typeDetail(type: string): { length: number | null; precision: number | null; scale: number | null } {
  const p = parseType(type);
  const timeMatch = /^\w+\((\d+)\)/.exec(p.base);
  const nums = (p.args ?? []).map((a) => (/^\d+$/.test(a) ? Number(a) : null));
  if (CHAR_TYPES.test(p.base) && !/^(tinyint|bit varying)$/.test(p.base)) return { length: nums[0] ?? null, precision: null, scale: null };
  if (TIME_TYPES.test(p.base)) return { length: null, precision: timeMatch ? Number(timeMatch[1]) : nums[0] ?? null, scale: null };
  return { length: null, precision: nums[0] ?? null, scale: nums[1] ?? null };
}

function unquotedLower(text: string): string {
  return text.startsWith('"') ? text : text.toLowerCase();
}
