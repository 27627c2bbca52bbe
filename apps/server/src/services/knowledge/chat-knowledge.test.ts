/** Knowledge in the AI chat (local mode, scripted model server): the prompt carries the relevant items, a term only an item defines brings its table into the schema slice, table annotations show in the DDL. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../../test/helpers.js';

describe('knowledge in the AI chat prompt', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let dsId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-knowledge-chat-'));

  const ask = async (input: string) => {
    llm.reply({ content: ['```sql\nSELECT 1\n```'] });
    const before = llm.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { questionType: 'NL_2_SQL', input, dataSourceId: dsId } });
    expect(res.statusCode).toBe(200);
    const req = llm.requests.slice(before).at(-1)!;
    return (req.body.messages as { content: string }[]).map((m) => m.content).join('\n');
  };

  beforeAll(async () => {
    const file = path.join(dir, 'crm.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, full_name TEXT, city TEXT)');
    for (const name of ['invoices', 'shipments', 'warehouses', 'suppliers', 'payments', 'refunds', 'coupons', 'reviews', 'carts', 'staff']) db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, note TEXT)`);
    db.close();
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    dsId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'crm', type: 'SQLITE', filePath: file })).body.data;
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-knowledge-test', model: 'scripted-model', privacy: 'SCHEMA_ONLY' });
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without the item the question misses its table; with it the prompt explains the term and carries the table with its annotation', async () => {
    // A word of the team's own (WordNet, the linker's lexicon, knows 'patron' → customer): only the item can explain it.
    const before = await ask('How many zorblaxes wrote reviews?');
    expect(before).not.toContain('Team knowledge');
    expect(before).not.toContain('CREATE TABLE customers');

    expect((await t.json('POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'zorblax', content: 'A zorblax is a customer of ours', dataSourceId: dsId })).status).toBe(200);
    expect((await t.json('POST', '/api/knowledge/create', { kind: 'TABLE_ANNOTATION', name: 'customers', content: 'one row per paying customer; city is where they live', tableName: 'customers' })).status).toBe(200);
    expect((await t.json('POST', '/api/knowledge/create', { kind: 'BUSINESS_LOGIC', name: 'Refund window', content: 'Refunds are allowed for 30 days' })).status).toBe(200);

    const after = await ask('How many zorblaxes wrote reviews?');
    expect(after).toContain('### Team knowledge');
    expect(after).toContain('- Term: zorblax: A zorblax is a customer of ours');
    expect(after).not.toContain('Refund window');
    expect(after).toContain('CREATE TABLE customers');
    expect(after).toContain('one row per paying customer; city is where they live');
  });
});
