/**
 * Which files a SQLite or DuckDB data source may open, and which files its statements may reach
 * (the drivers' FileAccess). Paths are compared by real path, so a symlink cannot lead around it.
 *  - Either mode: nothing inside $ASKDB_HOME (the app store, secret.key), except the demo folder.
 *  - Server mode: file engines are off unless ASKDB_FILE_ENGINES=1, and then only files inside
 *    ASKDB_FILE_DIRS; statements reach those folders only.
 *  - Local mode: statements reach the folder of the opened file (or that file alone when the folder
 *    holds $ASKDB_HOME) and the folders of ASKDB_FILE_DIRS that do not hold it; an in-memory
 *    database reaches only the latter.
 */
import path from 'node:path';
import { ERROR_CODES, type DataSourceInput, type Language } from '@askdb/contracts';
import { databaseFilePath, isInside, realFilePath, type FileAccess } from '@askdb/drivers';
import type { AppConfig } from '../config.js';
import { AppError } from '../http/errors.js';
import { msg, type ServerMessageKey } from '../http/messages.js';

const FILE_ENGINES = new Set<string>(['SQLITE', 'DUCKDB']);

/** A refused data source file; `localized` gives the same refusal in the request's language. */
export class FileRefused extends AppError {
  constructor(readonly key: ServerMessageKey, readonly params: Record<string, string>, lang: Language = 'en-US') {
    super(403, ERROR_CODES.FILE_NOT_ALLOWED, msg(lang, key, params));
  }

  localized(lang: Language): FileRefused {
    return new FileRefused(this.key, this.params, lang);
  }
}

export class FilePolicy {
  private readonly home: string;
  private readonly demo: string;
  private readonly dirs: string[];

  constructor(private readonly config: Pick<AppConfig, 'mode' | 'home' | 'fileEngines' | 'fileDirs'>) {
    this.home = realFilePath(config.home);
    this.demo = path.join(this.home, 'demo');
    const dirs = config.fileDirs.map(realFilePath);
    const wide = dirs.find((d) => isInside(this.home, d));
    if (config.mode === 'server' && config.fileEngines && wide) {
      throw new Error(`ASKDB_FILE_DIRS entry "${wide}" contains ASKDB_HOME (${this.home}), which holds the app store and secret key: name folders outside it`);
    }
    this.dirs = dirs.filter((d) => !isInside(this.home, d));
  }

  /**
   * The files a data source's statements may reach (undefined for engines without files); throws
   * FileRefused when it may not open its file at all.
   */
  access(input: Pick<DataSourceInput, 'type' | 'filePath' | 'url'>): FileAccess | undefined {
    if (!FILE_ENGINES.has(input.type)) return undefined;
    const server = this.config.mode === 'server';
    if (server && !this.config.fileEngines) throw new FileRefused('FILE_ENGINES_OFF', {});
    let raw: string;
    try {
      raw = databaseFilePath(input);
    } catch {
      return { directories: [], paths: [] }; // no path: the driver says what is missing
    }
    if (raw === ':memory:') return { directories: this.dirs, paths: [] };
    const file = realFilePath(raw);
    if (this.isProtected(file)) throw new FileRefused('FILE_IN_HOME', { path: raw, home: this.home });
    if (server) {
      if (!this.dirs.some((d) => isInside(file, d))) throw new FileRefused('FILE_OUTSIDE_DIRS', { path: raw, dirs: this.dirs.join(', ') || '—' });
      return { directories: this.dirs, paths: [] };
    }
    const dir = path.dirname(file);
    return isInside(this.home, dir) ? { directories: this.dirs, paths: [file] } : { directories: [dir, ...this.dirs], paths: [] };
  }

  /** Like `access`, for a create/update/test request: the refusal in the user's language. */
  check(input: Pick<DataSourceInput, 'type' | 'filePath' | 'url'>, lang: Language): void {
    try {
      this.access(input);
    } catch (e) {
      throw e instanceof FileRefused ? e.localized(lang) : e;
    }
  }

  private isProtected(file: string): boolean {
    return isInside(file, this.home) && !isInside(file, this.demo);
  }
}
