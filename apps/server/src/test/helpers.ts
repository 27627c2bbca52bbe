/** Test helpers: an app on a temporary ASKDB_HOME, driven with Fastify's inject (real store, real drivers). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../app.js';
import { configFromEnv, type AppConfig } from '../config.js';

export interface TestApp extends BuiltApp {
  home: string;
  close(): Promise<void>;
  json<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: { success: boolean; data: T; errorCode?: string; errorMessage?: string; errorDetail?: string } }>;
}

export async function testApp(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const home = overrides.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-test-'));
  // Replicas of one deployment share ASKDB_SECRET (a sealed password written by one is read by the other).
  const shared = overrides.mode === 'server' && !env.ASKDB_SECRET && overrides.secret === undefined ? { secret: 'askdb-test-replicas-share-one-secret-0001' } : {};
  const config = { ...configFromEnv({ ...env, ASKDB_HOME: home }), logLevel: 'silent', ...shared, ...overrides, home };
  const built = await buildApp(config, { logger: false });
  return {
    ...built,
    home,
    async close() {
      await built.app.close();
      if (!overrides.home) fs.rmSync(home, { recursive: true, force: true });
    },
    async json(method, url, body, headers) {
      const res = await built.app.inject({ method: method as 'GET', url, payload: body as object | undefined, headers });
      return { status: res.statusCode, body: res.json() };
    },
  };
}

export const PG_URL = process.env.ASKDB_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The data source input for a database on the test PostgreSQL server (as its user, unless another is named). */
export function pgSourceInput(alias: string, databaseName: string, user?: string) {
  const server = new URL(PG_URL);
  return {
    alias, type: 'POSTGRESQL', host: server.hostname, port: Number(server.port || 5432),
    user: user ?? decodeURIComponent(server.username || 'postgres'), password: decodeURIComponent(server.password), databaseName,
  };
}

/** Runs a script (one or more statements) on a database of the test PostgreSQL server, on a connection of its own. */
export async function runOnPgDatabase(database: string, script: string): Promise<void> {
  const { default: pg } = await import('pg');
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(script);
  } finally {
    await c.end();
  }
}

/** A database of its own on the test PostgreSQL server, for one test file: created, filled with a script, dropped. */
export async function scratchPgDatabase(prefix: string, script?: string): Promise<{ name: string; adminQuery(text: string, params?: unknown[]): Promise<unknown>; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (script) await runOnPgDatabase(name, script);
  return {
    name,
    /** A statement on the server's own database (e.g. terminating a backend). */
    adminQuery: (text, params) => admin.query(text, params),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');

/** Runs SQL (several statements allowed) on the test MariaDB server as its admin, on a connection of its own; answers the first result. */
export async function mysqlAdmin<T = unknown>(sql: string, params: unknown[] = []): Promise<T> {
  const { default: mysql } = await import('mysql2/promise');
  const c = await mysql.createConnection({ host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), multipleStatements: true });
  try {
    return (await c.query(sql, params))[0] as T;
  } finally {
    await c.end();
  }
}

/** The data source input for a database on the test MariaDB server, as its admin. */
export function mariadbSourceInput(alias: string, databaseName: string) {
  return { alias, type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), databaseName };
}
