/** Where a file-based data source (SQLite, DuckDB) keeps its database, and what its FileAccess allows. */
import fs from 'node:fs';
import path from 'node:path';
import type { ConnectionConfig, FileAccess } from '../driver.js';
import { driverError } from '../messages.js';

/** The file from `filePath`, or from a `sqlite:` / `duckdb:` / `file:` URL. */
export function databaseFilePath(config: Pick<ConnectionConfig, 'filePath' | 'url'>): string {
  const raw = config.filePath || config.url?.replace(/^(sqlite3?|duckdb|file):(\/\/)?/i, '') || '';
  if (!raw) throw driverError('CONFIG_INVALID', { reason: 'the database file path is missing' });
  return raw;
}

/** The real path of a file that may not exist yet: symlinks of its nearest existing ancestor resolved. */
export function realFilePath(file: string): string {
  const rest: string[] = [];
  for (let p = path.resolve(file); ; p = path.dirname(p)) {
    try {
      return path.join(fs.realpathSync.native(p), ...rest);
    } catch {
      if (path.dirname(p) === p) return path.resolve(file);
      rest.unshift(path.basename(p));
    }
  }
}

/** `file` is `dir` or lies under it (both absolute). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** Whether `access` lets a statement reach `file` (resolved to its real path first). */
export function fileAllowed(access: FileAccess, file: string): boolean {
  const real = realFilePath(file);
  return access.paths.includes(real) || access.directories.some((d) => isInside(real, d));
}
