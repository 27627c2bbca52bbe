/** The database types AskDB can connect to, and how each one's connection dialog looks (spec 02 §3 connection labels). */
import type { DatabaseType } from '@askdb/contracts';

export type FormKind = 'network' | 'file' | 'redis' | 'mongo';
export interface TypeInfo {
  type: DatabaseType;
  label: string;
  kind: FormKind;
  port?: number;
  /** Connection string scheme shown as the placeholder. */
  scheme?: string;
  defaultUser?: string;
  /** Where a database name is asked for (network engines). */
  database?: boolean;
  /**
   * False: the spec lists the type but this build has no driver for it (no maintained npm client);
   * the dialog says so before any connect attempt and offers no Test or Save.
   */
  driver?: false;
}

export const CONNECTION_TYPES: TypeInfo[] = [
  { type: 'POSTGRESQL', label: 'PostgreSQL', kind: 'network', port: 5432, scheme: 'postgresql', defaultUser: 'postgres', database: true },
  { type: 'MYSQL', label: 'MySQL', kind: 'network', port: 3306, scheme: 'mysql', defaultUser: 'root', database: true },
  { type: 'MARIADB', label: 'MariaDB', kind: 'network', port: 3306, scheme: 'mysql', defaultUser: 'root', database: true },
  { type: 'SQLITE', label: 'SQLite', kind: 'file' },
  { type: 'DUCKDB', label: 'DuckDB', kind: 'file' },
  { type: 'SQLSERVER', label: 'SQL Server', kind: 'network', port: 1433, scheme: 'sqlserver', defaultUser: 'sa', database: true },
  { type: 'ORACLE', label: 'Oracle', kind: 'network', port: 1521, scheme: 'oracle', database: true },
  { type: 'CLICKHOUSE', label: 'ClickHouse', kind: 'network', port: 8123, scheme: 'http', defaultUser: 'default', database: true },
  { type: 'REDIS', label: 'Redis', kind: 'redis', port: 6379, scheme: 'redis' },
  { type: 'MONGODB', label: 'MongoDB', kind: 'mongo', port: 27017, scheme: 'mongodb', database: true },
  { type: 'COCKROACHDB', label: 'CockroachDB', kind: 'network', port: 26257, scheme: 'postgresql', defaultUser: 'root', database: true },
  { type: 'REDSHIFT', label: 'Redshift', kind: 'network', port: 5439, scheme: 'postgresql', database: true },
  { type: 'OPENGAUSS', label: 'openGauss', kind: 'network', port: 5432, scheme: 'postgresql', database: true },
  { type: 'GAUSSDB', label: 'GaussDB', kind: 'network', port: 8000, scheme: 'postgresql', database: true },
  { type: 'KINGBASE', label: 'Kingbase', kind: 'network', port: 54321, scheme: 'postgresql', defaultUser: 'system', database: true },
  { type: 'TIDB', label: 'TiDB', kind: 'network', port: 4000, scheme: 'mysql', defaultUser: 'root', database: true },
  { type: 'OCEANBASE', label: 'OceanBase', kind: 'network', port: 2881, scheme: 'mysql', defaultUser: 'root', database: true },
  { type: 'DORIS', label: 'Doris', kind: 'network', port: 9030, scheme: 'mysql', defaultUser: 'root', database: true },
  { type: 'STARROCKS', label: 'StarRocks', kind: 'network', port: 9030, scheme: 'mysql', defaultUser: 'root', database: true },
  // Spec 02 §1 lists these too; no driver ships with this build (no maintained client is installed).
  ...([
    ['OCEANBASE_ORACLE', 'OceanBase (Oracle mode)', 2881], ['DB2', 'DB2', 50000], ['SNOWFLAKE', 'Snowflake', 443], ['HIVE', 'Hive', 10000],
    ['PRESTO', 'Presto', 8080], ['DM', 'DM (Dameng)', 5236], ['H2', 'H2', 9092], ['ELASTICSEARCH', 'Elasticsearch', 9200],
    ['SUNDB', 'SUNDB', 22581], ['KYLIN', 'Kylin', 7070], ['XUGUDB', 'XuguDB', 5138], ['TDENGINE', 'TDengine', 6041],
    ['BIGQUERY', 'BigQuery', 443], ['INFORMIX', 'Informix', 9088], ['GBASE8S', 'GBase 8s', 9088],
  ] as const).map(([type, label, port]): TypeInfo => ({ type, label, kind: 'network', port, database: true, driver: false })),
];

/** Whether this build can connect to the type (the dialog says so before any attempt when it cannot). */
export function hasDriver(type: DatabaseType | string | null | undefined): boolean {
  return typeInfo(type).driver !== false;
}

export function typeInfo(type: DatabaseType | string | null | undefined): TypeInfo {
  return CONNECTION_TYPES.find((t) => t.type === type) ?? { type: (type ?? 'MYSQL') as DatabaseType, label: String(type ?? ''), kind: 'network', database: true };
}
