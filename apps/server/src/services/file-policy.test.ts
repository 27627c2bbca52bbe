/**
 * Files a SQLite or DuckDB data source may reach: never AskDB's own store and key, in local mode
 * only what the user opened, in server mode only the operator's folders. Real SQLite and DuckDB
 * files, through the API of a real app (local mode) and through the drivers with the policy's
 * FileAccess (server mode, whose store needs PostgreSQL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverFor, type Connection } from '@askdb/drivers';
import { testApp, type TestApp } from '../test/helpers.js';
import { FilePolicy } from './file-policy.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-files-'));
const dataDir = path.join(tmp, 'data');
const elsewhere = path.join(tmp, 'elsewhere');
fs.mkdirSync(dataDir);
fs.mkdirSync(elsewhere);
fs.writeFileSync(path.join(dataDir, 'cities.csv'), 'name,pop\nOslo,709000\n');
fs.writeFileSync(path.join(elsewhere, 'private.csv'), 'secret\nhunter2\n');
const lite = path.join(dataDir, 'shop.sqlite');
const other = path.join(dataDir, 'other.sqlite');
for (const f of [lite, other]) {
  const db = new Database(f);
  db.exec('create table t(a int); insert into t values (1)');
  db.close();
}
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Result = { success: boolean; message: string; dataList: string[][] };

describe('local mode', () => {
  let t: TestApp;
  let liteId: number;
  let duckId: number;
  const run = async (dataSourceId: number, sql: string) =>
    (await t.json('POST', '/api/rdb/dml/execute', { dataSourceId, sql })).body.data as Result[];

  beforeAll(async () => {
    t = await testApp({ demo: true });
    liteId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'shop', type: 'SQLITE', filePath: lite })).body.data;
    duckId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'duck', type: 'DUCKDB', filePath: path.join(dataDir, 'w.duckdb'), options: { create: 'true' } })).body.data;
  });
  afterAll(() => t.close());

  it('refuses a data source on the app store or the key, also through a symlink or a URL, in every route', async () => {
    const store = path.join(t.home, 'askdb.sqlite');
    const link = path.join(elsewhere, 'innocent.sqlite');
    fs.symlinkSync(store, link);
    const attempts = [
      { alias: 'store', type: 'SQLITE', filePath: store },
      { alias: 'link', type: 'SQLITE', filePath: link },
      { alias: 'url', type: 'SQLITE', url: `sqlite://${store}` },
      { alias: 'key', type: 'DUCKDB', filePath: path.join(t.home, 'secret.key') },
      { alias: 'new', type: 'DUCKDB', filePath: path.join(t.home, 'sub', 'new.duckdb'), options: { create: 'true' } },
    ];
    for (const body of attempts) {
      for (const url of ['/api/connection/datasource/create', '/api/connection/datasource/pre_connect']) {
        const r = await t.json('POST', url, body, { 'accept-language': 'ja-JP' });
        expect(r.status, `${url} ${body.alias}`).toBe(403);
        expect(r.body.errorCode).toBe('FILE_NOT_ALLOWED');
        expect(r.body.errorMessage).toContain('秘密鍵');
      }
    }
    const upd = await t.json('POST', '/api/connection/datasource/update', { id: liteId, filePath: link });
    expect(upd.body.errorCode).toBe('FILE_NOT_ALLOWED');
    expect((await run(liteId, 'select a from t'))[0]!.dataList).toEqual([['1']]);
  });

  it('a source stored before the rule (pointing at the store) cannot connect', async () => {
    const local = await t.deps.identity.resolve({} as never);
    const id = await t.deps.dataSources.create({ alias: 'old', type: 'SQLITE', filePath: path.join(t.home, 'askdb.sqlite') }, local.user!.id, local.organizationId);
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select * from data_sources' });
    expect(r.body.success).toBe(false);
    expect(r.body.errorCode).toBe('FILE_NOT_ALLOWED');
  });

  it('the demo data source in $ASKDB_HOME/demo still works', async () => {
    const list = (await t.json('GET', '/api/connection/datasource/list')).body.data.data as { id: number; type: string; alias: string }[];
    const demo = list.find((d) => d.type === 'SQLITE' && d.id !== liteId)!;
    expect((await run(demo.id, 'select count(*) > 0 from sqlite_master'))[0]!.dataList).toEqual([['1']]);
  });

  it('SQLite ATTACH reaches files next to the opened one, never the store, and only by a plain name', async () => {
    const [ok] = await run(liteId, `attach '${other}' as o; select a from o.t; detach o`);
    expect(ok!.success).toBe(true);
    for (const sql of [
      `attach '${path.join(t.home, 'askdb.sqlite')}' as s`,
      `attach database '${path.join(elsewhere, 'x.sqlite')}' as s`,
      `attach 'file:${path.join(t.home, 'askdb.sqlite')}?mode=ro' as s`,
      `attach '${dataDir}/' || '../elsewhere/x.sqlite' as s`,
      `vacuum into '${path.join(elsewhere, 'copy.sqlite')}'`,
    ]) {
      const [r] = await run(liteId, sql);
      expect(r!.success, sql).toBe(false);
      expect(r!.message, sql).toMatch(/Refused to reach the file/);
    }
    const [list] = await run(liteId, 'select name from pragma_database_list order by seq');
    expect(list!.dataList).toEqual([['main']]);
    expect(fs.existsSync(path.join(elsewhere, 'copy.sqlite'))).toBe(false);
    const [ext] = await run(liteId, "select load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')");
    expect(ext!.success).toBe(false);
  });

  it('DuckDB reads files next to its database and says why it refuses any other', async () => {
    const [ok] = await run(duckId, `select pop from read_csv('${path.join(dataDir, 'cities.csv')}')`);
    expect(ok!.dataList).toEqual([['709000']]);
    for (const sql of [
      "select * from read_text('/etc/passwd')",
      `select * from read_csv('${path.join(t.home, 'secret.key')}')`,
      `select * from read_csv('${path.join(elsewhere, 'private.csv')}')`,
      `copy (select 1) to '${path.join(elsewhere, 'out.csv')}'`,
    ]) {
      const [r] = await run(duckId, sql);
      expect(r!.success, sql).toBe(false);
      expect(r!.message, sql).toMatch(/Refused to reach the file/);
    }
    // The refusal inside a result speaks the user's language, in the batch answer and in the stream.
    const zh = (await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: duckId, sql: "select * from read_text('/etc/passwd')" }, { 'accept-language': 'zh-CN' })).body.data as Result[];
    expect(zh[0]!.message).toContain('已拒绝访问文件“/etc/passwd”');
    const ja = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/execute_stream', payload: { dataSourceId: duckId, sql: "select * from read_text('/etc/passwd')" }, headers: { 'accept-language': 'ja-JP' } });
    expect(ja.body).toContain('ファイル「/etc/passwd」へのアクセスを拒否しました');
    // The sandbox cannot be switched off, nor an extension installed.
    for (const sql of ['set enable_external_access = true', "set allowed_directories = ['/']", 'reset lock_configuration', 'install httpfs', 'load httpfs']) {
      const [r] = await run(duckId, sql);
      expect(r!.success, sql).toBe(false);
    }
    const [w] = await run(duckId, 'create table n as select range r from range(1000); select count(*) from n');
    expect(w!.success).toBe(true);
    // The tree still lists its tables under the sandbox.
    const tables = await t.json('GET', `/api/rdb/table/list?dataSourceId=${duckId}&databaseName=w&schemaName=main`);
    expect(tables.body.data.data.map((x: { name: string }) => x.name)).toContain('n');
  });

  it('ASKDB_FILE_DIRS opens more folders (never one holding $ASKDB_HOME), also to an in-memory DuckDB', async () => {
    const local = new FilePolicy({ mode: 'local', home: path.join(tmp, 'home'), fileEngines: false, fileDirs: [elsewhere, tmp, os.tmpdir()] });
    expect(local.access({ type: 'DUCKDB', filePath: ':memory:' })).toEqual({ directories: [fs.realpathSync(elsewhere)], paths: [] });
    const t2 = await testApp({ demo: false }, { ASKDB_FILE_DIRS: elsewhere });
    try {
      const id = (await t2.json('POST', '/api/connection/datasource/create', { alias: 'mem', type: 'DUCKDB', filePath: ':memory:' })).body.data;
      const [ok] = (await t2.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: `select * from read_csv('${path.join(elsewhere, 'private.csv')}')` })).body.data as Result[];
      expect(ok!.dataList).toEqual([['hunter2']]);
      const [no] = (await t2.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: `select * from read_csv('${path.join(dataDir, 'cities.csv')}')` })).body.data as Result[];
      expect(no!.message).toMatch(/Refused to reach the file/);
    } finally {
      await t2.close();
    }
  });
});

describe('server mode', () => {
  const home = path.join(tmp, 'home');
  const server = (fileEngines: boolean, fileDirs: string[]) => new FilePolicy({ mode: 'server', home, fileEngines, fileDirs });

  it('file engines are off unless the operator allows them, then only inside ASKDB_FILE_DIRS', () => {
    expect(() => server(false, [dataDir]).access({ type: 'SQLITE', filePath: lite })).toThrow(/turned off/);
    expect(() => server(false, []).access({ type: 'DUCKDB', filePath: ':memory:' })).toThrow(/turned off/);
    expect(server(false, []).access({ type: 'POSTGRESQL' })).toBeUndefined();
    expect(() => server(true, [dataDir]).access({ type: 'SQLITE', filePath: path.join(elsewhere, 'x.sqlite') })).toThrow(/outside the folders/);
    expect(() => server(true, [dataDir]).access({ type: 'SQLITE', filePath: `${dataDir}/../elsewhere/x.sqlite` })).toThrow(/outside the folders/);
    expect(server(true, [dataDir]).access({ type: 'SQLITE', filePath: lite })).toEqual({ directories: [fs.realpathSync(dataDir)], paths: [] });
    expect(() => server(true, [tmp])).toThrow(/contains ASKDB_HOME/);
  });

  it('DuckDB under the server policy reads only the allowed folders', async () => {
    const access = server(true, [dataDir]).access({ type: 'DUCKDB', filePath: ':memory:' })!;
    const conn = await (await driverFor('DUCKDB')).connect({ alias: 'm', type: 'DUCKDB', filePath: ':memory:', fileAccess: access });
    try {
      expect(await first(conn, `select count(*) from read_csv('${path.join(dataDir, 'cities.csv')}')`)).toMatchObject({ success: true });
      expect(await first(conn, `select * from read_csv('${path.join(elsewhere, 'private.csv')}')`)).toMatchObject({ success: false, message: expect.stringContaining('private.csv') });
    } finally {
      await conn.close();
    }
  });
});

async function first(conn: Connection, sql: string) {
  for await (const ev of conn.execute(sql)) if (ev.type === 'done') return ev;
  return null;
}
