/** The SQLite driver: a database file opened with better-sqlite3. */
import Database from 'better-sqlite3';
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { messageOf } from '../shared/network-errors.js';
import { databaseFilePath } from '../shared/file-path.js';
import { SqliteConnection } from './connection.js';

export const sqliteDriver: DatabaseDriver = {
  types: ['SQLITE'],
  async connect(config: ConnectionConfig) {
    const path = databaseFilePath(config);
    const options = config.options ?? {};
    let db: Database.Database;
    try {
      db = new Database(path, {
        fileMustExist: options.create !== 'true' && path !== ':memory:',
        readonly: options.readonly === 'true',
        timeout: 5000,
      });
    } catch (err) {
      const text = messageOf(err);
      if (/unable to open|does not exist|SQLITE_CANTOPEN|directory does not exist/i.test(text)) throw driverError('FILE_NOT_FOUND', { path }, text);
      throw new DriverError(text, 'QUERY_FAILED', text, { reason: text });
    }
    try {
      // A file that is not a database fails here, not at the first query.
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      if (options.foreign_keys !== 'off') db.pragma('foreign_keys = ON');
    } catch (err) {
      db.close();
      const text = messageOf(err);
      throw new DriverError(`"${path}" is not a SQLite database: ${text}`, 'FILE_NOT_FOUND', text, { path });
    }
    return new SqliteConnection(db, dialectFor('SQLITE'), config.fileAccess);
  },
};

export default sqliteDriver;
