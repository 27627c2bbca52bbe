/**
 * Named chats' paging (issue 17 point 1; spec 01 §9 page sizes): the conversation list 20 a page,
 * a chat's answers 5 a page, newest first, both when the client leaves pageSize out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../test/helpers.js';
import { finalParts, post, upload, waitLoaded } from '../test/chat-v2-helpers.js';

describe('named chats are paged 20 and 5', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-chat-paging-'));

  beforeAll(async () => {
    const db = new Database(path.join(dir, 'shop.sqlite'));
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC)');
    db.close();
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-test', model: 'scripted-model' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('21 chats: the list gives the newest 20, then the oldest one on page 2', async () => {
    const ds = (await t.json('POST', '/api/connection/datasource/create', { alias: 'shop', type: 'SQLITE', filePath: path.join(dir, 'shop.sqlite') })).body.data;
    for (let i = 1; i <= 21; i++) {
      const r = await t.json('POST', '/api/ai/chat/create', { name: `Chat ${i}`, sourceType: 'DATABASE', dataset: { dataSourceId: ds } });
      expect(r.status).toBe(200);
    }
    const p1 = (await t.json('GET', '/api/v2/ai/chat/list')).body.data;
    expect(p1).toMatchObject({ pageNo: 1, pageSize: 20, total: 21, hasNextPage: true });
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0].name).toBe('Chat 21');
    const p2 = (await t.json('GET', '/api/v2/ai/chat/list?pageNo=2')).body.data;
    expect(p2).toMatchObject({ pageNo: 2, total: 21, hasNextPage: false });
    expect(p2.data.map((c: { name: string }) => c.name)).toEqual(['Chat 1']);
  });

  it('6 answers: the chat detail gives the newest 5, then the first question on page 2', async () => {
    llm.handle(() => ({ content: ['```sql\nSELECT count(*) AS n FROM sales\n```'] }));
    const up = await upload(t, [{ name: 'sales.csv', content: 'region,amount\nnorth,1\nsouth,2\n' }]);
    expect(up.status).toBe(200);
    const created = await t.json('POST', '/api/ai/chat/create', { name: 'Sales', sourceType: 'EXCEL', uploadId: up.body.data.uploadId });
    const { brief } = await waitLoaded(t, created.body.data.id);
    expect(brief.excel.status).toBe('READY');
    for (let i = 1; i <= 6; i++) {
      const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: `question ${i}`, magic: 'query_table' });
      expect(finalParts(ask.events)[2].status).toBe('SUCCESS');
    }
    const p1 = (await t.json('GET', `/api/v2/ai/chat/get?id=${brief.id}`)).body.data.chatDetails;
    expect(p1).toMatchObject({ pageNo: 1, pageSize: 5, total: 6, hasNextPage: true });
    expect(p1.data.map((a: { question: string }) => a.question)).toEqual(['question 6', 'question 5', 'question 4', 'question 3', 'question 2']);
    const p2 = (await t.json('GET', `/api/v2/ai/chat/get?id=${brief.id}&pageNo=2`)).body.data.chatDetails;
    expect(p2).toMatchObject({ pageNo: 2, total: 6, hasNextPage: false });
    expect(p2.data.map((a: { question: string }) => a.question)).toEqual(['question 1']);
  });
});
