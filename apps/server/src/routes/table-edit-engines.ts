/**
 * What the table editor offers per engine family (column types, index kinds and methods, comments,
 * MySQL table options, the columns a new table starts with), and MySQL's table options read back
 * from SHOW CREATE TABLE.
 */
import type { TableEditColumn, TableEditEngine, TableEditModelResult, TableEditOptions } from '@askdb/contracts';

type EngineOffer = Omit<TableEditModelResult, 'table' | 'options'>;

const COLUMN_TYPES: Record<TableEditEngine, string[]> = {
  postgresql: ['integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision', 'boolean', 'varchar', 'char', 'text', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'uuid', 'json', 'jsonb', 'bytea', 'inet'],
  mysql: ['int', 'bigint', 'tinyint', 'smallint', 'decimal', 'float', 'double', 'bit', 'varchar', 'char', 'text', 'mediumtext', 'longtext', 'date', 'datetime', 'timestamp', 'time', 'year', 'json', 'blob', 'enum'],
  sqlite: ['INTEGER', 'TEXT', 'REAL', 'NUMERIC', 'BLOB', 'VARCHAR', 'BOOLEAN', 'DATE', 'DATETIME', 'DECIMAL'],
  duckdb: ['INTEGER', 'BIGINT', 'DOUBLE', 'DECIMAL', 'BOOLEAN', 'VARCHAR', 'DATE', 'TIMESTAMP', 'TIME', 'UUID', 'JSON', 'BLOB'],
  sqlserver: ['int', 'bigint', 'smallint', 'tinyint', 'bit', 'decimal', 'float', 'nvarchar', 'varchar', 'nchar', 'char', 'nvarchar(max)', 'date', 'datetime2', 'datetimeoffset', 'time', 'uniqueidentifier', 'varbinary'],
  oracle: ['NUMBER', 'VARCHAR2', 'NVARCHAR2', 'CHAR', 'CLOB', 'DATE', 'TIMESTAMP', 'BLOB', 'RAW', 'FLOAT'],
};

const INDEX_METHODS: Partial<Record<TableEditEngine, string[]>> = {
  postgresql: ['btree', 'hash', 'gin', 'gist', 'brin'],
  mysql: ['BTREE', 'HASH'],
};

/**
 * Every index method the DDL may name per engine (issue 24 point 5): the offered ones, the built-in
 * others, MySQL's index kinds written as methods, SQL Server's clustering. Engines without a list
 * take none besides what the edited table already has.
 */
const ALLOWED_INDEX_METHODS: Partial<Record<TableEditEngine, string[]>> = {
  postgresql: ['btree', 'hash', 'gin', 'gist', 'brin', 'spgist'],
  mysql: ['BTREE', 'HASH', 'FULLTEXT', 'SPATIAL', 'RTREE'],
  sqlserver: ['CLUSTERED', 'NONCLUSTERED'],
};

/** The methods an edit may use: the engine's, and those the original table's indexes already use (extension methods such as pgvector's). */
export function allowedIndexMethods(engine: TableEditEngine, original: { indexes: { method?: string | null }[] } | null | undefined): string[] {
  const existing = (original?.indexes ?? []).map((ix) => ix.method).filter((m): m is string => !!m && /^[A-Za-z_][A-Za-z0-9_]*$/.test(m));
  return [...(ALLOWED_INDEX_METHODS[engine] ?? []), ...existing];
}

/** Integer key type and text column type of a new table. */
const STARTER_TYPES: Record<TableEditEngine, [key: string, text: string]> = {
  postgresql: ['integer', 'varchar(255)'],
  mysql: ['int', 'varchar(255)'],
  sqlite: ['INTEGER', 'TEXT'],
  duckdb: ['int', 'varchar(255)'],
  sqlserver: ['int', 'varchar(255)'],
  oracle: ['NUMBER', 'VARCHAR2(255)'],
};

const MYSQL_ENGINES = ['InnoDB', 'MyISAM', 'MEMORY', 'Aria', 'ARCHIVE', 'CSV'];
const MYSQL_CHARSETS = ['utf8mb4', 'utf8mb3', 'latin1', 'ascii', 'binary', 'gbk', 'big5'];

const column = (over: Partial<TableEditColumn>): TableEditColumn => ({
  name: '', type: '', nullable: true, default: null, comment: null, autoIncrement: false, identity: null, primaryKey: false, ...over,
});

export function engineOffer(engine: TableEditEngine): EngineOffer {
  const [keyType, textType] = STARTER_TYPES[engine];
  const mysql = engine === 'mysql';
  return {
    engine,
    columnTypes: COLUMN_TYPES[engine],
    indexKinds: mysql ? ['INDEX', 'UNIQUE', 'FULLTEXT'] : ['INDEX', 'UNIQUE'],
    indexMethods: INDEX_METHODS[engine] ?? [],
    comments: engine !== 'sqlite' && engine !== 'duckdb',
    tableOptions: mysql ? { engines: MYSQL_ENGINES, charsets: MYSQL_CHARSETS } : null,
    collations: [],
    indexInclude: engine === 'postgresql',
    indexPrefixLength: mysql,
    sparseColumns: engine === 'sqlserver',
    newKeyColumn: column({ name: 'id', type: keyType, nullable: false, autoIncrement: true, primaryKey: true }),
    newColumn: column({ type: textType }),
  };
}

/** Index just past the parenthesis that closes the first `(` of `text`, skipping quoted text. */
function afterBody(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\' && quote !== '`') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The table options of a MySQL `SHOW CREATE TABLE` text: `) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=…`. */
export function mysqlTableOptions(createTable: string): TableEditOptions {
  const end = afterBody(createTable);
  if (end < 0) return {};
  // COMMENT='…' comes after the options we read and may hold any text.
  const tail = createTable.slice(end).split(/\bCOMMENT\s*=/i)[0]!;
  const pick = (re: RegExp) => re.exec(tail)?.[1];
  const out: TableEditOptions = {};
  const engine = pick(/\bENGINE\s*=\s*(\w+)/i);
  const charset = pick(/\bCHARSET\s*=\s*(\w+)/i) ?? pick(/\bCHARACTER SET\s*=?\s*(\w+)/i);
  const collation = pick(/\bCOLLATE\s*=?\s*(\w+)/i);
  const autoIncrement = pick(/\bAUTO_INCREMENT\s*=\s*(\d+)/i);
  if (engine) out.engine = engine;
  if (charset) out.charset = charset;
  if (collation) out.collation = collation;
  if (autoIncrement) out.autoIncrement = autoIncrement;
  return out;
}
