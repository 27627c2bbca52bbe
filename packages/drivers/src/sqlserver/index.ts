/** The SQL Server driver (mssql over tedious). */
import mssql from 'mssql';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { resolveTarget } from '../shared/endpoint.js';
import { withConnectTimeout } from '../shared/network-errors.js';
import { DEFAULT_SQLSERVER_PORT, sqlServerConfig, sqlServerConnectError } from './connect.js';
import { SqlServerConnection } from './connection.js';

export const sqlServerDriver: DatabaseDriver = {
  types: ['SQLSERVER'],
  async connect(config: ConnectionConfig) {
    const target = await resolveTarget(config, DEFAULT_SQLSERVER_PORT);
    const cfg = sqlServerConfig(config, target);
    const pool = new mssql.ConnectionPool(cfg);
    pool.on('error', () => undefined);
    try {
      await withConnectTimeout(pool.connect(), { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs }, () => pool.close());
      return new SqlServerConnection(pool, dialectFor('SQLSERVER'), target.tunnel, target.database || null);
    } catch (err) {
      void pool.close().catch(() => undefined);
      await target.tunnel?.close();
      throw sqlServerConnectError(err, target, cfg);
    }
  },
};

export default sqlServerDriver;
