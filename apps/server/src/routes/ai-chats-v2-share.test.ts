/**
 * Sharing named chats (issue 17 point 3), server mode on a PostgreSQL store with a team: the scope
 * (all members or the listed collaborators), view only refused every edit, the shared chat's SQL
 * re-run with the viewer's own grants, another team's member shut out, and the share link of a
 * deleted chat saying so. The chat's questions go to the scripted model server; the SQL runs on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { finalParts, post } from '../test/chat-v2-helpers.js';

describe('sharing named chats', () => {
  let t: TestApp;
  let f: TeamFixture;
  let llm: ScriptedLlmServer;
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let target: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let ds: number;
  let chatId: number;

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    llm.handle((req) => (JSON.stringify(req.body).includes('You summarise') ? { content: ['Ten, twenty, thirty.'] } : { content: ['```sql\nSELECT id, amount FROM orders ORDER BY id\n```'] }));
    store = await scratchPgDatabase('askdb_chatv2_store');
    target = await scratchPgDatabase('askdb_chatv2_target', 'create table orders(id int primary key, amount int); insert into orders values (1, 10), (2, 20), (3, 30);');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'ChatShare');
    expect((await as(t, f.owner, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-x', model: 'scripted-model', privacy: 'SCHEMA_AND_SAMPLES' })).status).toBe(200);
    ds = (await as(t, f.owner, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('team orders', target.name), visibility: 'SHARED' })).body.data;
    const created = await as(t, f.owner, 'POST', '/api/ai/chat/create', { name: 'Orders', description: 'team orders', sourceType: 'DATABASE', dataset: { dataSourceId: ds, databaseName: target.name, schemaName: 'public' } });
    expect(created.status).toBe(200);
    chatId = created.body.data.id;
    const ask = await post(t, '/api/ai/chat/ask', { chatId, question: 'all orders' }, f.owner.headers);
    expect(finalParts(ask.events)[2].dataList).toEqual([['1', '10'], ['2', '20'], ['3', '30']]);
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await store?.drop();
    await target?.drop();
  });

  it('the dataset is required; a chat not shared is invisible to members and to other teams', async () => {
    const missing = await as(t, f.owner, 'POST', '/api/ai/chat/create', { name: 'No dataset', sourceType: 'DATABASE' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toMatch(/dataset.*This field is required!/);
    expect((await as(t, f.operator, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).status).toBe(404);
    expect((await as(t, f.operator, 'GET', '/api/v2/ai/chat/list')).body.data.total).toBe(0);
    expect((await as(t, f.owner, 'GET', '/api/v2/ai/chat/list')).body.data).toMatchObject({ total: 1, pageSize: 20, data: [{ id: chatId, name: 'Orders', access: 'OWNER' }] });
  });

  it('shared view only with all members: the viewer sees it, every edit is refused, and the SQL re-runs with the viewer\'s grants', async () => {
    const share = await as(t, f.owner, 'POST', '/api/ai/chat/share', { id: chatId, scope: 'ALL_MEMBERS', permission: 'VIEW' });
    expect(share.body.data).toMatchObject({ scope: 'ALL_MEMBERS', permission: 'VIEW', link: expect.stringMatching(/^\/chat\?share=/) });
    const token = share.body.data.token;
    // Only the owner shares.
    expect((await as(t, f.operator, 'POST', '/api/ai/chat/share', { id: chatId, scope: 'ALL_MEMBERS', permission: 'EDIT' })).status).toBe(403);

    const opened = await as(t, f.operator, 'GET', `/api/ai/chat/share/resolve?token=${token}`);
    expect(opened.body.data).toMatchObject({ id: chatId, access: 'VIEW', share: null });
    expect((await as(t, f.operator, 'GET', '/api/v2/ai/chat/list')).body.data.data.map((c: any) => c.id)).toEqual([chatId]);

    // No grant on the data source: the result is refused for the viewer and the owner's summary is not shown.
    let view = (await as(t, f.operator, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).body.data;
    let parts = view.chatDetails.data[0].parts;
    expect(parts[1]).toMatchObject({ status: 'SUCCESS', content: 'SELECT id, amount FROM orders ORDER BY id' });
    expect(parts[2].status).toBe('FAIL');
    expect(parts[2].dataList).toBeUndefined();
    expect(parts[4]).toMatchObject({ status: 'SKIPPED' });
    expect(JSON.stringify(view)).not.toContain('Ten, twenty');

    // View only: asking, retrying, renaming and deleting are refused.
    const ask = await post(t, '/api/ai/chat/ask', { chatId, question: 'more' }, f.operator.headers);
    expect(ask.status).toBe(403);
    expect(ask.json.errorMessage).toBe('This chat is shared with you as view only');
    expect((await post(t, '/api/ai/chat/answer/retry', { answerId: view.chatDetails.data[0].id, step: 2 }, f.operator.headers)).status).toBe(403);
    expect((await as(t, f.operator, 'POST', '/api/ai/chat/update', { id: chatId, name: 'Mine now' })).status).toBe(403);
    expect((await as(t, f.operator, 'DELETE', `/api/ai/chat/delete?id=${chatId}`)).status).toBe(403);

    // With a read grant, the same answer shows the viewer's own result.
    expect((await as(t, f.admin, 'POST', '/api/permission/authorization/create', { userId: f.operator.userId, dataSourceId: ds, actions: ['READ'], expireAt: null })).status).toBe(200);
    view = (await as(t, f.operator, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).body.data;
    parts = view.chatDetails.data[0].parts;
    expect(parts[2]).toMatchObject({ status: 'SUCCESS', dataList: [['1', '10'], ['2', '20'], ['3', '30']] });

    // Both runs are in the SQL audit, each under the user it ran as.
    let audited: { userId: number; sql: string }[] = [];
    for (let i = 0; i < 50 && new Set(audited.map((r) => r.userId)).size < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      audited = ((await as(t, f.owner, 'GET', '/api/audit/sql/list?pageSize=500')).body.data?.data ?? []).filter((r: { sql: string }) => r.sql === 'SELECT id, amount FROM orders ORDER BY id');
    }
    expect(new Set(audited.map((r) => r.userId))).toEqual(new Set([f.owner.userId, f.operator.userId]));

    // Another team's member gets nothing, even with the link.
    expect((await as(t, f.outsider, 'GET', `/api/ai/chat/share/resolve?token=${token}`)).status).toBe(404);
    expect((await as(t, f.outsider, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).status).toBe(404);
  });

  it('edit permission for listed collaborators only: the collaborator asks, another member cannot see it', async () => {
    const other = await f.addMember('OPERATOR', 'ChatShare Other');
    await as(t, f.admin, 'POST', '/api/permission/authorization/create', { userId: f.operator.userId, dataSourceId: ds, actions: ['READ'], expireAt: null });
    await as(t, f.owner, 'POST', '/api/ai/chat/share', { id: chatId, scope: 'COLLABORATORS', permission: 'EDIT', collaboratorIds: [f.operator.userId] });
    expect((await as(t, other, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).status).toBe(404);
    const ask = await post(t, '/api/ai/chat/ask', { chatId, question: 'orders again', magic: 'query_table' }, f.operator.headers);
    expect(ask.status).toBe(200);
    expect(finalParts(ask.events)[2].dataList).toHaveLength(3);
    expect((await as(t, f.operator, 'POST', '/api/ai/chat/update', { id: chatId, name: 'Orders (edited)' })).body.data.name).toBe('Orders (edited)');
  });

  it("the chat's SQL, from the model or edited by hand, is refused when it calls a side-effecting function", async () => {
    llm.handle(() => ({ content: ['```sql\nSELECT pg_terminate_backend(-1)\n```'] }));
    const ask = await post(t, '/api/ai/chat/ask', { chatId, question: 'kill a session' }, f.owner.headers);
    expect(finalParts(ask.events)[1]).toMatchObject({ status: 'FAIL', error: expect.stringMatching(/only runs queries that read.*pg_terminate_backend/) });
    expect(finalParts(ask.events)[2].status).not.toBe('SUCCESS');
    const upd = await as(t, f.owner, 'POST', '/api/ai/parts/answer/update', { answerId: ask.events[0].answerId, step: 1, content: 'select pg_terminate_backend(-1)' });
    expect(upd.status).toBe(400);
    expect(upd.body).toMatchObject({ errorCode: 'INVALID_PARAMS', errorMessage: expect.stringMatching(/only runs queries that read.*pg_terminate_backend/) });
    llm.handle((req) => (JSON.stringify(req.body).includes('You summarise') ? { content: ['Ten, twenty, thirty.'] } : { content: ['```sql\nSELECT id, amount FROM orders ORDER BY id\n```'] }));
  });

  it('the share link of a deleted chat says the chat was deleted', async () => {
    const token = (await as(t, f.owner, 'POST', '/api/ai/chat/share', { id: chatId, scope: 'ALL_MEMBERS', permission: 'VIEW' })).body.data.token;
    expect((await as(t, f.owner, 'DELETE', `/api/ai/chat/delete?id=${chatId}`)).body.data).toBe(true);
    const r = await as(t, f.operator, 'GET', `/api/ai/chat/share/resolve?token=${token}`, undefined, 'ja-JP');
    expect(r.status).toBe(404);
    expect(r.body.errorMessage).toBe('このチャットは削除されました');
    expect((await as(t, f.owner, 'GET', `/api/v2/ai/chat/get?id=${chatId}`)).body.errorMessage).toBe('This chat has been deleted');
    expect((await as(t, f.owner, 'GET', '/api/v2/ai/chat/list')).body.data.total).toBe(0);
  });
});
