/** The Oracle driver (oracledb in thin mode: pure JavaScript, no Instant Client). */
import oracledb from 'oracledb';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { resolveTarget } from '../shared/endpoint.js';
import { withConnectTimeout } from '../shared/network-errors.js';
import { DEFAULT_ORACLE_PORT, oracleAttributes, oracleConnectError } from './connect.js';
import { OracleConnection } from './connection.js';

export const oracleDriver: DatabaseDriver = {
  types: ['ORACLE'],
  async connect(config: ConnectionConfig) {
    const target = await resolveTarget(config, DEFAULT_ORACLE_PORT);
    const attrs = oracleAttributes(config, target);
    try {
      const attempt = oracledb.getConnection(attrs);
      const conn = await withConnectTimeout(attempt, { host: target.serverHost, port: target.serverPort, timeoutMs: target.timeoutMs }, (c: oracledb.Connection) => c.close());
      return new OracleConnection(conn, dialectFor('ORACLE'), target.tunnel, target.params.autoCommit !== 'false', attrs.user);
    } catch (err) {
      await target.tunnel?.close();
      throw oracleConnectError(err, target, attrs);
    }
  },
};

export default oracleDriver;
