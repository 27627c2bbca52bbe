/**
 * Who may read and write "Change AI table info" (server mode, real PostgreSQL store and data):
 * anonymous 401; another organisation 404; a member without a grant on the table 403; a member
 * under a column-level grant sees and sets only those columns (and cannot touch the data source's
 * own info, every member's AI reads it), while describing them in an AI data collection of their
 * own; a stale version is a conflict. The route is in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../test/org-fixtures.js';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';

describe('AI table info: who may read and write it', () => {
  let fx: PermissionFixture;
  const where = (extra: Record<string, unknown> = {}) => ({ dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders', ...extra });
  const query = (extra: Record<string, unknown> = {}) => new URLSearchParams(Object.fromEntries(Object.entries(where(extra)).map(([k, v]) => [k, String(v)]))).toString();

  beforeAll(async () => {
    fx = await permissionFixture('aitinfo');
    const saved = await as(fx.t, fx.team.admin, 'PUT', '/api/ai/table_info', {
      ...where(), version: 0, aiTableName: 'sales orders',
      columns: [{ name: 'total', aliasName: 'order amount' }, { name: 'secret', excluded: true, aliasComment: 'internal only' }],
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('refuses anonymous callers, other organisations and members without a grant on the table', async () => {
    expect((await as(fx.t, null, 'GET', `/api/ai/table_info?${query()}`)).status).toBe(401);
    expect((await as(fx.t, null, 'PUT', '/api/ai/table_info', { ...where(), version: 1, columns: [] })).status).toBe(401);
    const outsider = await as(fx.t, fx.team.outsider, 'GET', `/api/ai/table_info?${query()}`);
    expect([outsider.status, outsider.body.errorCode]).toEqual([404, 'DATA_SOURCE_NOT_FOUND']);
    const none = await fx.memberWith(null);
    expect((await as(fx.t, none, 'GET', `/api/ai/table_info?${query()}`)).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    const elsewhere = await fx.memberWith({ databaseName: fx.database, schemaName: 'public', tableName: 'customers' });
    const r = await as(fx.t, elsewhere, 'GET', `/api/ai/table_info?${query()}`);
    expect([r.status, r.body.errorCode]).toEqual([403, 'NO_DATA_ACCESS_PERMISSION']);
    expect((await as(fx.t, elsewhere, 'PUT', '/api/ai/table_info', { ...where(), version: 1, columns: [] })).status).toBe(403);
  });

  it('a member under a column grant sees only those columns, cannot change the source info, and describes them in their own collection', async () => {
    const member = await fx.memberWith({ databaseName: fx.database, schemaName: 'public', tableName: 'orders', columns: ['id', 'total'] });
    const read = await as(fx.t, member, 'GET', `/api/ai/table_info?${query()}`);
    expect(read.status).toBe(200);
    expect(read.body.data.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'total']);
    expect(JSON.stringify(read.body.data)).not.toContain('secret');
    expect(JSON.stringify(read.body.data)).not.toContain('internal only');
    expect(read.body.data).toMatchObject({ aiTableName: 'sales orders', canEdit: false });

    const source = await as(fx.t, member, 'PUT', '/api/ai/table_info', { ...where(), version: 1, aiTableName: 'mine' }, 'ja-JP');
    expect([source.status, source.body.errorCode]).toEqual([403, 'PERMISSION_DENIED']);
    expect(source.body.errorMessage).toContain('AI データコレクション');

    const collection = (await as(fx.t, member, 'POST', '/api/ai/data_collection/create', { title: 'my orders' })).body.data as number;
    expect((await as(fx.t, member, 'POST', '/api/ai/data_collection/element/add', { id: collection, elements: [{ type: 'TABLE', ...where({ dataSourceId: fx.shared }) }] })).status).toBe(200);
    const hidden = await as(fx.t, member, 'PUT', '/api/ai/table_info', { ...where({ collectionId: collection }), version: 0, columns: [{ name: 'secret', aliasName: 'peek' }] });
    expect([hidden.status, hidden.body.errorCode]).toEqual([403, 'NO_DATA_ACCESS_PERMISSION']);
    // Under grants a column that does not exist answers like one the member may not read.
    expect((await as(fx.t, member, 'PUT', '/api/ai/table_info', { ...where({ collectionId: collection }), version: 0, columns: [{ name: 'no_such', aliasName: 'x' }] })).status).toBe(403);
    const ok = await as(fx.t, member, 'PUT', '/api/ai/table_info', { ...where({ collectionId: collection }), version: 0, columns: [{ name: 'total', aliasName: 'revenue' }] });
    expect(ok.status).toBe(200);
    const mine = await as(fx.t, member, 'GET', `/api/ai/table_info?${query({ collectionId: collection })}`);
    expect(mine.body.data.columns.find((c: { name: string }) => c.name === 'total').aliasName).toBe('revenue');
    expect(mine.body.data.inherited.columns).toEqual([{ name: 'total', aliasName: 'order amount' }]);

    // Someone else's collection, or a table not in it, is not theirs to describe.
    expect((await as(fx.t, fx.team.admin, 'GET', `/api/ai/table_info?${query({ collectionId: collection })}`)).status).toBe(403);
    expect((await as(fx.t, member, 'GET', `/api/ai/table_info?${query({ collectionId: collection, tableName: 'customers' })}`)).status).toBe(403);

    // Deleting the collection deletes what was said in it.
    const rows = () => fx.t.deps.store.db.selectFrom('ai_table_info' as never).select('id' as never).where('collection_id' as never, '=', collection as never).execute();
    expect((await rows()).length).toBe(1);
    expect((await as(fx.t, member, 'DELETE', `/api/ai/data_collection/${collection}`)).status).toBe(200);
    expect((await rows()).length).toBe(0);
  });

  it('the admin keeps every column; a stale version is a conflict; unknown columns are refused', async () => {
    const read = await as(fx.t, fx.team.admin, 'GET', `/api/ai/table_info?${query()}`);
    expect(read.body.data.columns.find((c: { name: string }) => c.name === 'secret')).toMatchObject({ excluded: true, aliasComment: 'internal only' });
    const stale = await as(fx.t, fx.team.admin, 'PUT', '/api/ai/table_info', { ...where(), version: 0, aiTableName: 'again' });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'CONFLICT']);
    const unknown = await as(fx.t, fx.team.admin, 'PUT', '/api/ai/table_info', { ...where(), version: 1, columns: [{ name: 'no_such', aliasName: 'x' }] });
    expect([unknown.status, unknown.body.errorCode]).toEqual([400, 'INVALID_PARAMS']);
    const emptied = await as(fx.t, fx.team.admin, 'PUT', '/api/ai/table_info', { ...where(), version: 1, columns: [] });
    expect(emptied.body.data.version).toBe(0);
    expect((await as(fx.t, fx.team.admin, 'GET', `/api/ai/table_info?${query()}`)).body.data).toMatchObject({ version: 0, aiTableName: null });
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await fx.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/ai/table_info'] ?? {}).sort()).toEqual(['get', 'put']);
  });
});
