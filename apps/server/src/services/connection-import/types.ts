/** What every connection-file reader gives back: inputs to create, and what it left out and why. */
import type { DataSourceInput, SkippedConnection, SkippedField } from '@askdb/contracts';

export interface ParsedFile {
  connections: DataSourceInput[];
  skipped: SkippedConnection[];
  skippedFields: SkippedField[];
}

export class ConnectionFileError extends Error {}

export function emptyParsed(): ParsedFile {
  return { connections: [], skipped: [], skippedFields: [] };
}

/** `jdbc:…` URLs as DataGrip and DBeaver write them: type, host, port, database. */
export function parseJdbcUrl(url: string): { kind: string; host?: string; port?: number; databaseName?: string; filePath?: string } | null {
  const m = /^jdbc:([a-z0-9]+)(?::([a-z]+))?:(.*)$/i.exec(url.trim());
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  const rest = m[3]!;
  if (kind === 'sqlite' || kind === 'duckdb') return { kind, filePath: rest.replace(/^\/\/+/, '/') };
  if (kind === 'sqlserver') {
    const s = /^\/\/([^:;/]+)(?::(\d+))?(.*)$/.exec(rest);
    if (!s) return { kind };
    const db = /;\s*(?:databaseName|database)=([^;]+)/i.exec(s[3] ?? '');
    return { kind, host: s[1], port: s[2] ? Number(s[2]) : undefined, databaseName: db?.[1] };
  }
  if (kind === 'oracle') {
    const o = /@(?:\/\/)?([^:/]+)(?::(\d+))?[:/]([^?]+)/.exec(rest);
    return o ? { kind, host: o[1], port: o[2] ? Number(o[2]) : undefined, databaseName: o[3] } : { kind };
  }
  const u = /^\/\/([^:/?]+|\[[^\]]+\])(?::(\d+))?(?:\/([^?;]*))?/.exec(rest);
  if (!u) return { kind };
  return { kind, host: u[1], port: u[2] ? Number(u[2]) : undefined, databaseName: u[3] ? decodeURIComponent(u[3]) : undefined };
}

/** Driver / provider names used by other tools → the spec's database type. */
export const TYPE_ALIASES: Record<string, DataSourceInput['type']> = {
  postgresql: 'POSTGRESQL', postgres: 'POSTGRESQL', pg: 'POSTGRESQL', 'postgres-jdbc': 'POSTGRESQL', redshift: 'REDSHIFT', cockroachdb: 'COCKROACHDB', cockroach: 'COCKROACHDB',
  greenplum: 'POSTGRESQL', kingbase: 'KINGBASE', kingbase8: 'KINGBASE', opengauss: 'OPENGAUSS', gaussdb: 'GAUSSDB',
  mysql: 'MYSQL', mysql8: 'MYSQL', mysql5: 'MYSQL', mariadb: 'MARIADB', tidb: 'TIDB', oceanbase: 'OCEANBASE', doris: 'DORIS', starrocks: 'STARROCKS',
  sqlite: 'SQLITE', sqlite_jdbc: 'SQLITE', 'sqlite-jdbc': 'SQLITE', duckdb: 'DUCKDB', oracle: 'ORACLE', oracle_thin: 'ORACLE',
  sqlserver: 'SQLSERVER', mssql: 'SQLSERVER', microsoft: 'SQLSERVER', jtds: 'SQLSERVER', 'sqlserver.jb': 'SQLSERVER', azure: 'SQLSERVER',
  clickhouse: 'CLICKHOUSE', 'clickhouse-com': 'CLICKHOUSE', mongodb: 'MONGODB', mongo: 'MONGODB', redis: 'REDIS', h2: 'H2', db2: 'DB2', hive: 'HIVE',
  snowflake: 'SNOWFLAKE', bigquery: 'BIGQUERY', presto: 'PRESTO', dm: 'DM', dameng: 'DM',
};

/** The first alias found for any of the names (lower-cased, with and without a version suffix). */
export function typeFrom(...names: (string | undefined | null)[]): DataSourceInput['type'] | null {
  for (const raw of names) {
    if (!raw) continue;
    const n = raw.toLowerCase().trim();
    if (TYPE_ALIASES[n]) return TYPE_ALIASES[n]!;
    const base = n.replace(/[-_.\s]?\d+(\.\d+)*$/, '').replace(/-jdbc$|_jdbc$|\.jb$/, '');
    if (TYPE_ALIASES[base]) return TYPE_ALIASES[base]!;
  }
  return null;
}
