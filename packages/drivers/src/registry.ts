/**
 * The spec's DatabaseType → the driver that serves it. Drivers are imported on first use, so the
 * server starts without loading eleven client libraries it may never need.
 */
import type { DatabaseType } from '@askdb/contracts';
import type { DatabaseDriver } from './driver.js';
import { driverError } from './messages.js';

type Loader = () => Promise<DatabaseDriver>;

const postgres: Loader = async () => (await import('./postgres/index.js')).postgresDriver;
const mysql: Loader = async () => (await import('./mysql/index.js')).mysqlDriver;

const LOADERS: Partial<Record<DatabaseType, Loader>> = {
  POSTGRESQL: postgres, COCKROACHDB: postgres, REDSHIFT: postgres, OPENGAUSS: postgres, KINGBASE: postgres, GAUSSDB: postgres,
  MYSQL: mysql, MARIADB: mysql, TIDB: mysql, OCEANBASE: mysql, DORIS: mysql, STARROCKS: mysql,
  SQLITE: async () => (await import('./sqlite/index.js')).sqliteDriver,
  DUCKDB: async () => (await import('./duckdb/index.js')).duckdbDriver,
  REDIS: async () => (await import('./redis/index.js')).redisDriver,
  SQLSERVER: async () => (await import('./sqlserver/index.js')).sqlServerDriver,
  ORACLE: async () => (await import('./oracle/index.js')).oracleDriver,
  CLICKHOUSE: async () => (await import('./clickhouse/index.js')).clickhouseDriver,
  MONGODB: async () => (await import('./mongodb/index.js')).mongoDriver,
};

const loaded = new Map<Loader, Promise<DatabaseDriver>>();

/** Whether AskDB has a driver for the type (the UI can grey out the others). */
export function isSupported(type: DatabaseType): boolean {
  return type in LOADERS;
}

/** The driver for a spec type; DriverError UNSUPPORTED for types without one (DB2, Snowflake, …). */
export async function driverFor(type: DatabaseType): Promise<DatabaseDriver> {
  const loader = LOADERS[type];
  if (!loader) throw driverError('UNSUPPORTED', { type });
  let driver = loaded.get(loader);
  if (!driver) {
    driver = loader();
    loaded.set(loader, driver);
    driver.catch(() => loaded.delete(loader));
  }
  return driver;
}
