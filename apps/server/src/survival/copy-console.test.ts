/**
 * Issue 23.1's reproductions through the console API: `copy t from stdin` and
 * `copy (select 1) to stdout` ended the server process. Now COPY runs as psql runs it and the
 * server answers after each; a long COPY TO STDOUT pages through a result cursor like a SELECT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('COPY in a PostgreSQL console', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let id: number;
  const exec = async (sql: string, extra: Record<string, unknown> = {}) => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql, pageSize: 100, ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { success: boolean; message: string; updateCount: number | null; headerList: { name: string }[]; dataList: (string | null)[][]; hasMore: boolean; cursorId?: string }[];
  };
  const alive = async () => expect((await t.json('GET', '/api/system')).status).toBe(200);

  beforeAll(async () => {
    t = await testApp();
    db = await scratchPgDatabase('askdb_copycon', 'CREATE TABLE t (id int, name text)');
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('copy pg', db.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('the two statements of the report answer, and the server is still there', async () => {
    const [from] = await exec('copy t from stdin');
    expect(from).toMatchObject({ success: true, updateCount: 0 });
    await alive();
    const [to] = await exec('copy (select 1) to stdout');
    expect(to).toMatchObject({ success: true, dataList: [['1']], message: 'COPY 1' });
    await alive();
  });

  it('a script loads text and CSV blocks up to their \\. lines and shows the table with COPY TO STDOUT', async () => {
    const results = await exec([
      'copy t from stdin;',
      '1\tann',
      '2\t\\N',
      '\\.',
      "copy t (id, name) from stdin with (format csv, header);",
      'id,name',
      '3,"b, c"',
      '\\.',
      'copy t to stdout with (format csv, null \'NULL\');',
    ].join('\n'));
    expect(results.map((r) => [r.success, r.updateCount, r.message])).toEqual([[true, 2, 'COPY 2'], [true, 1, 'COPY 1'], [true, null, 'COPY 3']]);
    expect(results[2]!.headerList.map((h) => h.name)).toEqual(['line']);
    expect(results[2]!.dataList).toEqual([['1,ann'], ['2,NULL'], ['3,"b, c"']]);
    await alive();
  });

  it('a long COPY TO STDOUT keeps the rest behind a cursor, fetched page by page', async () => {
    const [r] = await exec('copy (select g from generate_series(1, 250) g) to stdout');
    expect(r).toMatchObject({ success: true, hasMore: true });
    expect(r!.dataList).toHaveLength(100);
    const next = await t.json('POST', '/api/rdb/dml/fetch', { cursorId: r!.cursorId, limit: 200 });
    expect(next.body.data.dataList).toHaveLength(150);
    expect(next.body.data.dataList.at(-1)).toEqual(['250']);
    expect(next.body.data.hasMore).toBe(false);
    expect((await exec('select 1'))[0]!.dataList).toEqual([['1']]);
  });
});
