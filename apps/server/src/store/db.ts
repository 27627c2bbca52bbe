/**
 * Opens the app store: SQLite in $ASKDB_HOME (local) or PostgreSQL (server), runs migrations, and
 * refuses — with a clear message, never a silent reset — a store that is corrupt or newer than us.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import type { StoreSchema } from './schema.js';
import { migrations, type StoreDialect } from './migrations/index.js';

export type StoreDb = Kysely<StoreSchema>;
export interface Store {
  db: StoreDb;
  dialect: StoreDialect;
  /** The SQLite file (local mode), for writers that open a connection of their own off the main thread. */
  file?: string;
  close(): Promise<void>;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export async function openStore(opts: { home: string; databaseUrl?: string; mode: 'local' | 'server' }): Promise<Store> {
  let db: StoreDb;
  let dialect: StoreDialect;
  let where: string;
  if (opts.mode === 'server') {
    if (!opts.databaseUrl) throw new StoreError('Server mode needs ASKDB_DATABASE_URL=postgres://… for its store.');
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client the server terminates (restart, failover, admin kill) emits 'error' on the pool; without a
    // listener Node would end the process. The pool drops that client and the next query opens a new one.
    pool.on('error', (e) => process.emitWarning(`AskDB store: an idle PostgreSQL connection was closed (${e.message}); it will be reopened`));
    db = new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
    where = 'the PostgreSQL store (ASKDB_DATABASE_URL)';
  } else {
    fs.mkdirSync(opts.home, { recursive: true });
    const file = path.join(opts.home, 'askdb.sqlite');
    const Database = (await import('better-sqlite3')).default;
    let sqlite;
    try {
      sqlite = new Database(file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.prepare('select count(*) from sqlite_master').get();
    } catch (e) {
      throw new StoreError(`The app store ${file} cannot be read (${(e as Error).message}). It may be corrupt: restore it from a backup, or move it away to start with an empty store. Nothing was changed.`);
    }
    db = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
    dialect = 'sqlite';
    where = file;
  }
  try {
    await migrate(db, dialect, where);
  } catch (e) {
    await db.destroy().catch(() => {});
    if (e instanceof StoreError) throw e;
    throw new StoreError(`The app store at ${where} could not be opened: ${(e as Error).message}`);
  }
  return { db, dialect, ...(dialect === 'sqlite' ? { file: where } : {}), close: () => db.destroy() };
}

async function migrate(db: StoreDb, dialect: StoreDialect, where: string): Promise<void> {
  const all = migrations(dialect);
  const known = new Set(Object.keys(all));
  const hasTable = await sql<{ n: number }>`select count(*) as n from ${sql.raw(dialect === 'postgres' ? "information_schema.tables where table_name = 'kysely_migration'" : "sqlite_master where type = 'table' and name = 'kysely_migration'")}`.execute(db);
  if (Number(hasTable.rows[0]?.n ?? 0) > 0) {
    const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const unknown = done.rows.map((r) => r.name).filter((n) => !known.has(n));
    if (unknown.length) {
      throw new StoreError(`The app store at ${where} was written by a newer AskDB (it has migration ${unknown.join(', ')} this version does not know). Upgrade AskDB, or set ASKDB_HOME to another folder. Nothing was changed.`);
    }
    // Every migration already applied (the usual restart): skip the migrator's lock and bookkeeping queries.
    const applied = new Set(done.rows.map((r) => r.name));
    if ([...known].every((n) => applied.has(n))) return;
  }
  const provider: MigrationProvider = { getMigrations: async () => all };
  // Migrations are independent additions written by several people at once (0007 landed before 0006):
  // a store that already ran a later one still gets an earlier one that arrived afterwards.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new StoreError(`Migration ${failed?.migrationName ?? ''} failed on ${where}: ${(error as Error).message}`);
  }
}

export const nowIso = () => new Date().toISOString();
