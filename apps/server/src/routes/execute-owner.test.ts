/**
 * Result cursors belong to the user who ran the statement (server mode, PostgreSQL store): another
 * user can neither read nor close them, even knowing the id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';

describe('result cursors are their owner\'s', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  let ds = 0;

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_cursor_store');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Cursor');
    ds = (await as(t, f.owner, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('team pg', 'postgres'), visibility: 'SHARED' })).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it('another member cannot fetch or close my cursor; I still can', async () => {
    const run = await as(t, f.owner, 'POST', '/api/rdb/dml/execute', { sql: 'select g from generate_series(1, 1000) g', dataSourceId: ds, pageSize: 10 });
    const cursorId = run.body.data[0].cursorId as string;
    expect(cursorId).toBeTruthy();

    const closeByOther = await as(t, f.operator, 'POST', '/api/rdb/dml/cursor/close', { cursorId });
    expect(closeByOther.status).toBe(200);
    const fetchByOther = await as(t, f.operator, 'POST', '/api/rdb/dml/fetch', { cursorId, limit: 5 });
    expect(fetchByOther.body.success).toBe(false);

    const mine = await as(t, f.owner, 'POST', '/api/rdb/dml/fetch', { cursorId, limit: 5 });
    expect(mine.body.data.dataList.map((r: string[]) => r[0])).toEqual(['11', '12', '13', '14', '15']);

    await as(t, f.owner, 'POST', '/api/rdb/dml/cursor/close', { cursorId });
    const afterClose = await as(t, f.owner, 'POST', '/api/rdb/dml/fetch', { cursorId, limit: 5 });
    expect(afterClose.body.success).toBe(false);
  });
});
