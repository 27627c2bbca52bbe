/**
 * Real engines for the round-trip tests: a fresh database (or file) per side, reached through the
 * AskDB driver, so the catalog read and the statements run exactly as the server would run them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseType } from '@askdb/contracts';
import { driverFor, type Catalog, type Connection, type ConnectionConfig } from '@askdb/drivers';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Engine } from './spec.js';

export interface Side {
  exec(sql: string): Promise<void>;
  rows(sql: string): Promise<(string | null)[][]>;
  catalog(): Promise<Catalog>;
  dispose(): Promise<void>;
}

export interface EngineHarness {
  engine: Engine;
  type: DatabaseType;
  available(): Promise<string | null>;
  open(): Promise<Side>;
}

export const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_URL = process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

let counter = 0;
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${++counter}`;
}

/** A Side over a driver connection; `cleanup` removes the database or file afterwards. */
function sideOf(conn: Connection, loc: { databaseName?: string; schemaName?: string }, cleanup: () => Promise<void>): Side {
  const run = async (sql: string) => {
    const rows: (string | null)[][] = [];
    for await (const e of conn.execute(sql, loc)) {
      if (e.type === 'rows') rows.push(...e.rows);
      if (e.type === 'done' && !e.success) throw new Error(`${e.message}\n--- in statement:\n${sql}`);
    }
    return rows;
  };
  return {
    exec: async (sql) => { await run(sql); },
    rows: run,
    catalog: () => conn.metadata.catalog(loc),
    dispose: async () => {
      await conn.close();
      await cleanup();
    },
  };
}

async function reachable(open: () => Promise<{ end(): Promise<void> }>): Promise<string | null> {
  try {
    const c = await open();
    await c.end();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

async function driverMissing(type: DatabaseType): Promise<string | null> {
  try {
    await driverFor(type);
    return null;
  } catch (err) {
    return `no ${type} driver yet: ${(err as Error).message}`;
  }
}

export const postgresHarness: EngineHarness = {
  engine: 'postgresql',
  type: 'POSTGRESQL',
  available: async () => (await driverMissing('POSTGRESQL')) ?? reachable(async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    return c;
  }),
  async open() {
    const name = uniqueName('askdb_sd');
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    const config: ConnectionConfig = {
      alias: name, type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: name,
    };
    const conn = await (await driverFor('POSTGRESQL')).connect(config);
    return sideOf(conn, { databaseName: name, schemaName: 'public' }, async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
  },
};

export const mariadbHarness: EngineHarness = {
  engine: 'mysql',
  type: 'MARIADB',
  available: async () => (await driverMissing('MARIADB')) ?? reachable(() => mysql.createConnection(MYSQL_URL)),
  async open() {
    const name = uniqueName('askdb_sd');
    const admin = await mysql.createConnection(MYSQL_URL);
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    const url = new URL(MYSQL_URL);
    const config: ConnectionConfig = {
      alias: name, type: 'MARIADB', host: url.hostname, port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password), databaseName: name,
    };
    const conn = await (await driverFor('MARIADB')).connect(config);
    return sideOf(conn, { databaseName: name }, async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    });
  },
};

function fileHarness(engine: Engine, type: DatabaseType, ext: string, loc: (file: string) => { databaseName?: string; schemaName?: string }): EngineHarness {
  return {
    engine,
    type,
    available: () => driverMissing(type),
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'askdb-sd-'));
      const file = join(dir, `db.${ext}`);
      const conn = await (await driverFor(type)).connect({ alias: 'sd', type, filePath: file, options: { create: 'true' } });
      return sideOf(conn, loc(file), async () => rmSync(dir, { recursive: true, force: true }));
    },
  };
}

export const sqliteHarness = fileHarness('sqlite', 'SQLITE', 'sqlite', () => ({ databaseName: 'main' }));
export const duckdbHarness = fileHarness('duckdb', 'DUCKDB', 'duckdb', () => ({ databaseName: 'db', schemaName: 'main' }));

/** When services are required (CI), a missing one fails instead of skipping. */
export function requireServices(): boolean {
  return process.env.ASKDB_REQUIRE_SERVICES === '1';
}
