import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

describe('saved AI conversations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  const conversation = (question: string, extra: object = {}) => ({
    context: { dataSourceId: 7, databaseName: 'main' },
    messages: [
      { role: 'user', content: question, meta: { questionType: 'NL_2_SQL', tables: [{ tableName: 'orders' }] } },
      { role: 'assistant', content: '```sql\nSELECT 1\n```', meta: { state: 'finish', checks: [{ index: 0, dryRunPassed: true }] } },
    ],
    ...extra,
  });

  it('saves a new conversation titled by its first question and gives it back as saved', async () => {
    const saved = await t.json('POST', '/api/ai/chat/save', conversation('How many orders per customer?\nsecond line'));
    expect(saved.status).toBe(200);
    const id = saved.body.data as number;
    const got = await t.json('GET', `/api/ai/chat/${id}`);
    expect(got.body.data).toMatchObject({ id, title: 'How many orders per customer?', messageCount: 2, context: { dataSourceId: 7, databaseName: 'main' } });
    expect(got.body.data.messages).toEqual(conversation('How many orders per customer?\nsecond line').messages);
  });

  it('a save with an id replaces the messages; the list is newest first and filters by data source; brief is the latest', async () => {
    const a = (await t.json('POST', '/api/ai/chat/save', conversation('first chat'))).body.data as number;
    const b = (await t.json('POST', '/api/ai/chat/save', conversation('other source', { context: { dataSourceId: 9 } }))).body.data as number;
    const longer = conversation('first chat');
    longer.messages.push({ role: 'user', content: 'and per month?', meta: { questionType: 'NL_2_SQL', tables: [] } });
    expect((await t.json('POST', '/api/ai/chat/save', { ...longer, id: a })).body.data).toBe(a);
    const list = (await t.json('GET', '/api/ai/chat/list?pageNo=1&pageSize=20')).body.data;
    expect(list.data[0]).toMatchObject({ id: a, messageCount: 3 });
    expect(list.data.map((c: { id: number }) => c.id)).toContain(b);
    const only9 = (await t.json('GET', '/api/ai/chat/list?dataSourceId=9')).body.data;
    expect(only9.data.map((c: { id: number }) => c.id)).toEqual([b]);
    expect((await t.json('GET', '/api/ai/chat/brief')).body.data.id).toBe(a);
    expect((await t.json('GET', '/api/ai/chat/brief?dataSourceId=9')).body.data.messages[0].content).toBe('other source');
    expect((await t.json('GET', '/api/ai/chat/brief?dataSourceId=12345')).body.data).toBeNull();
  });

  it('delete, unknown ids and bad input answer clearly', async () => {
    const id = (await t.json('POST', '/api/ai/chat/save', conversation('to delete'))).body.data as number;
    expect((await t.json('DELETE', `/api/ai/chat/${id}`)).body.data).toBe(true);
    const gone = await t.json('GET', `/api/ai/chat/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorMessage).toBe(`Conversation ${id} not found`);
    expect((await t.json('POST', '/api/ai/chat/save', { ...conversation('x'), id })).status).toBe(404);
    expect((await t.json('DELETE', `/api/ai/chat/${id}`)).status).toBe(404);
    const empty = await t.json('POST', '/api/ai/chat/save', { context: {}, messages: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toMatch(/messages/);
    const badRole = await t.json('POST', '/api/ai/chat/save', { messages: [{ role: 'system', content: 'x' }] });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errorMessage).toMatch(/role/);
  });
});
