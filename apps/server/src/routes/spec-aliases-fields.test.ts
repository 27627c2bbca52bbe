/**
 * Issue 29 item 21: the spec's fields and enumerations at the API, alongside ours — executeSqlParams,
 * networkAbandoned, organizationAvatar, parser tableColumns/simpleColumns, the saved-console list's
 * `type=console`, the chat brief by data source being a chat, chat answer `progress` (task `status`: spec-task-status.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { chatProgressOf } from '../services/spec-fields.js';

describe('spec fields at the API (issue 29 item 21)', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_spec_fields', 'create table orders (id int primary key, total numeric(10,2)); insert into orders values (1, 10);');
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', db.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('execute results carry executeSqlParams', async () => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, databaseName: db.name, schemaName: 'public', sql: 'select 1; select 2', pageSize: 50 });
    expect(r.body.data).toHaveLength(2);
    for (const x of r.body.data) expect(x.executeSqlParams).toEqual({ dataSourceId: id, databaseName: db.name, schemaName: 'public', consoleId: null, explain: false, pageSize: 50 });
  });

  it('user_a has networkAbandoned; organisations have organizationAvatar next to avatar', async () => {
    expect((await t.json('GET', '/api/oauth/user_a')).body.data.networkAbandoned).toBe(false);
    const orgs = (await t.json('GET', '/api/organization/list')).body.data as Array<{ avatar: string | null; organizationAvatar: string | null }>;
    expect(orgs.length).toBeGreaterThan(0);
    for (const o of orgs) expect(o).toHaveProperty('organizationAvatar', o.avatar);
  });

  it('the parser answers tableColumns with simpleColumns for the tables a script names', async () => {
    await t.json('GET', `/api/sql_parser/get_keywords?dataSourceId=${id}&databaseName=${db.name}&schemaName=public`);
    const r = await t.json('POST', '/api/sql_parser/context/parser', { sql: 'select * from orders', dataSourceId: id, databaseName: db.name, schemaName: 'public' });
    expect(r.body.data.tableColumns).toEqual([{ tableName: 'orders', simpleColumns: [expect.objectContaining({ name: 'id' }), expect.objectContaining({ name: 'total' })] }]);
    expect((await t.json('POST', '/api/sql_parser/context/parser', { sql: 'select 1', dataSourceId: id, databaseName: db.name, schemaName: 'public' })).body.data.tableColumns).toEqual([]);
  });

  it('the saved-console list takes the spec\'s type=console', async () => {
    const cid = (await t.json('POST', '/api/operation/saved/create', { name: 'spec list', ddl: 'select 1', status: 'RELEASE' })).body.data;
    const list = (await t.json('GET', '/api/operation/saved/list?pageNo=1&pageSize=1000&status=RELEASE&type=console&orderByDesc=true')).body.data;
    expect(list.data.map((c: { id: number }) => c.id)).toContain(cid);
  });

  it('the chat brief by data source is a chat (made once when there is none)', async () => {
    const a = await t.json('GET', `/api/v2/ai/chat/getChatBrief?dataSourceId=${id}`);
    expect(a.body.data).toMatchObject({ name: 'pg', sourceType: 'DATABASE', dataset: { dataSourceId: id } });
    const b = await t.json('GET', `/api/v2/ai/chat/getChatBrief?dataSourceId=${id}`);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await t.json('GET', '/api/v2/ai/chat/getChatBrief?dataSourceId=999999')).status).toBe(404);
  });

  it('chat answer progress maps our part statuses to LOADING / FINISH / FAIL', () => {
    expect(chatProgressOf([{ status: 'SUCCESS' }, { status: 'LOADING' }])).toBe('LOADING');
    expect(chatProgressOf([{ status: 'SUCCESS' }, { status: 'WAITING' }])).toBe('LOADING');
    expect(chatProgressOf([{ status: 'SUCCESS' }, { status: 'FAIL' }, { status: 'SKIPPED' }])).toBe('FAIL');
    expect(chatProgressOf([{ status: 'SUCCESS' }, { status: 'SKIPPED' }])).toBe('FINISH');
  });
});
