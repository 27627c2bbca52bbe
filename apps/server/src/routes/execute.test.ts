import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('execute API on PostgreSQL', () => {
  let t: TestApp;
  let id: number;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_exec');
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', db.name))).body.data;
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('one result per statement, errors do not stop the script by default, values exact', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', {
      dataSourceId: id,
      sql: "create table v(a bigint, b numeric(38,10), c text); insert into v values (9007199254740993, 12345678901234567890.0123456789, 'NULL'), (null, null, null); select * from nope; select a, b, c from v order by a nulls last",
    });
    const res = r.body.data;
    expect(res).toHaveLength(4);
    expect(res[1]).toMatchObject({ success: true, updateCount: 2 });
    expect(res[2].success).toBe(false);
    expect(res[2].message).toMatch(/nope/);
    expect(res[3].dataList).toEqual([['9007199254740993', '12345678901234567890.0123456789', 'NULL'], [null, null, null]]);
    expect(res[3].headerList.map((h: { name: string }) => h.name)).toEqual(['a', 'b', 'c']);
  });

  it('errorContinue false stops at the first failure', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select 1; select * from nope; select 3', errorContinue: false });
    expect(r.body.data.map((x: { success: boolean }) => x.success)).toEqual([true, false]);
  });

  it('a large result gives a first page and a cursor that fetches the rest', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select g from generate_series(1, 1000) g', pageSize: 100 });
    const first = r.body.data[0];
    expect(first.dataList).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    let seen = first.dataList.length;
    let last = first.dataList.at(-1)[0];
    let more = true;
    while (more) {
      const f = await t.json('POST', '/api/rdb/dml/fetch', { cursorId: first.cursorId, limit: 333 });
      seen += f.body.data.dataList.length;
      last = f.body.data.dataList.at(-1)?.[0] ?? last;
      more = f.body.data.hasMore;
    }
    expect(seen).toBe(1000);
    expect(last).toBe('1000');
    const gone = await t.json('POST', '/api/rdb/dml/fetch', { cursorId: first.cursorId, limit: 10 });
    expect(gone.status).toBe(404);
  });

  it('execute_stream sends every row as NDJSON and ends with end', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/execute_stream', payload: { dataSourceId: id, sql: 'select g, md5(g::text) from generate_series(1, 5000) g; select 1/0' } });
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const events = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const rows = events.filter((e) => e.type === 'rows' && e.index === 0).flatMap((e) => e.rows);
    expect(rows).toHaveLength(5000);
    expect(events.find((e) => e.type === 'header')?.headerList[0].name).toBe('g');
    const done = events.filter((e) => e.type === 'done');
    expect(done.map((d) => d.success)).toEqual([true, false]);
    expect(done[1].message).toMatch(/division by zero/);
    expect(events.at(-1)).toEqual({ type: 'end' });
  });

  it('cancel stops a running query in the database', async () => {
    const executionId = `cancel-${Date.now()}`;
    const started = Date.now();
    const running = t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select pg_sleep(30)', executionId });
    await new Promise((r) => setTimeout(r, 700));
    const c = await t.json('POST', '/api/rdb/dml/cancel', { executionId });
    expect(c.body.success).toBe(true);
    const r = await running;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.body.data[0].success).toBe(false);
    expect(r.body.data[0].message).toMatch(/cancel/i);
    const after = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select 2' });
    expect(after.body.data[0].dataList).toEqual([['2']]);
  });

  it('a console keeps its session: BEGIN in one run, ROLLBACK in the next', async () => {
    const consoleId = 4242;
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'create table tx(a int)' });
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'begin; insert into tx values (1)' });
    const inside = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select count(*) from tx' });
    expect(inside.body.data[0].dataList).toEqual([['1']]);
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'rollback' });
    const after = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select count(*) from tx' });
    expect(after.body.data[0].dataList).toEqual([['0']]);
  });

  it('exports CSV and SQL of a whole result', async () => {
    const csv = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/export', payload: { dataSourceId: id, sql: "select g as n, 'a,\"b' as s from generate_series(1,3) g", format: 'csv' } });
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="result_\d+\.csv"/);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['n,s', '1,"a,""b"', '2,"a,""b"', '3,"a,""b"', '']);
    const sql = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/export', payload: { dataSourceId: id, sql: "select 1 as n, 'it''s' as s", format: 'sql', tableName: 'My Table' } });
    expect(sql.body.trim()).toBe(`INSERT INTO "My Table" (n, s) VALUES (1, 'it''s');`);
  });

  it('exports JSON and XLSX files that read back to the same values', async () => {
    const sql = "select g as n, case when g = 2 then null else 'v' || g end as s from generate_series(1,3) g";
    const json = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/export', payload: { dataSourceId: id, sql, format: 'json' } });
    expect(JSON.parse(json.body)).toEqual([{ n: '1', s: 'v1' }, { n: '2', s: null }, { n: '3', s: 'v3' }]);
    const xlsx = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/export', payload: { dataSourceId: id, sql, format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([['n', 's'], ['1', 'v1'], ['2'], ['3', 'v3']]);
  });

  it('a connection killed mid-query ends that result with an error and the next query works', async () => {
    const consoleId = 5151;
    const pidRes = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select pg_backend_pid()' });
    const pid = pidRes.body.data[0].dataList[0][0];
    const running = t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select pg_sleep(20)' });
    await new Promise((r) => setTimeout(r, 600));
    await db.adminQuery('select pg_terminate_backend($1)', [Number(pid)]);
    const r = await running;
    expect(r.body.data[0].success).toBe(false);
    expect(r.body.data[0].message).toMatch(/terminat|connection|lost/i);
    const next = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select 41 + 1' });
    expect(next.body.data[0].dataList).toEqual([['42']]);
  });

  it("a new run in a console takes over the session its previous run's open cursor held", async () => {
    const consoleId = 6161;
    const first = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select g from generate_series(1, 100000) g', pageSize: 50 });
    expect(first.body.data[0].hasMore).toBe(true);
    const started = Date.now();
    const second = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, consoleId, sql: 'select 7' });
    expect(second.body.data[0].dataList).toEqual([['7']]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const stale = await t.json('POST', '/api/rdb/dml/fetch', { cursorId: first.body.data[0].cursorId, limit: 10 });
    expect(stale.status).toBe(404);
  });

  it('a data source that does not exist is 404', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: 987654, sql: 'select 1' });
    expect(r.status).toBe(404);
  });
});
