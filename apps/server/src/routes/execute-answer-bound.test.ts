/**
 * Issue 23.3 (PostgreSQL and MariaDB): one execute of many statements with a huge pageSize no longer builds an answer of any
 * size. All statements together stay within the answer's bound (ASKDB_EXECUTE_ANSWER_MAX_BYTES, set
 * small here): each statement still runs, results past the bound say `truncated` with a notice in
 * the user's language, and the rest of the last one is fetched page by page, each page bounded too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, mysqlAdmin, mariadbSourceInput, type TestApp } from '../test/helpers.js';

const LIMIT = 2 * 1024 * 1024;
const ROWS = 20_000;
/** A source engine: a scratch database, its data source input, and a query of ROWS rows of two columns. */
interface Engine { name: string; big: string; setUp(): Promise<Record<string, unknown>>; tearDown(): Promise<void> }

function postgres(): Engine {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  return {
    name: 'PostgreSQL',
    big: `select g, md5(g::text) from generate_series(1, ${ROWS}) g`,
    async setUp() {
      db = await scratchPgDatabase('askdb_bound');
      return pgSourceInput('pg', db.name);
    },
    tearDown: () => db.drop(),
  };
}

function mariadb(): Engine {
  const name = `askdb_bound_${process.pid}_${Date.now().toString(36)}`;
  return {
    name: 'MariaDB',
    big: `select seq, md5(seq) from seq_1_to_${ROWS}`,
    async setUp() {
      await mysqlAdmin(`create database ${name}`);
      return mariadbSourceInput('maria', name);
    },
    tearDown: () => mysqlAdmin(`drop database if exists ${name}`),
  };
}

interface Result { success: boolean; dataList: unknown[][]; hasMore: boolean; truncated?: boolean; cursorId?: string; message: string; updateCount: number | null }

describe.each([postgres(), mariadb()])('the size bound of one answer ($name)', (engine) => {
  const BIG = engine.big;
  let t: TestApp;
  let id: number;
  const saved = process.env.ASKDB_EXECUTE_ANSWER_MAX_BYTES;

  beforeAll(async () => {
    process.env.ASKDB_EXECUTE_ANSWER_MAX_BYTES = String(LIMIT);
    const input = await engine.setUp();
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', input)).body.data;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.ASKDB_EXECUTE_ANSWER_MAX_BYTES;
    else process.env.ASKDB_EXECUTE_ANSWER_MAX_BYTES = saved;
    await t.close();
    await engine.tearDown();
  });

  it('twenty big results with pageSize 100,000 come back within the bound, flagged, and every statement runs', async () => {
    const sql = `${Array(20).fill(BIG).join(';\n')};\ncreate table ran_after(x int);\n${BIG}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/execute', payload: { dataSourceId: id, sql, pageSize: 100_000 }, headers: { 'accept-language': 'zh-CN' } });
    // Unbounded, this answer is about 20 MB.
    expect(res.payload.length).toBeLessThan(LIMIT + 256 * 1024);
    const results: Result[] = res.json().data;
    expect(results).toHaveLength(22);
    const selects = results.filter((_, i) => i !== 20);
    // The first results are whole; from the one that hit the bound on, each says it was cut.
    const firstCut = selects.findIndex((r) => r.truncated);
    expect(firstCut).toBeGreaterThan(0);
    for (const r of selects.slice(0, firstCut)) expect(r).toMatchObject({ success: true, hasMore: false });
    for (const r of selects.slice(0, firstCut)) expect(r.dataList).toHaveLength(ROWS);
    for (const r of selects.slice(firstCut)) {
      expect(r).toMatchObject({ success: true, hasMore: true, truncated: true });
      expect(r.dataList.length).toBeLessThan(ROWS);
      expect(r.message).toContain('已达到单次请求的大小上限');
    }
    // A statement after the bound still ran.
    expect(results[20]).toMatchObject({ success: true });
    expect((await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select count(*) from ran_after' })).body.data[0].success).toBe(true);
    // The last result's rows are still there, page by page, each page bounded as well.
    const last = results[21]!;
    expect(last.cursorId).toBeTruthy();
    let seen = last.dataList.length;
    let lastValue = last.dataList.at(-1)?.[0];
    for (let more = true; more;) {
      const f = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/fetch', payload: { cursorId: last.cursorId, limit: 100_000 } });
      expect(f.payload.length).toBeLessThan(LIMIT + 256 * 1024);
      const page = f.json().data as { dataList: string[][]; hasMore: boolean };
      expect(page.dataList.length).toBeGreaterThan(0);
      seen += page.dataList.length;
      lastValue = page.dataList.at(-1)![0];
      more = page.hasMore;
    }
    expect(seen).toBe(ROWS);
    expect(lastValue).toBe(String(ROWS));
  });

  it('an answer within the bound is untouched', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: `${BIG.replace(String(ROWS), '1000')}; select 2`, pageSize: 100_000 });
    expect(r.body.data[0].dataList).toHaveLength(1000);
    expect(r.body.data[0].truncated).toBeUndefined();
    expect(r.body.data[1].dataList).toEqual([['2']]);
  });
});
