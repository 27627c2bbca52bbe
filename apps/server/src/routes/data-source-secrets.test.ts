/**
 * Issue 24 point 2, local mode: a saved secret is only sent to the host, port and user (or the AI
 * API address) it was saved with. Listeners that ask for a password in clear text / record every
 * Authorization header must receive nothing when only the destination changed; typed again, the
 * secret goes (so the listeners would catch a leak). Option and URL secrets are sealed; the home
 * folder and store file are private.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { fakeAiEndpoint, fakePgServer, type HeaderListener, type PasswordListener } from '../test/secret-listeners.js';
import { nowIso } from '../store/db.js';

const SECRET = 'S4ved-Only-For-5432';
const source = { alias: 'bound', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: SECRET, databaseName: 'postgres' };

describe('a saved data source secret stays with its host (local mode)', () => {
  let t: TestApp;
  let fake: PasswordListener;
  let id: number;
  beforeAll(async () => {
    t = await testApp({ demo: false });
    fake = await fakePgServer();
    id = (await t.json('POST', '/api/connection/datasource/create', source)).body.data;
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });
  const leaked = () => fake.received.filter((r) => r.password === SECRET);

  it('pre_connect with the saved id and a new port is refused; the listener receives nothing', async () => {
    const r = await t.json('POST', '/api/connection/datasource/pre_connect', { id, port: fake.port }, { 'accept-language': 'en-US' });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toMatch(/type it again/);
    const host = await t.json('POST', '/api/connection/datasource/pre_connect', { id, host: 'localhost', port: fake.port });
    expect(host.status).toBe(400);
    expect(fake.received).toEqual([]);
  });

  it('the refusal reads in the user language', async () => {
    const zh = await t.json('POST', '/api/connection/datasource/pre_connect', { id, port: fake.port }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errorMessage).toContain('重新输入');
    const ja = await t.json('POST', '/api/connection/datasource/pre_connect', { id, port: fake.port }, { 'accept-language': 'ja-JP' });
    expect(ja.body.errorMessage).toContain('もう一度入力');
  });

  it('typed again, the password goes to the new port (the listener would see a leak)', async () => {
    const r = await t.json('POST', '/api/connection/datasource/pre_connect', { id, port: fake.port, password: 'typed-now' });
    expect(r.body.success).toBe(false);
    expect(fake.received).toEqual([{ user: 'postgres', password: 'typed-now' }]);
    fake.received.length = 0;
  });

  it('updating only the port (or only the user) is refused; executing still reaches the saved server only', async () => {
    const port = await t.json('POST', '/api/connection/datasource/update', { id, port: fake.port });
    expect(port.status).toBe(400);
    const user = await t.json('POST', '/api/connection/datasource/update', { id, user: 'someone_else' });
    expect(user.status).toBe(400);
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select 1 as one' });
    expect(r.body.data[0].dataList).toEqual([['1']]);
    expect(fake.connections).toBe(1);
    expect(leaked()).toEqual([]);
    // Renaming keeps the password: the destination did not change.
    expect((await t.json('POST', '/api/connection/datasource/update', { id, alias: 'renamed', host: '127.0.0.1', port: 5432 })).body.success).toBe(true);
    expect((await t.deps.dataSources.get(id))!.input.password).toBe(SECRET);
  });

  it('a row whose port was changed behind the API connects without the saved password', async () => {
    const other = (await t.json('POST', '/api/connection/datasource/create', { ...source, alias: 'tampered' })).body.data;
    const row = await t.deps.store.db.selectFrom('data_sources').select('config_json').where('id', '=', other).executeTakeFirstOrThrow();
    await t.deps.store.db.updateTable('data_sources').set({ config_json: JSON.stringify({ ...JSON.parse(row.config_json), port: fake.port }) }).where('id', '=', other).execute();
    expect((await t.deps.dataSources.get(other))!.input.password).toBeUndefined();
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: other, sql: 'select 1' });
    expect(leaked()).toEqual([]);
  });

  it('passwords and tokens in the options and the URL are sealed and never returned', async () => {
    const withOpts = (await t.json('POST', '/api/connection/datasource/create', {
      ...source, alias: 'opts', options: { sslpassword: 'OptSecret-1', application_name: 'askdb', api_token: 'Tok-2' }, url: 'postgres://postgres:UrlSecret-3@127.0.0.1:5432/postgres?access_token=Tok-4&sslmode=disable',
    })).body.data;
    const got = await t.app.inject({ method: 'GET', url: `/api/connection/datasource/${withOpts}` });
    const list = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list?pageSize=100' });
    const raw = await t.deps.store.db.selectFrom('data_sources').select('config_json').where('id', '=', withOpts).executeTakeFirstOrThrow();
    for (const text of [got.body, list.body, raw.config_json]) for (const s of ['OptSecret-1', 'Tok-2', 'UrlSecret-3', 'Tok-4']) expect(text).not.toContain(s);
    expect(got.json().data.options).toEqual({ application_name: 'askdb' });
    const input = (await t.deps.dataSources.get(withOpts))!.input;
    expect(input.options).toMatchObject({ sslpassword: 'OptSecret-1', api_token: 'Tok-2' });
    expect(input.url).toContain('UrlSecret-3');
    // The form sends back what it was shown (options without secrets, the redacted URL): nothing is lost.
    const shown = got.json().data;
    expect((await t.json('POST', '/api/connection/datasource/update', { id: withOpts, options: shown.options, url: shown.url })).body.success).toBe(true);
    expect((await t.deps.dataSources.get(withOpts))!.input).toMatchObject({ options: { sslpassword: 'OptSecret-1' }, url: expect.stringContaining('UrlSecret-3') });
  });

  it('a source reached by its URL: the URL shown redacted, edited to a new port, keeps no secret', async () => {
    const byUrl = (await t.json('POST', '/api/connection/datasource/create', { alias: 'by url', type: 'POSTGRESQL', url: `postgres://postgres:${SECRET}@127.0.0.1:5432/postgres` })).body.data;
    const shown = (await t.json('GET', `/api/connection/datasource/${byUrl}`)).body.data.url as string;
    expect(shown).not.toContain(SECRET);
    const edited = shown.replace(':5432/', `:${fake.port}/`);
    expect((await t.json('POST', '/api/connection/datasource/pre_connect', { id: byUrl, url: edited })).status).toBe(400);
    expect((await t.json('POST', '/api/connection/datasource/update', { id: byUrl, url: edited })).status).toBe(400);
    expect((await t.json('POST', '/api/connection/datasource/update', { id: byUrl, port: fake.port })).status).toBe(400);
    expect(leaked()).toEqual([]);
  });

  it('rows saved before the rule are sealed at start (plain option passwords leave the settings)', async () => {
    const now = nowIso();
    const legacy = await t.deps.store.db.insertInto('data_sources').values({
      alias: 'legacy', type: 'POSTGRESQL', config_json: JSON.stringify({ alias: 'legacy', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, options: { password: 'Legacy-Plain' } }),
      secret_enc: null, owner_id: 1, space_id: null, group_id: null, visibility: 'PRIVATE', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    expect(await t.deps.dataSources.sealLegacyRows()).toBeGreaterThanOrEqual(1);
    const raw = await t.deps.store.db.selectFrom('data_sources').select(['config_json', 'secret_enc']).where('id', '=', legacy.id).executeTakeFirstOrThrow();
    expect(raw.config_json).not.toContain('Legacy-Plain');
    expect(raw.secret_enc).toMatch(/^v1:/);
    expect((await t.deps.dataSources.get(legacy.id))!.input.options).toEqual({ password: 'Legacy-Plain' });
    expect(await t.deps.dataSources.sealLegacyRows()).toBe(0);
  });

  it('the home folder and the store file are readable by their owner only', () => {
    expect(fs.statSync(t.home).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(t.home, 'askdb.sqlite')).mode & 0o777).toBe(0o600);
  });
});

describe('the saved AI key stays with its address (local mode)', () => {
  let t: TestApp;
  let saved: HeaderListener;
  let elsewhere: HeaderListener;
  const KEY = 'sk-bound-to-its-host';
  beforeAll(async () => {
    t = await testApp({ demo: false });
    saved = await fakeAiEndpoint();
    elsewhere = await fakeAiEndpoint();
    const r = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: saved.url, apiKey: KEY, model: 'fake-model' });
    expect(r.body.success).toBe(true);
  });
  afterAll(async () => {
    await saved.close();
    await elsewhere.close();
    await t.close();
  });

  it('changing only apiHost is refused; the new address receives no key', async () => {
    const r = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: elsewhere.url, model: 'fake-model' }, { 'accept-language': 'en-US' });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toMatch(/type the key again/);
    await t.json('GET', '/api/v2/ai/model/list');
    expect(elsewhere.received).toEqual([]);
    // The saved address still gets it: the listener sees a key when one is due.
    expect(saved.received.map((h) => h.authorization)).toContain(`Bearer ${KEY}`);
  });

  it('settings whose address was changed behind the API send no key', async () => {
    const row = JSON.parse((await t.deps.kv.get('org:' + (await orgOf(t)), 'ai.config')) ?? (await t.deps.kv.get('app', 'ai.config'))!);
    await t.deps.kv.set('app', 'ai.config', JSON.stringify({ ...row, apiHost: elsewhere.url }));
    const org = await orgOf(t);
    if (org != null) await t.deps.kv.set(`org:${org}`, 'ai.config', JSON.stringify({ ...row, apiHost: elsewhere.url }));
    await t.json('GET', '/api/v2/ai/model/list');
    expect(elsewhere.requests).toBeGreaterThan(0);
    expect(elsewhere.received).toEqual([]);
  });

  it('typed again with the new address, the key goes there', async () => {
    const r = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: elsewhere.url, apiKey: 'sk-typed-again', model: 'fake-model' });
    expect(r.body.success).toBe(true);
    await t.json('GET', '/api/v2/ai/model/list');
    expect(elsewhere.received.map((h) => h.authorization)).toEqual(['Bearer sk-typed-again']);
  });
});

async function orgOf(t: TestApp): Promise<number | null> {
  const u = await t.deps.store.db.selectFrom('users').select('current_org_id').where('id', '=', 1).executeTakeFirst();
  return u?.current_org_id ?? null;
}
