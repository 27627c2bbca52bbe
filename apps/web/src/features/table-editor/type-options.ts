/** Column type suggestions per engine family (free text is allowed too). */
import type { EngineFamily } from '@askdb/schema-diff';

const TYPES: Record<EngineFamily, string[]> = {
  postgresql: ['integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision', 'boolean', 'varchar', 'char', 'text', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'uuid', 'json', 'jsonb', 'bytea', 'inet'],
  mysql: ['int', 'bigint', 'tinyint', 'smallint', 'decimal', 'float', 'double', 'bit', 'varchar', 'char', 'text', 'mediumtext', 'longtext', 'date', 'datetime', 'timestamp', 'time', 'year', 'json', 'blob', 'enum'],
  sqlite: ['INTEGER', 'TEXT', 'REAL', 'NUMERIC', 'BLOB', 'VARCHAR', 'BOOLEAN', 'DATE', 'DATETIME', 'DECIMAL'],
  duckdb: ['INTEGER', 'BIGINT', 'DOUBLE', 'DECIMAL', 'BOOLEAN', 'VARCHAR', 'DATE', 'TIMESTAMP', 'TIME', 'UUID', 'JSON', 'BLOB'],
  sqlserver: ['int', 'bigint', 'smallint', 'tinyint', 'bit', 'decimal', 'float', 'nvarchar', 'varchar', 'nchar', 'char', 'nvarchar(max)', 'date', 'datetime2', 'datetimeoffset', 'time', 'uniqueidentifier', 'varbinary'],
  oracle: ['NUMBER', 'VARCHAR2', 'NVARCHAR2', 'CHAR', 'CLOB', 'DATE', 'TIMESTAMP', 'BLOB', 'RAW', 'FLOAT'],
};

export function typeOptions(family: EngineFamily | null): string[] {
  return family ? TYPES[family] : TYPES.mysql;
}

export const MYSQL_ENGINES = ['InnoDB', 'MyISAM', 'MEMORY', 'Aria', 'ARCHIVE', 'CSV'];
export const MYSQL_CHARSETS = ['utf8mb4', 'utf8mb3', 'latin1', 'ascii', 'binary', 'gbk', 'big5'];
