import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../test/helpers.js';

describe('AI data collections', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let salesId: number;
  let hrId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-ai-coll-'));

  beforeAll(async () => {
    const sales = new Database(path.join(dir, 'sales.sqlite'));
    sales.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount NUMERIC, issued_on TEXT); CREATE TABLE leads (id INTEGER PRIMARY KEY, email TEXT);');
    sales.close();
    const hr = new Database(path.join(dir, 'hr.sqlite'));
    hr.exec('CREATE TABLE staff (id INTEGER PRIMARY KEY, full_name TEXT, salary NUMERIC); CREATE VIEW payroll AS SELECT id, salary FROM staff;');
    hr.close();
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    salesId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'sales db', type: 'SQLITE', filePath: path.join(dir, 'sales.sqlite') })).body.data;
    hrId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'hr db', type: 'SQLITE', filePath: path.join(dir, 'hr.sqlite') })).body.data;
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, model: 'm' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('create, rename, add tables and views from several data sources, list, remove, delete', async () => {
    const id = (await t.json('POST', '/api/ai/data_collection/create', { title: 'Finance' })).body.data;
    expect(typeof id).toBe('number');
    expect((await t.json('POST', '/api/ai/data_collection/rename', { id, title: 'Finance & HR' })).body.data).toBe(true);
    const list = await t.json('GET', '/api/ai/data_collection/list?pageNo=1&pageSize=1000');
    expect(list.body.data.data).toContainEqual({ id, title: 'Finance & HR' });

    const added = await t.json('POST', '/api/ai/data_collection/element/add', {
      id,
      elements: [
        { type: 'TABLE', tableName: 'invoices', dataSourceId: salesId, databaseName: 'main' },
        { type: 'view', tableName: 'payroll', dataSourceId: hrId, databaseName: 'main' },
        { type: 'TABLE', tableName: 'invoices', dataSourceId: salesId, databaseName: 'main' },
      ],
    });
    expect(added.body.data).toHaveLength(2);
    const els = (await t.json('GET', `/api/ai/data_collection/element/list?id=${id}&pageNo=1&pageSize=1000`)).body.data.data;
    expect(els.map((e: any) => [e.type, e.tableName, e.dataSourceName, e.databaseName])).toEqual([
      ['TABLE', 'invoices', 'sales db', 'main'],
      ['VIEW', 'payroll', 'hr db', 'main'],
    ]);

    expect((await t.json('POST', '/api/ai/data_collection/element/delete', { id, elementId: els[1].id })).body.data).toBe(true);
    expect((await t.json('POST', '/api/ai/data_collection/element/delete', { id, elementId: els[1].id })).status).toBe(404);
    expect((await t.json('DELETE', `/api/ai/data_collection/${id}`)).body.data).toBe(true);
    expect((await t.json('GET', `/api/ai/data_collection/element/list?id=${id}`)).status).toBe(404);
  });

  it('validates input and refuses unknown data sources', async () => {
    expect((await t.json('POST', '/api/ai/data_collection/create', { title: '  ' })).status).toBe(400);
    const id = (await t.json('POST', '/api/ai/data_collection/create', { title: 'x' })).body.data;
    const r = await t.json('POST', '/api/ai/data_collection/element/add', { id, elements: [{ tableName: 't', dataSourceId: 99999 }] });
    expect(r.status).toBe(404);
  });

  it('a chat bound to a collection sees only its tables, with their annotations', async () => {
    const id = (await t.json('POST', '/api/ai/data_collection/create', { title: 'Money' })).body.data;
    await t.json('POST', '/api/ai/data_collection/element/add', {
      id,
      elements: [
        { tableName: 'invoices', dataSourceId: salesId, databaseName: 'main' },
        { tableName: 'staff', dataSourceId: hrId, databaseName: 'main' },
      ],
    });
    const els = (await t.json('GET', `/api/ai/data_collection/element/list?id=${id}`)).body.data.data;
    const inv = els.find((e: any) => e.tableName === 'invoices');
    await t.json('POST', '/api/ai/data_collection/element/annotate', { id, elementId: inv.id, annotation: 'Bills we sent to clients; amount is in euros' });
    llm.reply({ content: ['ok'] });
    await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { questionType: 'NL_2_SQL', input: 'total billed to clients in euros', dataSourceCollectionId: id } });
    const prompt = llm.lastPromptText();
    expect(prompt).toContain('Bills we sent to clients; amount is in euros');
    expect(prompt).toContain('main.invoices');
    expect(prompt).not.toContain('leads');
  });
});
