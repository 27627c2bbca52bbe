import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

describe('data sources API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  const pg = { alias: 'pg secret', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: 'Sup3r-S3cret!', databaseName: 'postgres', ssh: { enabled: false, host: 'jump', port: 22, user: 'me', authType: 'key', privateKey: '-----BEGIN KEY-----abc', passphrase: 'pp-secret' } };

  it('never returns a password, key or passphrase, and stores them encrypted', async () => {
    const id = (await t.json('POST', '/api/connection/datasource/create', pg)).body.data as number;
    expect(typeof id).toBe('number');
    const one = await t.app.inject({ method: 'GET', url: `/api/connection/datasource/${id}` });
    const list = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list?pageSize=50' });
    for (const text of [one.body, list.body]) {
      expect(text).not.toContain('Sup3r-S3cret!');
      expect(text).not.toContain('BEGIN KEY');
      expect(text).not.toContain('pp-secret');
    }
    expect(one.json().data).toMatchObject({ alias: 'pg secret', host: '127.0.0.1', hasPassword: true, ssh: { hasPrivateKey: true } });
    const raw = await t.deps.store.db.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(raw.config_json + raw.secret_enc).not.toContain('Sup3r-S3cret!');
    expect(raw.secret_enc).toMatch(/^v1:/);
  });

  it('update without a password keeps the old one (the connection still works)', async () => {
    const id = (await t.json('POST', '/api/connection/datasource/create', { alias: 'pg ok', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: 'whatever', databaseName: 'postgres' })).body.data;
    const u = await t.json('POST', '/api/connection/datasource/update', { id, alias: 'pg renamed' });
    expect(u.body.success).toBe(true);
    const rec = await t.deps.dataSources.get(id);
    expect(rec!.input.password).toBe('whatever');
    expect(rec!.input.alias).toBe('pg renamed');
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select 1 as one' });
    expect(r.body.data[0].dataList).toEqual([['1']]);
  });

  it('searches, clones and deletes', async () => {
    const id = (await t.json('POST', '/api/connection/datasource/create', { alias: 'Findable Orders DB', type: 'SQLITE', filePath: ':memory:' })).body.data;
    const found = await t.json('GET', '/api/connection/datasource/list?searchKey=findable');
    expect(found.body.data.data.map((d: { id: number }) => d.id)).toEqual([id]);
    const cloneId = (await t.json('POST', '/api/connection/datasource/clone', { id })).body.data;
    expect(cloneId).not.toBe(id);
    expect((await t.json('GET', `/api/connection/datasource/${cloneId}`)).body.data.alias).toBe('Findable Orders DB (copy)');
    expect((await t.json('DELETE', `/api/connection/datasource/${id}`)).body.success).toBe(true);
    expect((await t.json('GET', `/api/connection/datasource/${id}`)).status).toBe(404);
  });

  it("another user's private data source is 403 in the same organisation, 404 from another one", async () => {
    const now = new Date().toISOString();
    const org = (await t.deps.store.db.selectFrom('users').select('current_org_id').where('id', '=', 1).executeTakeFirstOrThrow()).current_org_id;
    const insert = (spaceId: number | null) => t.deps.store.db.insertInto('data_sources').values({ alias: 'not yours', type: 'SQLITE', config_json: '{}', secret_enc: null, owner_id: 777, space_id: spaceId, group_id: null, visibility: 'PRIVATE', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: (await insert(org)).id, sql: 'select 1' });
    // The local user is an admin, yet data access follows ownership or sharing.
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    const other = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: (await insert(org! + 1000)).id, sql: 'select 1' });
    expect(other.status).toBe(404);
  });

  it('pre_connect gives distinct clear messages for a wrong password, a refused port and an unknown host', async () => {
    const base = { alias: 't', type: 'MARIADB', host: '127.0.0.1', port: 3306, user: 'root', password: 'definitely-wrong', connectTimeoutMs: 5000 };
    const wrong = await t.json('POST', '/api/connection/datasource/pre_connect', base);
    const refused = await t.json('POST', '/api/connection/datasource/pre_connect', { ...base, password: '', port: 1 });
    const unknown = await t.json('POST', '/api/connection/datasource/pre_connect', { ...base, password: '', host: 'no-such-host.invalid' });
    const ok = await t.json('POST', '/api/connection/datasource/pre_connect', { ...base, password: '' });
    expect(ok.body).toEqual({ success: true, data: true });
    for (const r of [wrong, refused, unknown]) expect(r.body.success).toBe(false);
    expect(wrong.body.errorMessage).toMatch(/authentication|password|denied/i);
    expect(refused.body.errorMessage).toMatch(/refused/i);
    expect(unknown.body.errorMessage).toMatch(/no-such-host.invalid.*could not be found/i);
    expect(new Set([wrong.body.errorMessage, refused.body.errorMessage, unknown.body.errorMessage]).size).toBe(3);
  });
});
