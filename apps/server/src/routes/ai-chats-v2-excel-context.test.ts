/**
 * Excel chats' context and replicas (issue 17): the tables are ranked by the app's schema linker
 * (deps.linker) over the question with the organisation's global knowledge (a term's definition
 * leads to its table; the knowledge goes into the prompt); a replica that does not hold the chat's
 * DuckDB file builds it from the upload kept in the store; a chat whose upload is not stored says so,
 * in the three languages, never with the driver's file-not-found text.
 * Two server-mode replicas on one PostgreSQL store, each with its own $ASKDB_HOME.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { as, makeUser, type Persona } from '../test/org-fixtures.js';
import { pgStoreUrl } from '../test/accounts.js';
import { scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { finalParts, post, upload, waitLoaded, xlsx } from '../test/chat-v2-helpers.js';
import { keptFiles } from '../services/files/kept-files.js';

describe('Excel chats: linking with knowledge, and a replica without the DuckDB file', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let llm: ScriptedLlmServer;
  let u: Persona;
  let chatId: number;
  let make: () => Promise<TestApp>;
  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    llm.handle(() => ({ content: ['```sql\nSELECT SUM(total) AS gmv FROM orders\n```'] }));
    scratch = await scratchPgDatabase('askdb_chatv2_repl');
    const secret = crypto.randomBytes(32).toString('hex');
    make = () => testApp({ mode: 'server', databaseUrl: pgStoreUrl(scratch.name), demo: false, secret });
    a = await make();
    b = await make();
    u = await makeUser(a, 'Excel replica');
    expect((await as(a, u, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own', model: 'scripted-model', privacy: 'SCHEMA_ONLY' })).status).toBe(200);
    const book = await xlsx((wb) => {
      wb.addWorksheet('orders').addRows([['id', 'total'], [1, 10], [2, 32]]);
      wb.addWorksheet('staff').addRows([['name', 'office'], ['Ann', 'Oslo']]);
      wb.addWorksheet('offices').addRows([['city', 'phone'], ['Oslo', '123']]);
    });
    const up = await upload(a, [{ name: 'shop.xlsx', content: book }], u.headers);
    expect(up.status).toBe(200);
    const created = await as(a, u, 'POST', '/api/ai/chat/create', { name: 'Shop', sourceType: 'EXCEL', uploadId: up.body.data.uploadId });
    chatId = (await waitLoaded(a, created.body.data.id, u.headers)).brief.id;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await llm?.close();
    await scratch?.drop();
  });

  it("the organisation's global knowledge reaches the prompt and the linking: a term's definition picks its table", async () => {
    expect((await as(a, u, 'POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'GMV', content: 'Gross merchandise value: the sum of orders.total' })).status).toBe(200);
    const linker = a.deps.linker;
    const link = linker.link.bind(linker);
    const asked: string[] = [];
    linker.link = (catalog, question, options) => (asked.push(question), link(catalog, question, options));
    try {
      const r = await post(a, '/api/ai/chat/ask', { chatId, question: 'What is our GMV?', magic: 'query_table' }, u.headers);
      const parts = finalParts(r.events);
      if (process.env.DEBUG_CHAT) console.log(JSON.stringify(parts), JSON.stringify(llm.last().body));
      expect(parts.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SKIPPED', 'SKIPPED']);
      expect(parts[0].content).toBe('Tables used: orders');
      expect(parts[2].dataList).toEqual([['42']]);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('orders.total');
      const prompt = JSON.stringify(llm.last().body.messages);
      expect(prompt).toContain('Gross merchandise value');
    } finally {
      linker.link = link;
    }
  });

  it('asked on a replica that does not hold its file: it builds the DuckDB file from the stored upload and answers', async () => {
    const onB = path.join(b.home, 'chats', `${chatId}.duckdb`);
    expect(fs.existsSync(onB)).toBe(false);
    const r = await post(b, '/api/ai/chat/ask', { chatId, question: 'What is our GMV?', magic: 'query_table' }, u.headers);
    expect(finalParts(r.events)[2].dataList).toEqual([['42']]);
    expect(fs.existsSync(onB)).toBe(true);
    // The copy of the upload streamed down for the build is not kept on b's disk.
    expect((await keptFiles(b.deps, 'chat')).onDisk).toEqual([]);
  });

  it('a chat whose upload is not in the store (made before files were kept there): a clear message in three languages, not the driver text', async () => {
    const expected: Record<string, string> = {
      'en-US': "This chat's file is no longer stored",
      'zh-CN': '该对话的文件已不在存储中',
      'ja-JP': 'このチャットのファイルは保存されていません',
    };
    const c = await make();
    try {
      // As a chat loaded before this change: its upload was dropped after the load.
      await (a.deps.store.db as any).deleteFrom('file_chunks').execute();
      await (a.deps.store.db as any).deleteFrom('file_objects').execute();
      for (const [lang, text] of Object.entries(expected)) {
        const r = await post(c, '/api/ai/chat/ask', { chatId, question: 'What is our GMV?', magic: 'query_table' }, { ...u.headers, 'accept-language': lang });
        const parts = finalParts(r.events);
        expect(parts[0].status).toBe('FAIL');
        expect(parts[0].error).toContain(text);
        expect(JSON.stringify(r.events)).not.toMatch(/duckdb|FILE_NOT_FOUND|not found/i);
      }
      // A replica that holds it still answers.
      expect(finalParts((await post(a, '/api/ai/chat/ask', { chatId, question: 'What is our GMV?', magic: 'query_table' }, u.headers)).events)[2].dataList).toEqual([['42']]);
    } finally {
      await c.close();
    }
  });
});
