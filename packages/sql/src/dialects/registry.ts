/**
 * `dialectFor(type)`: the spec 01 §3 mapping of database types to dialect definitions (MySQL family
 * → mysql; Oracle, DM, OceanBase Oracle → oracle; PostgreSQL, Kingbase, openGauss (+ CockroachDB,
 * Redshift, GaussDB) → postgresql; SQL Server, SQLite, DuckDB, ClickHouse, Redis their own; unknown
 * → mysql), with per-type quoting (spec 01 §5) and databases/schemas (spec 01 §3).
 */
import { DATABASE_TYPES, supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import type { Dialect, QuoteStyle, SplitterOptions } from '../dialect.js';
import { mapColumnType, type TypeFamily } from '../column-type.js';
import { makeIdentifierQuoter, needsQuoting, quoteStringWith, type QuotingRules, type StringQuoting } from '../quoting.js';
import { RESERVED } from './reserved.js';

export type DefinitionName = TypeFamily;

interface Definition {
  name: DefinitionName;
  splitter: SplitterOptions;
  strings: StringQuoting;
  identifierCase: 'lower' | 'upper' | 'preserve';
  leadingUnderscore: boolean;
  formatterLanguage: string;
  quoteStyle: QuoteStyle;
}

const NO_SPLIT_FEATURES: SplitterOptions = {
  dollarQuotes: false,
  nestedBlockComments: false,
  delimiterCommand: false,
  goSeparator: false,
  slashTerminator: false,
  hashComments: false,
  backslashEscapes: false,
  beginEndBlocks: false,
  identifierQuotes: ['"'],
};

export const DEFINITIONS: Record<DefinitionName, Definition> = {
  mysql: {
    name: 'mysql',
    splitter: { ...NO_SPLIT_FEATURES, delimiterCommand: true, hashComments: true, backslashEscapes: true, beginEndBlocks: true, identifierQuotes: ['`'] },
    strings: 'backslash',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'mysql',
    quoteStyle: 'backtick',
  },
  postgresql: {
    name: 'postgresql',
    splitter: { ...NO_SPLIT_FEATURES, dollarQuotes: true, nestedBlockComments: true, beginEndBlocks: true, blockStart: 'begin-atomic', copyData: true },
    strings: 'standard',
    identifierCase: 'lower',
    leadingUnderscore: true,
    formatterLanguage: 'postgresql',
    quoteStyle: 'double',
  },
  oracle: {
    name: 'oracle',
    splitter: { ...NO_SPLIT_FEATURES, slashTerminator: true, beginEndBlocks: true },
    strings: 'standard',
    identifierCase: 'upper',
    leadingUnderscore: false,
    formatterLanguage: 'plsql',
    quoteStyle: 'double',
  },
  sqlserver: {
    name: 'sqlserver',
    splitter: { ...NO_SPLIT_FEATURES, goSeparator: true, beginEndBlocks: true, identifierQuotes: ['"', '['] },
    strings: 'national',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'transactsql',
    quoteStyle: 'bracket',
  },
  sqlite: {
    name: 'sqlite',
    splitter: { ...NO_SPLIT_FEATURES, beginEndBlocks: true, identifierQuotes: ['"', '`', '['] },
    strings: 'standard',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'sqlite',
    quoteStyle: 'double',
  },
  duckdb: {
    name: 'duckdb',
    splitter: { ...NO_SPLIT_FEATURES, dollarQuotes: true },
    strings: 'standard',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'duckdb',
    quoteStyle: 'double',
  },
  clickhouse: {
    name: 'clickhouse',
    splitter: { ...NO_SPLIT_FEATURES, backslashEscapes: true, identifierQuotes: ['`', '"'] },
    strings: 'backslash',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'clickhouse',
    quoteStyle: 'backtick',
  },
  redis: {
    name: 'redis',
    splitter: { ...NO_SPLIT_FEATURES, splitByLines: true },
    strings: 'standard',
    identifierCase: 'preserve',
    leadingUnderscore: true,
    formatterLanguage: 'sql',
    quoteStyle: 'double',
  },
};

/** Spec 01 §3 mapping; types not listed fall back to mysql. */
const DEFINITION_OF: Partial<Record<DatabaseType, DefinitionName>> = {
  ORACLE: 'oracle', DM: 'oracle', OCEANBASE_ORACLE: 'oracle',
  POSTGRESQL: 'postgresql', KINGBASE: 'postgresql', OPENGAUSS: 'postgresql', COCKROACHDB: 'postgresql',
  REDSHIFT: 'postgresql', GAUSSDB: 'postgresql',
  SQLSERVER: 'sqlserver', SQLITE: 'sqlite', DUCKDB: 'duckdb', CLICKHOUSE: 'clickhouse', REDIS: 'redis',
};

/** Spec 01 §5 identifier quotes by type, where it differs from the definition's. */
const QUOTE_OF: Partial<Record<DatabaseType, QuoteStyle>> = {
  DB2: 'double', H2: 'double', SNOWFLAKE: 'double', SUNDB: 'double', KYLIN: 'double', XUGUDB: 'double', PRESTO: 'double',
  INFORMIX: 'double', GBASE8S: 'double', ELASTICSEARCH: 'double', MONGODB: 'double',
  HIVE: 'backtick', BIGQUERY: 'backtick', TDENGINE: 'backtick',
};
/** Engines of the generic definition that fold unquoted names to upper case. */
const UPPER_CASE_FOLDING: readonly DatabaseType[] = ['DB2', 'H2', 'SNOWFLAKE', 'SUNDB', 'XUGUDB'];
const FORMATTER_OF: Partial<Record<DatabaseType, string>> = {
  MARIADB: 'mariadb', TIDB: 'tidb', REDSHIFT: 'redshift', DB2: 'db2', HIVE: 'hive', SNOWFLAKE: 'snowflake',
  BIGQUERY: 'bigquery', PRESTO: 'trino', DORIS: 'mysql', STARROCKS: 'mysql',
};

export function definitionNameFor(type: DatabaseType | string): DefinitionName {
  return DEFINITION_OF[type as DatabaseType] ?? 'mysql';
}

const DATABASE_TYPE_SET: ReadonlySet<string> = new Set(DATABASE_TYPES);
const cache = new Map<string, Dialect>();

/** The Dialect of a spec database type (cached; unknown types get the MySQL definition). */
export function dialectFor(type: DatabaseType | string): Dialect {
  const key = String(type ?? '').toUpperCase();
  let d = cache.get(key);
  if (!d) {
    d = buildDialect(key as DatabaseType);
    cache.set(key, d);
  }
  return d;
}

function buildDialect(type: DatabaseType): Dialect {
  const def = DEFINITIONS[definitionNameFor(type)];
  const quoteStyle = QUOTE_OF[type] ?? def.quoteStyle;
  const upper = UPPER_CASE_FOLDING.includes(type);
  const splitter: SplitterOptions = { ...def.splitter };
  if (quoteStyle === 'double' && !splitter.identifierQuotes.includes('"')) splitter.identifierQuotes = [...splitter.identifierQuotes, '"'];
  const rules: QuotingRules = {
    quoteStyle,
    identifierCase: upper ? 'upper' : def.identifierCase,
    reserved: RESERVED[def.name] ?? RESERVED.mysql!,
    leadingUnderscore: upper ? false : def.leadingUnderscore,
  };
  return Object.freeze({
    name: def.name,
    databaseType: DATABASE_TYPE_SET.has(type) ? type : undefined,
    quoteStyle,
    identifierCase: rules.identifierCase,
    supportsDatabase: DATABASE_TYPE_SET.has(type) ? supportsDatabase(type) : true,
    supportsSchema: DATABASE_TYPE_SET.has(type) ? supportsSchema(type) : false,
    splitter: Object.freeze(splitter),
    quoteIdentifier: makeIdentifierQuoter(rules),
    needsQuoting: (name: string) => needsQuoting(name, rules),
    quoteString: (value: string) => quoteStringWith(value, def.strings),
    columnType: (native: string) => mapColumnType(native, def.name),
    formatterLanguage: FORMATTER_OF[type] ?? def.formatterLanguage,
  });
}
