import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './test/helpers.js';
import { DEMO_ALIAS } from './services/first-run.js';

describe('app foundation (local mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('GET /api/system answers version and mode in the envelope', async () => {
    const r = await t.json('GET', '/api/system');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { version: expect.any(String), mode: 'local', billing: false } });
  });

  it('an unknown API route is a 404 in the envelope', async () => {
    const r = await t.json('GET', '/api/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body.success).toBe(false);
    expect(r.body.errorCode).toBe('NOT_FOUND');
  });

  it('a body that is not JSON is 400 INVALID_PARAMS', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/connection/datasource/create', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMS' });
  });

  it('a body that fails the schema is 400 INVALID_PARAMS naming the field', async () => {
    const r = await t.json('POST', '/api/connection/datasource/create', { alias: 'x', type: 'NOT_A_DB' });
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('INVALID_PARAMS');
    expect(r.body.errorMessage).toContain('type');
    const r2 = await t.json('POST', '/api/connection/datasource/create', { type: 'SQLITE' });
    expect(r2.body.errorMessage).toContain('alias');
  });

  it('serves an OpenAPI document listing the pinned paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/system', '/api/connection/datasource/create', '/api/rdb/dml/execute', '/api/rdb/table/list', '/api/operation/saved/create']) expect(Object.keys(doc.paths)).toContain(p);
    expect(doc.paths['/api/connection/datasource/create'].post.requestBody).toBeDefined();
  });

  it('first run creates the store, a 0600 secret key and the demo data source', async () => {
    expect(fs.existsSync(path.join(t.home, 'askdb.sqlite'))).toBe(true);
    const mode = fs.statSync(path.join(t.home, 'secret.key')).mode & 0o777;
    expect(mode).toBe(0o600);
    const list = await t.json('GET', '/api/connection/datasource/list?pageNo=1&pageSize=1000');
    const demo = list.body.data.data.find((d: { alias: string }) => d.alias === DEMO_ALIAS);
    expect(demo).toMatchObject({ type: 'SQLITE', hasPermission: true });
    const rows = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: demo.id, sql: 'select (select count(*) from customers) + (select count(*) from products) + (select count(*) from orders) + (select count(*) from order_items) + (select count(*) from categories) as n' });
    expect(rows.body.data[0].success).toBe(true);
    expect(Number(rows.body.data[0].dataList[0][0])).toBeGreaterThan(45_000);
    const views = await t.json('GET', `/api/rdb/view/list?dataSourceId=${demo.id}`);
    expect(views.body.data.map((v: { name: string }) => v.name)).toContain('customer_order_totals');
  });

  it('the language of messages follows Accept-Language', async () => {
    const r = await t.json('GET', '/api/connection/datasource/999999', undefined, { 'accept-language': 'zh-CN' });
    expect(r.status).toBe(404);
    expect(r.body.errorMessage).toContain('数据源');
    const j = await t.json('GET', '/api/connection/datasource/999999', undefined, { 'accept-language': 'ja' });
    expect(j.body.errorMessage).toContain('データソース');
  });
});

describe('store lifecycle', () => {
  it('restarting keeps everything; the demo is not registered twice', async () => {
    const a = await testApp();
    const id = (await a.json('POST', '/api/connection/datasource/create', { alias: 'kept', type: 'SQLITE', filePath: '/tmp/x.db' })).body.data;
    await a.app.close();
    const b = await testApp({ home: a.home });
    const list = (await b.json('GET', '/api/connection/datasource/list?pageSize=100')).body.data.data as { id: number; alias: string }[];
    expect(list.find((d) => d.id === id)?.alias).toBe('kept');
    expect(list.filter((d) => d.alias === DEMO_ALIAS)).toHaveLength(1);
    await b.app.close();
    fs.rmSync(a.home, { recursive: true, force: true });
  });

  it('a corrupt store is refused with a clear message and left untouched', async () => {
    const a = await testApp();
    await a.app.close();
    const file = path.join(a.home, 'askdb.sqlite');
    for (const f of ['askdb.sqlite-wal', 'askdb.sqlite-shm']) fs.rmSync(path.join(a.home, f), { force: true });
    fs.writeFileSync(file, 'this is not a database '.repeat(100));
    const before = fs.readFileSync(file);
    await expect(testApp({ home: a.home })).rejects.toThrow(/cannot be read|corrupt/i);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    fs.rmSync(a.home, { recursive: true, force: true });
  });

  it('a store written by a newer AskDB is refused, never reset', async () => {
    const a = await testApp();
    await a.deps.store.db.insertInto('kysely_migration' as never).values({ name: '9999_future', timestamp: new Date().toISOString() } as never).execute();
    await a.app.close();
    await expect(testApp({ home: a.home })).rejects.toThrow(/newer AskDB/);
    fs.rmSync(a.home, { recursive: true, force: true });
  });
});

describe('serving the web app', () => {
  it('client routes get index.html, a missing asset is a 404, the API keeps its envelope', async () => {
    const web = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'askdb-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>AskDB test page</title>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    const t = await testApp({ webDist: web, demo: false });
    try {
      for (const url of ['/', '/workspace', '/chat', '/team/members']) {
        const r = await t.app.inject({ method: 'GET', url });
        expect(r.statusCode).toBe(200);
        expect(r.body).toContain('AskDB test page');
      }
      const js = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(js.headers['content-type']).toContain('javascript');
      const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
      expect(missing.statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    } finally {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
