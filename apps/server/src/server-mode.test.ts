import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, PG_URL, type TestApp } from './test/helpers.js';

describe('server mode on a PostgreSQL store', () => {
  const dbName = `askdb_store_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let t: TestApp;
  const url = () => {
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    return u.toString();
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    t = await testApp({ mode: 'server', databaseUrl: url(), demo: false });
  });
  afterAll(async () => {
    await t?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('runs the same migrations on PostgreSQL', async () => {
    const c = new pg.Client({ connectionString: url() });
    await c.connect();
    const r = await c.query(`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
    await c.end();
    expect(r.rows.map((x) => x.table_name)).toEqual(expect.arrayContaining(['data_sources', 'consoles', 'console_drafts', 'ds_groups', 'users', 'kv', 'kysely_migration']));
  });

  it('answers /api/system without a login and reports server mode', async () => {
    const r = await t.json('GET', '/api/system');
    expect(r.body.data.mode).toBe('server');
  });

  it('every other API route needs a login (401 NeedLoggedIn)', async () => {
    for (const [m, u] of [['GET', '/api/connection/datasource/list'], ['POST', '/api/rdb/dml/execute'], ['GET', '/api/operation/saved/list']] as const) {
      const r = await t.json(m, u, m === 'POST' ? { sql: 'select 1', dataSourceId: 1 } : undefined);
      expect(r.status).toBe(401);
      expect(r.body.errorCode).toBe('NeedLoggedIn');
    }
  });

  it('the store works across a second replica on the same database', async () => {
    await t.deps.kv.set('app', 'probe', 'from-replica-1');
    const second = await testApp({ mode: 'server', databaseUrl: url(), demo: false });
    expect(await second.deps.kv.get('app', 'probe')).toBe('from-replica-1');
    await second.close();
  });
});
