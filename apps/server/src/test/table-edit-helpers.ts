/**
 * The table editor's API as its tests call it (edit_model, edit_sql, then running the statements
 * through dml/execute), and scratch MariaDB / PostgreSQL databases to apply them on.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TableEditColumn, TableEditModel, TableEditModelResult } from '@askdb/contracts';
import { pgSourceInput, PG_URL, type TestApp } from './helpers.js';

export interface Place { dataSourceId: number; databaseName?: string; schemaName?: string }
export type Statement = { success: boolean; message: string; dataList: (string | null)[][] };

const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const requireServices = process.env.ASKDB_REQUIRE_SERVICES === '1';

export const col = (m: TableEditModel, name: string) => m.columns.find((c) => c.name === name)!;
export const withColumn = (m: TableEditModel, name: string, patch: Partial<TableEditColumn>): TableEditModel => ({ ...m, columns: m.columns.map((c) => (c.name === name ? { ...c, ...patch } : c)) });

export function tableEditApi(t: () => TestApp) {
  const createSource = async (body: object) => (await t().json('POST', '/api/connection/datasource/create', body)).body.data as number;
  const model = async (p: Place, tableName?: string) => {
    const r = await t().json<TableEditModelResult>('POST', '/api/rdb/table/edit_model', { ...p, tableName });
    expect(r.status, r.body.errorMessage).toBe(200);
    return r.body.data;
  };
  const editSql = (p: Place, body: object) => t().json<{ statements: string[] }>('POST', '/api/rdb/table/edit_sql', { ...p, ...body });
  async function execute(p: Place, sql: string): Promise<Statement[]> {
    const r = await t().json<Statement[]>('POST', '/api/rdb/dml/execute', { ...p, sql, errorContinue: false });
    expect(r.status).toBe(200);
    return r.body.data;
  }
  async function apply(p: Place, statements: string[]): Promise<void> {
    const results = await execute(p, statements.map((s) => `${s};`).join('\n'));
    expect(results.filter((x) => !x.success).map((x) => x.message)).toEqual([]);
  }

  /** A MariaDB data source and a new database on it; null (skip) when MariaDB is not running and services are not required. */
  async function mariaDb(db: string): Promise<{ place: Place; drop: () => Promise<void> } | null> {
    const ds = await createSource({ alias: `${db} mariadb`, type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) });
    const r = await t().json<Statement[]>('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: `CREATE DATABASE ${db} CHARACTER SET utf8mb4` });
    if (!r.body.success || !r.body.data[0]!.success) {
      if (requireServices) throw new Error(`MariaDB is not available: ${r.body.errorMessage ?? r.body.data?.[0]?.message}`);
      return null;
    }
    return { place: { dataSourceId: ds, databaseName: db }, drop: async () => void (await t().json('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: `DROP DATABASE IF EXISTS ${db}` })) };
  }

  /** A PostgreSQL database and a data source on it; null (skip) when PostgreSQL is not running and services are not required. */
  async function postgres(db: string): Promise<{ place: Place; drop: () => Promise<void> } | null> {
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (e) {
      if (requireServices) throw e;
      return null;
    }
    await admin.query(`CREATE DATABASE ${db}`);
    const place = { dataSourceId: await createSource(pgSourceInput(`${db} pg`, db)), databaseName: db, schemaName: 'public' };
    return {
      place,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await admin.end();
      },
    };
  }

  return { createSource, model, editSql, execute, apply, mariaDb, postgres };
}

/**
 * In the calling describe: a scratch database made before its tests (`make`, null when the engine is not
 * running) and dropped after them. `up` says whether it is there; `place` is where the tests work.
 */
export function scratchPlace(make: () => Promise<{ place: Place; drop(): Promise<void> } | null>): { readonly place: Place; readonly up: boolean } {
  const state: { place: Place | null; drop: (() => Promise<void>) | null } = { place: null, drop: null };
  beforeAll(async () => {
    const scratch = await make();
    if (scratch) Object.assign(state, scratch);
  });
  afterAll(async () => {
    await state.drop?.();
  });
  return { get place() { return state.place!; }, get up() { return state.place !== null; } };
}
