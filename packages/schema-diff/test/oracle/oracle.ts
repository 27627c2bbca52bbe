/**
 * "Equal means equal" (issue 26): after the sync script runs, the engine's own structure dump of the
 * target equals the source's. Each engine gives a way to load a schema file, read the catalog with
 * its objects through AskDB's driver, run statements, and dump the structure with the engine's tool.
 */
import { execFileSync } from 'node:child_process';
import type { DatabaseType } from '@askdb/contracts';
import { driverFor, type Catalog, type Connection, type ConnectionConfig } from '@askdb/drivers';
import { dialectFor, splitStatements } from '@askdb/sql';
import { afterAll, beforeAll, expect } from 'vitest';
import { syncPlan, type SyncOptions } from '../../src/sync.js';

export interface OracleSide {
  name: string;
  conn: Connection;
  loc: { databaseName?: string; schemaName?: string };
  /** Runs a whole file the way the engine's own client would (psql, mariadb, sqlite3). */
  load(file: string): void;
  dump(): string;
  drop(): Promise<void>;
}

export interface OracleEngine {
  type: DatabaseType;
  open(name: string): Promise<OracleSide>;
}

export async function catalogWithObjects(side: OracleSide): Promise<Catalog> {
  const catalog = await side.conn.metadata.catalog(side.loc);
  const objects = (await side.conn.metadata.schemaObjects?.(side.loc)) ?? [];
  return { ...catalog, objects };
}

export async function exec(side: OracleSide, sql: string): Promise<void> {
  for await (const e of side.conn.execute(sql, side.loc)) {
    if (e.type === 'done' && !e.success) throw new Error(`${e.message}\n--- in statement:\n${sql}`);
  }
}

/** Syncs `target` from `source`, runs the script, and checks the dumps agree and a second diff is empty. */
export async function syncAndCompare(engine: OracleEngine, source: OracleSide, target: OracleSide, options: SyncOptions = {}): Promise<string[]> {
  const sourceCatalog = await catalogWithObjects(source);
  const plan = syncPlan(sourceCatalog, await catalogWithObjects(target), engine.type, options);
  expect(splitStatements(plan.text, dialectFor(engine.type)).map((s) => s.sql.trim())).toEqual(plan.statements.map((s) => s.trim()));
  for (const s of plan.statements) await exec(target, s);
  expect(target.dump()).toEqual(source.dump());
  const again = syncPlan(sourceCatalog, await catalogWithObjects(target), engine.type, options);
  expect(again.statements, 'second diff after running the script').toEqual([]);
  return plan.statements;
}

export const PG_URL = new URL(process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
export const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/');

const pgEnv = () => ({ ...process.env, PGHOST: PG_URL.hostname, PGPORT: PG_URL.port || '5432', PGUSER: decodeURIComponent(PG_URL.username || 'postgres'), PGPASSWORD: decodeURIComponent(PG_URL.password) });

export const postgresOracle: OracleEngine = {
  type: 'POSTGRESQL',
  async open(name) {
    execFileSync('psql', ['-X', '-q', '-d', 'postgres', '-c', `CREATE DATABASE ${name}`], { env: pgEnv() });
    const config: ConnectionConfig = { alias: name, type: 'POSTGRESQL', host: PG_URL.hostname, port: Number(PG_URL.port || 5432), user: decodeURIComponent(PG_URL.username || 'postgres'), password: decodeURIComponent(PG_URL.password), databaseName: name };
    const conn = await (await driverFor('POSTGRESQL')).connect(config);
    return {
      name, conn, loc: { databaseName: name, schemaName: 'public' },
      load: (file) => void execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', name, '-f', file], { env: pgEnv() }),
      dump: () => normalisePgDump(execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '-d', name], { env: pgEnv(), maxBuffer: 64 << 20 }).toString()),
      async drop() {
        await conn.close();
        execFileSync('psql', ['-X', '-q', '-d', 'postgres', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { env: pgEnv() });
      },
    };
  },
};

/** pg_dump text without what differs between two equal databases: comments naming the dump, SET lines, blank runs. */
export function normalisePgDump(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^--/.test(l) && !/^SET /.test(l) && !/^SELECT pg_catalog\.set_config/.test(l) && !/^\\(un)?restrict /.test(l))
    .join('\n')
    .replace(/\n{2,}/g, '\n\n')
    .trim();
}

const myArgs = () => ['-h', MYSQL_URL.hostname, '-P', MYSQL_URL.port || '3306', '-u', decodeURIComponent(MYSQL_URL.username || 'root'), ...(MYSQL_URL.password ? [`-p${decodeURIComponent(MYSQL_URL.password)}`] : [])];

export const mariadbOracle: OracleEngine = {
  type: 'MARIADB',
  async open(name) {
    execFileSync('mariadb', [...myArgs(), '-e', `CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`]);
    const config: ConnectionConfig = { alias: name, type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), databaseName: name };
    const conn = await (await driverFor('MARIADB')).connect(config);
    return {
      name, conn, loc: { databaseName: name },
      load: (file) => void execFileSync('sh', ['-c', `mariadb ${myArgs().map((a) => `'${a}'`).join(' ')} ${name} < '${file}'`]),
      dump: () => normaliseMysqlDump(execFileSync('mariadb-dump', [...myArgs(), '--no-data', '--routines', '--triggers', '--events', '--skip-dump-date', '--skip-comments', '--skip-add-drop-table', name], { maxBuffer: 64 << 20 }).toString()),
      async drop() {
        await conn.close();
        execFileSync('mariadb', [...myArgs(), '-e', `DROP DATABASE IF EXISTS ${name}`]);
      },
    };
  },
};

/**
 * mysqldump text without what differs between equal databases: definers, auto-increment counters, and
 * the session a routine was created in (client character set, sql_mode), which is the creating
 * connection's, not the schema's.
 */
export function normaliseMysqlDump(text: string): string {
  return text
    .replace(/^\/\*!5000[13] SET (character_set_client|character_set_results|collation_connection|sql_mode) .*$/gm, '')
    .replace(/ DEFINER=`[^`]*`@`[^`]*`/g, '')
    .replace(/ AUTO_INCREMENT=\d+/g, '')
    .split('\n')
    .filter((l) => !/^\/\*!40\d{3} SET /.test(l) && !/^\/\*!50503 SET /.test(l) && !/^SET /.test(l) && l.trim() !== '')
    .join('\n')
    .trim();
}

let n = 0;
export const oracleName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${++n}`;

/**
 * The databases a suite opens (each dropped after it), and one holding the kitchen-sink schema loaded
 * by the engine's own client. Call inside `describe`.
 */
export function oracleSides(engine: OracleEngine, kitchenFile: string): { open(): Promise<OracleSide>; kitchen(): OracleSide } {
  const sides: OracleSide[] = [];
  let kitchen: OracleSide | undefined;
  const open = async () => {
    const s = await engine.open(oracleName('askdb_or'));
    sides.push(s);
    return s;
  };
  beforeAll(async () => {
    kitchen = await open();
    kitchen.load(kitchenFile);
  }, 60_000);
  afterAll(async () => {
    for (const s of sides) await s.drop();
  });
  return { open, kitchen: () => kitchen! };
}

/** Why the engine's server cannot be used here (null when it can); with ASKDB_REQUIRE_SERVICES=1 that is a failure. */
export async function unavailable(engine: OracleEngine, label: string): Promise<string | null> {
  const missing = await engine.open(oracleName('askdb_or_probe')).then((s) => s.drop().then(() => null), (e: Error) => e.message);
  if (missing && process.env.ASKDB_REQUIRE_SERVICES === '1') throw new Error(`${label} is required: ${missing}`);
  return missing;
}
