/** The DuckDB driver: a database file (or :memory:) opened with @duckdb/node-api. */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { messageOf } from '../shared/network-errors.js';
import { DuckdbConnection } from './connection.js';

export function duckdbPath(config: ConnectionConfig): string {
  const raw = config.filePath || config.url?.replace(/^(duckdb|file):(\/\/)?/i, '') || '';
  if (!raw) throw driverError('CONFIG_INVALID', { reason: 'the database file path is missing' });
  return raw;
}

export const duckdbDriver: DatabaseDriver = {
  types: ['DUCKDB'],
  async connect(config: ConnectionConfig) {
    const path = duckdbPath(config);
    const options = config.options ?? {};
    const memory = path === ':memory:';
    if (!memory && options.create !== 'true' && !fs.existsSync(path)) throw driverError('FILE_NOT_FOUND', { path });
    const settings: Record<string, string> = options.readonly === 'true' ? { access_mode: 'READ_ONLY' } : {};
    try {
      // Connections to one file share one instance (DuckDB locks a file per instance).
      const instance = memory ? await DuckDBInstance.create(path, settings) : await DuckDBInstance.fromCache(path, settings);
      const conn = await instance.connect();
      return new DuckdbConnection(conn, dialectFor('DUCKDB'), () => { if (memory) instance.closeSync(); });
    } catch (err) {
      const text = messageOf(err);
      if (/No such file|cannot open|IO Error/i.test(text)) throw driverError('FILE_NOT_FOUND', { path }, text);
      throw new DriverError(text, 'QUERY_FAILED', text, { reason: text });
    }
  },
};

export default duckdbDriver;
