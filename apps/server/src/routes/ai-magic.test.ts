/**
 * Magic prompts (spec 02 §7): mapping a question to tables and example questions over the demo shop
 * (local mode), the Excel/CSV check without a chat, and (server mode) another organisation's member
 * refused on a team's data source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { multipart } from '../test/chat-v2-helpers.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { nowIso } from '../store/db.js';
import { keptFiles } from '../services/files/kept-files.js';

const check = async (t: TestApp, files: { name: string; content: Buffer | string }[], headers: Record<string, string> = {}) => {
  const m = multipart(files);
  const res = await t.app.inject({ method: 'POST', url: '/api/ai/magic/excel/check', payload: m.payload, headers: { ...m.headers, ...headers } });
  return { status: res.statusCode, body: res.json() };
};

describe('magic prompts over the demo shop (local mode)', () => {
  let t: TestApp;
  let demo: number;
  beforeAll(async () => {
    t = await testApp({ mode: 'local', demo: true });
    demo = Number(await t.deps.kv.get('app', 'demoRegistered'));
  }, 60_000);
  afterAll(async () => t?.close());

  it('maps "total of orders per customer" to the orders table, with its columns', async () => {
    const r = await t.json('POST', '/api/ai/magic/mapping/tables', { dataSourceId: demo, question: 'total of orders per customer' });
    expect(r.status).toBe(200);
    const names = r.body.data.map((x: { tableName: string }) => x.tableName);
    expect(names).toContain('orders');
    expect(names.length).toBeLessThanOrEqual(10);
    expect(r.body.data.find((x: { tableName: string }) => x.tableName === 'orders').columns.length).toBeGreaterThan(0);
  });

  it('gives up to five example questions in the request language, naming the shop tables', async () => {
    const zh = await t.json('GET', `/api/ai/magic/example?dataSourceId=${demo}`, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(200);
    const qs: string[] = zh.body.data;
    expect(qs.length).toBeGreaterThan(0);
    expect(qs.length).toBeLessThanOrEqual(5);
    expect(qs.some((q) => /^每个 \w+ 的 \w+ 数量$/.test(q))).toBe(true);
    expect(qs.join(' ')).toMatch(/orders|order_items/);
    const en = await t.json('GET', `/api/ai/magic/example?dataSourceId=${demo}`, undefined, { 'accept-language': 'en-US' });
    expect(en.body.data).toHaveLength(qs.length);
    expect(en.body.data.every((q: string) => !/[\u4e00-\u9fff]/.test(q))).toBe(true);
    // Deterministic: the same schema gives the same questions.
    expect((await t.json('GET', `/api/ai/magic/example?dataSourceId=${demo}`, undefined, { 'accept-language': 'zh-CN' })).body.data).toEqual(qs);
  });

  it('checks a small CSV without keeping it, and refuses a corrupt xlsx with the chat upload message', async () => {
    const ok = await check(t, [{ name: 'people.csv', content: 'name,age,city\nAda,36,London\nLinus,28,Helsinki\n' }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ fileName: 'people.csv', type: 'csv', sheets: [{ name: 'people.csv', rows: 3, columns: 3 }] });
    expect(await keptFiles(t.deps, 'chat-upload')).toEqual({ stored: [], onDisk: [] });
    const corrupt = await check(t, [{ name: 'broken.xlsx', content: Buffer.from('PK\u0003\u0004 this is not a workbook') }]);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.errorMessage).toMatch(/could not be read as an Excel workbook/);
    const txt = await check(t, [{ name: 'notes.txt', content: 'a,b' }]);
    expect(txt.body.errorMessage).toBe('Only xlsx, xls or csv files can be uploaded');
  });
});

describe('magic prompts (server mode)', () => {
  let t: TestApp;
  let team: TeamFixture;
  let drop: (() => Promise<void>) | undefined;
  let source: number;
  beforeAll(async () => {
    const scratch = await scratchPgDatabase('askdb_magic');
    drop = scratch.drop;
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    team = await makeTeam(t, 'Magic');
    const now = nowIso();
    source = (await t.deps.store.db.insertInto('data_sources').values({ alias: 'warehouse', type: 'POSTGRESQL', config_json: '{}', secret_enc: null, owner_id: team.owner.userId, space_id: team.teamId, group_id: null, visibility: 'SHARED', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it("refuses another organisation's member on the team's data source, without data", async () => {
    const map = await as(t, team.outsider, 'POST', '/api/ai/magic/mapping/tables', { dataSourceId: source, question: 'total of orders per customer' });
    expect([403, 404]).toContain(map.status);
    expect(map.body.data).toBeUndefined();
    const ex = await as(t, team.outsider, 'GET', `/api/ai/magic/example?dataSourceId=${source}`);
    expect([403, 404]).toContain(ex.status);
    expect(ex.body.data).toBeUndefined();
  });
});
