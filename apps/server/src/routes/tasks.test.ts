/**
 * Import / export tasks end to end (issue 18 point 3) on real PostgreSQL and MariaDB: uploads through
 * the multipart route, the task runs through the job queue, progress and per-row errors through
 * /api/task/get, the rows checked in the database itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { CSV_HEADER, csvRows, multipart, upload, waitTask, zipOf } from '../test/task-helpers.js';
import { xlsBuffer } from '../test/xls-files.js';
import { guardZip } from '../services/tasks/xlsx.js';

const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const MDB = `askdb_tasks_${process.pid}`;

describe('import / export tasks', () => {
  let t: TestApp;
  let pgDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let pg: number;
  let maria: number;

  const sql = async (ds: number, text: string, databaseName?: string) => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: text, databaseName, pageSize: 1000 });
    const res = r.body.data?.[0];
    if (!res?.success) throw new Error(`${text}: ${JSON.stringify(r.body)}`);
    return res.dataList as (string | null)[][];
  };
  const start = async (body: Record<string, unknown>) => {
    const r = await t.json('POST', '/api/task/import', body);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data as TaskView;
  };

  beforeAll(async () => {
    t = await testApp({ demo: true });
    pgDb = await scratchPgDatabase('askdb_tasks');
    pg = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('tasks pg', pgDb.name))).body.data;
    maria = (await t.json('POST', '/api/connection/datasource/create', { alias: 'tasks maria', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) })).body.data;
    await sql(maria, `DROP DATABASE IF EXISTS ${MDB}`);
    await sql(maria, `CREATE DATABASE ${MDB}`);
  }, 60_000);
  afterAll(async () => {
    await sql(maria, `DROP DATABASE IF EXISTS ${MDB}`).catch(() => undefined);
    await t.close();
    await pgDb.drop();
  });

  it('imports 100,000 CSV rows into a new PostgreSQL table in batches, with progress visible while it runs', async () => {
    const id = await upload(t, 'big.csv', Buffer.from(CSV_HEADER + csvRows(100_000)));
    const preview = (await t.json('POST', '/api/task/import/preview', { uploadId: id, format: 'csv', dataSourceId: pg })).body.data;
    expect(preview.columns).toEqual([{ name: 'id', type: 'integer' }, { name: 'name', type: 'text' }, { name: 'amount', type: 'numeric' }, { name: 'created', type: 'date' }]);
    expect(preview.rows[0]).toEqual(['1', 'name 1, the 1th', '1.25', '2024-01-02']);
    const task = await start({ uploadId: id, dataSourceId: pg, schemaName: 'public', format: 'csv', tableName: 'big', batchSize: 2000 });
    const seen: TaskView[] = [];
    const done = await waitTask(t, task.id, seen);
    expect(done).toMatchObject({ state: 'DONE', committedRows: 100_000, failedRows: 0, percent: 100, error: null });
    expect(seen.some((v) => v.state === 'RUNNING' && v.committedRows > 0 && v.committedRows < 100_000)).toBe(true);
    expect(await sql(pg, 'select count(*), sum(id), max(name) from big')).toEqual([['100000', '5000050000', 'name 99999, the 4th']]);
    const list = (await t.json('GET', '/api/task/list')).body.data;
    expect(list.data[0]).toMatchObject({ id: task.id, kind: 'IMPORT', state: 'DONE' });
  }, 120_000);

  it('imports 100,000 CSV rows into MariaDB', async () => {
    const id = await upload(t, 'big.csv', Buffer.from(CSV_HEADER + csvRows(100_000, 1, '\r\n')));
    const task = await start({ uploadId: id, dataSourceId: maria, databaseName: MDB, format: 'csv', tableName: 'big' });
    const done = await waitTask(t, task.id);
    expect(done).toMatchObject({ state: 'DONE', committedRows: 100_000, failedRows: 0 });
    expect(await sql(maria, `select count(*), sum(id), max(amount) from ${MDB}.big`)).toEqual([['100000', '5000050000', '125000.0000']]);
  }, 120_000);

  it('reports a wrong column count on row N; the other rows land, or with skipBadRows off the batches before it only', async () => {
    const body = CSV_HEADER + csvRows(5000) + '5001,"short row"\n' + csvRows(4999, 5002);
    const skip = await waitTask(t, (await start({ uploadId: await upload(t, 'bad.csv', Buffer.from(body)), dataSourceId: pg, format: 'csv', tableName: 'bad_skip', batchSize: 1000 })).id);
    expect(skip).toMatchObject({ state: 'DONE', committedRows: 9999, failedRows: 1, rowErrors: [{ row: 5001, message: 'wrong column count: 2 instead of 4' }] });
    expect(await sql(pg, 'select count(*) from bad_skip where id = 5001')).toEqual([['0']]);
    const strict = await waitTask(t, (await start({ uploadId: await upload(t, 'bad.csv', Buffer.from(body)), dataSourceId: pg, format: 'csv', tableName: 'bad_strict', batchSize: 1000, skipBadRows: false })).id);
    expect(strict.state).toBe('FAILED');
    expect(strict.error).toContain('row 5001');
    expect(strict.committedRows).toBe(5000);
    expect(await sql(pg, 'select count(*) from bad_strict')).toEqual([['5000']]);
  }, 60_000);

  it('reports rows that are not valid UTF-8, and reads them right in the encoding the user names', async () => {
    const file = Buffer.concat([Buffer.from('id,city\n1,Paris\n2,'), Buffer.from([0x4d, 0xe9, 0x78, 0x69, 0x63, 0x6f]), Buffer.from('\n3,Oslo\n')]);
    const utf8 = await waitTask(t, (await start({ uploadId: await upload(t, 'latin.csv', file), dataSourceId: pg, format: 'csv', tableName: 'enc_utf8' })).id);
    expect(utf8).toMatchObject({ state: 'DONE', committedRows: 2, failedRows: 1, rowErrors: [{ row: 2, message: 'bad encoding (not valid utf-8)' }] });
    const latin = await waitTask(t, (await start({ uploadId: await upload(t, 'latin.csv', file), dataSourceId: pg, format: 'csv', tableName: 'enc_latin', encoding: 'latin1' })).id);
    expect(latin).toMatchObject({ state: 'DONE', committedRows: 3 });
    expect(await sql(pg, 'select city from enc_latin where id = 2')).toEqual([['México']]);
  }, 60_000);

  it('stops a cancelled import between batches: the table holds exactly the rows the task says landed', async () => {
    const id = await upload(t, 'cancel.csv', Buffer.from(CSV_HEADER + csvRows(100_000)));
    const task = await start({ uploadId: id, dataSourceId: pg, format: 'csv', tableName: 'cancelled', batchSize: 500 });
    let asked = false;
    const end = await waitTask(t, task.id, [], {}, async (v) => {
      if (!asked && v.committedRows >= 10_000) {
        asked = true;
        expect((await t.json('POST', '/api/task/cancel', { id: task.id })).body.success).toBe(true);
      }
    });
    expect(end.state).toBe('STOPPED');
    expect(end.committedRows).toBeGreaterThanOrEqual(10_000);
    expect(end.committedRows).toBeLessThan(100_000);
    expect(await sql(pg, 'select count(*) from cancelled')).toEqual([[String(end.committedRows)]]);
    expect((await t.json('POST', '/api/task/cancel', { id: task.id })).status).toBe(409);
  }, 120_000);

  it('imports JSON into an existing table with a column mapping, and XLSX into a new one', async () => {
    await sql(pg, 'create table people (pid int primary key, full_name text, age int)');
    const json = JSON.stringify([{ n: 'Ann', a: 31, x: 1 }, { n: 'Bob', a: null, x: 2 }, { n: 'Cy', a: 'old', x: 3 }]);
    const j = await waitTask(t, (await start({ uploadId: await upload(t, 'p.json', Buffer.from(json)), dataSourceId: pg, format: 'json', tableName: 'people', mode: 'existing', mapping: [{ source: 0, target: 'full_name' }, { source: 1, target: 'age' }, { source: 2, target: 'pid' }] })).id);
    expect(j).toMatchObject({ state: 'DONE', committedRows: 2, failedRows: 1 });
    expect(j.rowErrors[0]!.row).toBe(3);
    expect(j.rowErrors[0]!.message).toMatch(/integer/);
    expect(await sql(pg, 'select pid, full_name, age from people order by pid')).toEqual([['1', 'Ann', '31'], ['2', 'Bob', null]]);
    // A value too long for varchar(5) is reported, never cut.
    await sql(pg, 'create table codes (code varchar(5))');
    const v = await waitTask(t, (await start({ uploadId: await upload(t, 'c.csv', Buffer.from('code\nabc\nabcdefgh\nxyz\n')), dataSourceId: pg, format: 'csv', tableName: 'codes', mode: 'existing' })).id);
    expect(v).toMatchObject({ state: 'DONE', committedRows: 2, failedRows: 1 });
    expect(v.rowErrors[0]).toMatchObject({ row: 2, message: expect.stringMatching(/too long/) });
    expect(await sql(pg, 'select code from codes order by code')).toEqual([['abc'], ['xyz']]);

    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['sku', 'qty']);
    for (let i = 1; i <= 300; i++) ws.addRow([`S-${i}`, i]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await waitTask(t, (await start({ uploadId: await upload(t, 'stock.xlsx', xlsx), dataSourceId: maria, databaseName: MDB, format: 'xlsx', tableName: 'stock' })).id);
    expect(x).toMatchObject({ state: 'DONE', committedRows: 300 });
    expect(await sql(maria, `select count(*), sum(qty) from ${MDB}.stock`)).toEqual([['300', '45150']]);
  }, 60_000);

  it('imports a legacy .xls: the upload is recognised as a spreadsheet and its rows land in the table', async () => {
    const xls = xlsBuffer([{ name: 'S', rows: [['sku', 'qty'], ...Array.from({ length: 40 }, (_, i) => [`X-${i + 1}`, i + 1])] }]);
    const m = multipart('stock-old.xls', xls);
    const up = (await t.app.inject({ method: 'POST', url: '/api/task/upload', payload: m.payload, headers: m.headers })).json();
    expect(up.data.format).toBe('xlsx');
    const x = await waitTask(t, (await start({ uploadId: up.data.uploadId, dataSourceId: pg, schemaName: 'public', format: 'xlsx', tableName: 'stock_old' })).id);
    expect(x).toMatchObject({ state: 'DONE', committedRows: 40 });
  }, 60_000);

  it('refuses an xlsx zip bomb, by its directory and by what it really inflates to', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1024 * 1024, 0x20), declare: 0x7fffffff }]);
    const r = await t.json('POST', '/api/task/import/preview', { uploadId: await upload(t, 'bomb.xlsx', bomb), format: 'xlsx' });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toMatch(/would expand to 2147483647 bytes/);
    const task = await waitTask(t, (await start({ uploadId: await upload(t, 'bomb.xlsx', bomb), dataSourceId: pg, format: 'xlsx', tableName: 'bomb' })).id);
    expect(task.state).toBe('FAILED');
    expect(task.error).toMatch(/expand/);
    // A directory that lies (says 10 bytes) is caught while inflating.
    const liar = path.join(t.home, 'liar.xlsx');
    fs.writeFileSync(liar, zipOf([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(4 * 1024 * 1024, 0x41), declare: 10 }]));
    await expect(guardZip(liar, 1024 * 1024)).rejects.toThrow(/expands past 1048576 bytes/);
  }, 60_000);

  it('exports a table and a query to files the owner downloads; a dump of the demo shop re-imports into an empty database with the same rows', async () => {
    const csv = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: pg, schemaName: 'public', target: 'table', tableName: 'people', format: 'csv' })).body.data.id);
    expect(csv).toMatchObject({ state: 'DONE', committedRows: 2, downloadable: true });
    const file = await t.app.inject({ method: 'GET', url: `/api/task/download?id=${csv.id}` });
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="people_\d+\.csv"/);
    expect(file.body).toBe('\uFEFFpid,full_name,age\r\n1,Ann,31\r\n2,Bob,\r\n');
    const json = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: maria, target: 'query', sql: `select sku, qty from ${MDB}.stock where qty <= 2 order by qty`, format: 'json' })).body.data.id);
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `/api/task/download?id=${json.id}` })).body)).toEqual([{ sku: 'S-1', qty: '1' }, { sku: 'S-2', qty: '2' }]);

    const xlsx = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: pg, schemaName: 'public', target: 'table', tableName: 'people', format: 'xlsx' })).body.data.id);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await t.app.inject({ method: 'GET', url: `/api/task/download?id=${xlsx.id}` })).rawPayload as never);
    expect(wb.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([['pid', 'full_name', 'age'], ['1', 'Ann', '31'], ['2', 'Bob']]);
    const inserts = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: maria, databaseName: MDB, target: 'database', format: 'sql' })).body.data.id);
    const script = (await t.app.inject({ method: 'GET', url: `/api/task/download?id=${inserts.id}` })).body;
    expect(script).not.toContain('CREATE TABLE');
    expect(script).toContain(`INSERT INTO \`${MDB}\`.\`stock\` (\`sku\`, \`qty\`) VALUES\n('S-1', 1),`);
    const csvDb = await t.json('POST', '/api/task/export', { dataSourceId: pg, target: 'database', format: 'csv' }, { 'accept-language': 'zh-CN' });
    expect(csvDb.status).toBe(400);
    expect(csvDb.body.errorMessage).toBe('整个数据库只能导出为 SQL INSERT 语句或 SQL 转储');
    const one = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: pg, schemaName: 'public', target: 'table', tableName: 'people', format: 'dump' })).body.data.id);
    const tableDump = (await t.app.inject({ method: 'GET', url: `/api/task/download?id=${one.id}` })).body;
    expect(tableDump).toMatch(/^CREATE TABLE "public"\."people" \(/);
    expect(tableDump).toContain(`INSERT INTO "public"."people" ("pid", "full_name", "age") VALUES\n(1, 'Ann', 31),\n(2, 'Bob', NULL);`);

    const list = (await t.json('GET', '/api/connection/datasource/list?pageSize=50')).body.data.data as { id: number; type: string }[];
    const demo = list.find((d) => d.type === 'SQLITE')!.id;
    const dump = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: demo, target: 'database', format: 'dump' })).body.data.id);
    expect(dump.state, dump.error ?? '').toBe('DONE');
    const text = (await t.app.inject({ method: 'GET', url: `/api/task/download?id=${dump.id}` })).body;
    expect(text.indexOf('CREATE TABLE categories')).toBeLessThan(text.indexOf('CREATE TABLE products'));
    const emptyFile = path.join(t.home, 'demo', 'copy.sqlite');
    fs.writeFileSync(emptyFile, '');
    const copy = (await t.json('POST', '/api/connection/datasource/create', { alias: 'copy', type: 'SQLITE', filePath: emptyFile })).body.data;
    const back = await waitTask(t, (await start({ uploadId: await upload(t, 'shop.sql', Buffer.from(text)), dataSourceId: copy, format: 'sql' })).id);
    expect(back.state, back.error ?? '').toBe('DONE');
    for (const table of ['categories', 'customers', 'products', 'orders', 'order_items']) {
      const q = `select * from ${table} order by 1`;
      expect(await sql(copy, q), table).toEqual(await sql(demo, q));
    }
    expect((await sql(copy, 'select count(*) from orders'))[0]).toEqual(['15000']);
  }, 120_000);

  it('keeps tasks to their creator: another user gets 404 for get, cancel and download', async () => {
    const { TaskService } = await import('../services/tasks/service.js');
    const s = new TaskService(t.deps);
    const [mine] = (await s.repo.list(...(await ownerIds()), { offset: 0, limit: 1 })).rows;
    expect(mine).toBeTruthy();
    expect(await s.owned({ organizationId: mine!.organizationId, userId: mine!.userId + 1000 }, mine!.id)).toBeNull();
    expect(await s.owned({ organizationId: mine!.organizationId + 1000, userId: mine!.userId }, mine!.id)).toBeNull();
    expect(await s.owned({ organizationId: mine!.organizationId, userId: mine!.userId }, mine!.id)).not.toBeNull();
    expect((await t.json('GET', '/api/task/get?id=987654')).status).toBe(404);
  });

  const ownerIds = async (): Promise<[number, number]> => {
    const r = await t.deps.store.db.selectFrom('users').select(['id', 'current_org_id']).orderBy('id').executeTakeFirstOrThrow();
    return [Number(r.current_org_id), Number(r.id)];
  };
});
