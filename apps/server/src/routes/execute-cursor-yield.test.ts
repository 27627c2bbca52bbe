/**
 * A call without a console session whose result is longer than its page keeps a pooled connection
 * behind a cursor (for the next pages). When such cursors fill the pool, the user's next request
 * does not wait for them to expire: the oldest gives its connection up, and a fetch on it says it
 * expired and the statement should be run again. The newer cursors still page on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('pooled result cursors give their connection up to a waiting request', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let id: number;
  const exec = (sql: string) => t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql, pageSize: 10 });
  const fetch = (cursorId: string, lang?: string) => t.json('POST', '/api/rdb/dml/fetch', { cursorId, limit: 10 }, lang ? { 'accept-language': lang } : undefined);

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_cursor_yield', 'create table t as select g from generate_series(1, 500) g');
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', { ...pgSourceInput('yield', db.name), poolSize: 3, poolPerUser: 2 })).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('the oldest cursor is closed for the next request; a newer one pages on', async () => {
    const first = await exec('select g from t order by g');
    const second = await exec('select g * 2 from t order by 1');
    expect(first.body.data[0]).toMatchObject({ hasMore: true, cursorId: expect.any(String) });
    expect(second.body.data[0]).toMatchObject({ hasMore: true, cursorId: expect.any(String) });
    // Both of the user's pooled connections sit behind cursors; this one needs a connection too, and gets one.
    const third = await exec('select count(*) from t');
    expect(third.body.data[0]).toMatchObject({ success: true, dataList: [['500']] });
    // The oldest cursor is gone, and says so in the user's language.
    const gone = await fetch(first.body.data[0].cursorId, 'zh-CN');
    expect(gone.status).toBe(404);
    expect(gone.body.errorMessage).toBe('结果游标已过期，请重新执行语句');
    // The newer one still reads its next page.
    const next = await fetch(second.body.data[0].cursorId);
    expect(next.body.data.dataList.map((r: string[]) => r[0])).toEqual(['22', '24', '26', '28', '30', '32', '34', '36', '38', '40']);
  });
});
