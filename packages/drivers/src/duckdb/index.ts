/** The DuckDB driver: a database file (or :memory:) opened with @duckdb/node-api. */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { messageOf } from '../shared/network-errors.js';
import { databaseFilePath, realFilePath } from '../shared/file-path.js';
import { DuckdbConnection } from './connection.js';
import { INSTANCE_SETTINGS, applySandbox } from './sandbox.js';

export const duckdbDriver: DatabaseDriver = {
  types: ['DUCKDB'],
  async connect(config: ConnectionConfig) {
    const path = databaseFilePath(config);
    const options = config.options ?? {};
    const memory = path === ':memory:';
    if (!memory && options.create !== 'true' && !fs.existsSync(path)) throw driverError('FILE_NOT_FOUND', { path });
    const settings: Record<string, string> = { ...INSTANCE_SETTINGS, ...(options.readonly === 'true' ? { access_mode: 'READ_ONLY' } : {}) };
    try {
      // Connections to one file share one instance (DuckDB locks a file per instance).
      const instance = memory ? await DuckDBInstance.create(path, settings) : await DuckDBInstance.fromCache(path, settings);
      const conn = await instance.connect();
      if (config.fileAccess) {
        await applySandbox(conn, memory ? null : realFilePath(path), config.fileAccess).catch((err: unknown) => {
          conn.closeSync();
          throw err;
        });
      }
      return new DuckdbConnection(conn, dialectFor('DUCKDB'), () => { if (memory) instance.closeSync(); });
    } catch (err) {
      const text = messageOf(err);
      if (/No such file|cannot open|IO Error/i.test(text)) throw driverError('FILE_NOT_FOUND', { path }, text);
      throw new DriverError(text, 'QUERY_FAILED', text, { reason: text });
    }
  },
};

export default duckdbDriver;
