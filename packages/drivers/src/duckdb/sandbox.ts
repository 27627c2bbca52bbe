/**
 * DuckDB's own file sandbox. Every instance starts without extension auto-install or auto-load;
 * with a FileAccess, the first connection to an instance also limits it to the allowed folders and
 * files (allowed_directories / allowed_paths), turns external access off and locks the
 * configuration, so no statement can SET its way out, INSTALL or LOAD an extension, or read, copy
 * to or attach any other file. A refused statement gets our own message naming the file.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DriverError, FileAccess } from '../driver.js';
import { driverError } from '../messages.js';

/** Settings every instance is created with. */
export const INSTANCE_SETTINGS: Record<string, string> = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
};

const list = (items: string[]) => `[${items.map((i) => `'${i.replaceAll("'", "''")}'`).join(', ')}]`;

/** Applies `access` to the connection's instance, once (a locked instance already has it). */
export async function applySandbox(conn: DuckDBConnection, dbFile: string | null, access: FileAccess): Promise<void> {
  const locked = await conn.runAndReadAll("SELECT current_setting('lock_configuration')");
  if (locked.getRows()[0]?.[0] === true) return;
  // DuckDB writes its own file and write-ahead log through the same checks.
  const paths = [...access.paths, ...(dbFile ? [dbFile, `${dbFile}.wal`] : [])];
  // A trailing separator: '/data' must not also allow '/data-secret'.
  const dirs = access.directories.map((d) => (d.endsWith('/') ? d : `${d}/`));
  await conn.run(
    `SET allowed_directories = ${list(dirs)}; SET allowed_paths = ${list(paths)};` +
    ' SET enable_external_access = false; SET lock_configuration = true;',
  );
}

/** DuckDB's "Permission Error: Cannot access file "x" …" (or directory, or an extension) as our refusal (FILE_NOT_ALLOWED). */
export function permissionFailure(text: string): DriverError | null {
  if (!/^Permission Error/.test(text)) return null;
  const m = /Cannot access (?:file|directory) "([^"]*)"/.exec(text);
  const what = m?.[1] ?? (/extension/i.test(text) ? 'extension' : text.replace(/^Permission Error:\s*/, '').split('\n')[0]!);
  return driverError('FILE_NOT_ALLOWED', { path: what });
}
