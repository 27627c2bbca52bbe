/**
 * Issue 29 item 20: what the spec-named calls that do real work answer (local mode, a real
 * PostgreSQL database): count, valid_select, get_update_sql, trigger detail, connection close,
 * operation log, countries, data collection get / erase, system_config by code, aliases answering
 * as their target, and the translated refusals of what the product does not offer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('spec-named calls that do real work', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_spec_alias', `
      create table orders (id int primary key, total int, note text);
      insert into orders values (1, 10, 'a'), (2, 20, null), (3, 30, 'c');
      create function bump() returns trigger language plpgsql as $$ begin new.total := new.total + 1; return new; end $$;
      create trigger orders_bump before insert on orders for each row execute function bump();`);
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', db.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });
  const loc = () => ({ dataSourceId: id, databaseName: db.name, schemaName: 'public' });

  it('dml/count counts the rows of one SELECT and refuses anything else', async () => {
    const r = await t.json('POST', '/api/rdb/dml/count', { ...loc(), sql: 'select * from orders where total > 15;' });
    expect(r.body).toMatchObject({ success: true, data: { count: 2 } });
    const del = await t.json('POST', '/api/rdb/dml/count', { ...loc(), sql: 'delete from orders' }, { 'accept-language': 'ja-JP' });
    expect(del.status).toBe(400);
    expect(del.body.errorMessage).toBe('件数を数えられるのは単一の SELECT 文だけです');
    expect((await t.json('POST', '/api/rdb/dml/count', { ...loc(), sql: 'select count(*) from orders' })).body.data.count).toBe(1);
  });

  it('dml/valid_select says whether a text is exactly one SELECT', async () => {
    expect((await t.json('POST', '/api/rdb/dml/valid_select', { sql: 'with x as (select 1) select * from x' })).body.data).toEqual({ valid: true });
    expect((await t.json('POST', '/api/rdb/dml/valid_select', { sql: 'select 1; select 2' })).body.data).toEqual({ valid: false });
    expect((await t.json('POST', '/api/rdb/dml/valid_select', { sql: 'update t set a = 1' })).body.data).toEqual({ valid: false });
  });

  it('dml/get_update_sql writes statements that save edited rows, and they run', async () => {
    const r = await t.json('POST', '/api/rdb/dml/get_update_sql', {
      databaseType: 'POSTGRESQL', schemaName: 'public', tableName: 'orders', keyColumns: ['id'],
      changes: [
        { type: 'MODIFY', oldRow: { id: 2, total: 20, note: null }, newRow: { id: 2, total: 25, note: "it's" } },
        { type: 'DELETE', oldRow: { id: 3 } },
        { type: 'ADD', newRow: { id: 4, total: 40, note: null } },
      ],
    });
    expect(r.body.data.statements).toEqual([
      `UPDATE "public"."orders" SET "total" = 25, "note" = 'it''s' WHERE "id" = 2`,
      'DELETE FROM "public"."orders" WHERE "id" = 3',
      'INSERT INTO "public"."orders" ("id", "total", "note") VALUES (4, 40, NULL)',
    ]);
    const run = await t.json('POST', '/api/rdb/dml/execute_update', { ...loc(), sql: r.body.data.sql });
    expect(run.body.success).toBe(true);
    const rows = await t.json('POST', '/api/rdb/dml/execute', { ...loc(), sql: 'select id, total, note from orders order by id' });
    // The trigger adds 1 to an inserted total.
    expect(rows.body.data[0].dataList).toEqual([['1', '10', 'a'], ['2', '25', "it's"], ['4', '41', null]]);
    const noKey = await t.json('POST', '/api/rdb/dml/get_update_sql', { tableName: 'orders', changes: [{ type: 'DELETE', oldRow: { id: 1 } }] }, { 'accept-language': 'zh-CN' });
    expect(noKey.body.errorMessage).toBe('请指定用于定位行的主键列');
  });

  it('trigger/detail answers one trigger with its definition, and names a missing one', async () => {
    const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(loc()).map(([k, v]) => [k, String(v)])), tableName: 'orders', triggerName: 'orders_bump' });
    const r = await t.json('GET', `/api/rdb/trigger/detail?${q}`);
    expect(r.body.data.name).toBe('orders_bump');
    q.set('triggerName', 'nope');
    const missing = await t.json('GET', `/api/rdb/trigger/detail?${q}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessage).toBe('Trigger nope not found');
  });

  it('connection/close drops pooled connections; the next query opens a new one', async () => {
    const pid = async () => (await t.json('POST', '/api/rdb/dml/execute', { ...loc(), sql: 'select pg_backend_pid()' })).body.data[0].dataList[0][0];
    const before = await pid();
    expect(await pid()).toBe(before);
    expect((await t.json('POST', '/api/connection/close', { dataSourceId: id })).body).toEqual({ success: true, data: true });
    expect(await pid()).not.toBe(before);
    expect((await t.json('POST', '/api/connection/close', { dataSourceId: 999999 })).status).toBe(404);
    const again = await pid();
    expect((await t.json('POST', '/api/connection/datasource/close', { id })).body.data).toBe(true);
    expect(await pid()).not.toBe(again);
  });

  it('operation log: create, list (search, paged), get', async () => {
    const a = (await t.json('POST', '/api/operation/log/create', { ddl: 'select * from orders', dataSourceId: id, useTime: 12 })).body.data;
    const b = (await t.json('POST', '/api/operation/log/create', { ddl: 'delete from orders', dataSourceId: id, status: 'FAILURE' })).body.data;
    expect(b).toBeGreaterThan(a);
    const list = (await t.json('GET', '/api/operation/log/list?searchKey=DELETE')).body.data;
    expect(list.data.map((e: { id: number }) => e.id)).toEqual([b]);
    expect((await t.json('GET', `/api/operation/log/get?id=${a}`)).body.data).toMatchObject({ ddl: 'select * from orders', useTime: 12, status: 'SUCCESS' });
    expect((await t.json('GET', '/api/operation/log/get?id=999')).status).toBe(404);
  });

  it('countries in my language; set_country marks mine', async () => {
    const ja = (await t.json('GET', '/api/oauth/get_countries', undefined, { 'accept-language': 'ja-JP' })).body.data as Array<{ code: string; name: string }>;
    expect(ja.find((c) => c.code === 'JP')?.name).toBe('日本');
    expect(ja.length).toBeGreaterThan(200);
    expect((await t.json('POST', '/api/oauth/set_country', { country: 'fr' })).body.data).toEqual({ country: 'FR' });
    const en = (await t.json('GET', '/api/oauth/get_countries')).body.data as Array<{ code: string; selected: boolean }>;
    expect(en.filter((c) => c.selected).map((c) => c.code)).toEqual(['FR']);
    expect((await t.json('POST', '/api/oauth/set_country', { country: 'QQ' })).status).toBe(400);
  });

  it('data collection get, update brief, erase', async () => {
    const cid = (await t.json('POST', '/api/ai/data_collection/create', { title: 'sales' })).body.data.id ?? (await t.json('GET', '/api/ai/data_collection/list')).body.data.data[0].id;
    await t.json('POST', '/api/ai/data_collection/element/add', { id: cid, elements: [{ tableName: 'orders', ...loc() }] });
    await t.json('POST', '/api/ai/data_collection/update/brief', { id: cid, title: 'sales 2' });
    const got = (await t.json('GET', `/api/ai/data_collection/get?id=${cid}`)).body.data;
    expect(got.title).toBe('sales 2');
    expect(got.elements.map((e: { tableName: string }) => e.tableName)).toEqual(['orders']);
    expect((await t.json('POST', '/api/ai/data_collection/erase', { id: cid })).body.data).toEqual({ removed: 1 });
    expect((await t.json('GET', `/api/ai/data_collection/get?id=${cid}`)).body.data.elements).toEqual([]);
  });

  it('system_config by code, version, and aliases answering as their target', async () => {
    expect((await t.json('GET', '/api/config/system_config/mode')).body.data).toEqual({ code: 'mode', content: 'local' });
    expect((await t.json('GET', '/api/config/system_config')).body.data).toContainEqual({ code: 'mode', content: 'local' });
    const unknown = await t.json('GET', '/api/config/system_config/nope', undefined, { 'accept-language': 'zh-CN' });
    expect(unknown.body.errorMessage).toBe('不存在名为 nope 的配置');
    expect((await t.json('GET', '/api/system/version')).body.data.version).toBe((await t.json('GET', '/api/system')).body.data.version);
    expect((await t.json('GET', '/api/oauth/get_app_config')).body).toEqual((await t.json('GET', '/api/oauth/login_options')).body);
    const target = await t.json('POST', '/api/oauth/reset_password', { account: 'x' });
    const alias = await t.json('POST', '/api/user/reset_password', { account: 'x' });
    expect([alias.status, alias.body]).toEqual([target.status, target.body]);
  });

  it('refuses what the product does not offer, with the reason in the caller\'s language', async () => {
    const r = await t.json('GET', '/api/ai/config/getLoginQrCode', undefined, { 'accept-language': 'zh-CN' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, errorCode: 'UNSUPPORTED' });
    expect(r.body.errorMessage).toContain('设置 → AI');
    expect((await t.json('POST', '/api/system/spm/client/create', {})).body.errorMessage).toBe('This product does not collect usage analytics');
    expect((await t.json('GET', '/api/config/embedding/white/check')).body.data.white).toBe(false);
  });
});
