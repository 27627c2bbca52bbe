import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../test/helpers.js';

const KEY = 'sk-route-test-SECRET-9f8e7d6c5b4a';

/** The `data:` payloads of an SSE body, JSON-decoded except [DONE]. */
function sse(body: string): any[] {
  return body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => b.slice(6))
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}
const contentOf = (events: any[]) => events.filter((e) => typeof e === 'object' && 'content' in e).map((e) => e.content).join('');

describe('AI routes', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let dsId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-ai-route-'));
  const dbFile = path.join(dir, 'shop.sqlite');

  const chat = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: body, headers });
    return { res, events: sse(res.body) };
  };
  const configure = (extra: Record<string, unknown> = {}) =>
    t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: KEY, model: 'scripted-model', privacy: 'SCHEMA_ONLY', ...extra });

  beforeAll(async () => {
    const db = new Database(dbFile);
    db.exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
      CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total NUMERIC, ordered_at TEXT);
      CREATE INDEX orders_customer ON orders (customer_id);
      CREATE TABLE audit_log (id INTEGER PRIMARY KEY, actor TEXT, action TEXT);
      INSERT INTO customers VALUES (1, 'Ada', 'Paris'), (2, 'Linus', 'Qorvath'), (3, 'Grace', 'Arlington'), (4, 'Alan', 'Paris');
      INSERT INTO orders VALUES (1, 1, 10.5, '2024-01-01'), (2, 2, 99, '2024-02-01');`);
    db.close();
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    dsId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'shop', type: 'SQLITE', filePath: dbFile })).body.data;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => llm.handle(undefined));

  it('with nothing configured: settings say so, the model list is empty, the chat explains how to configure', async () => {
    const cfg = await t.json('GET', '/api/config/system_config/ai');
    expect(cfg.body.data).toMatchObject({ configured: false, apiKeyConfigured: false, canEdit: true });
    expect((await t.json('GET', '/api/v2/ai/model/list')).body.data).toEqual([]);
    const { res, events } = await chat({ questionType: 'NL_2_SQL', input: 'how many customers?' });
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(events[0]).toMatchObject({ errorCode: 'AI_NOT_CONFIGURED' });
    expect(events[0].errorMessage).toMatch(/Settings/);
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('stores the key encrypted and never returns it', async () => {
    const saved = await configure();
    expect(saved.status).toBe(200);
    const got = await t.json('GET', '/api/config/system_config/ai');
    expect(got.body.data).toMatchObject({ aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, model: 'scripted-model', apiKeyConfigured: true, configured: true });
    expect(JSON.stringify(got.body)).not.toContain('SECRET');
    expect(JSON.stringify(saved.body)).not.toContain('SECRET');
    // Stored per organisation (here the local user's personal one).
    const org = (await t.deps.store.db.selectFrom('users').select('current_org_id').where('id', '=', 1).executeTakeFirstOrThrow()).current_org_id;
    const raw = await t.deps.kv.get(`org:${org}`, 'ai.config');
    expect(raw).not.toContain('SECRET');
    expect(raw).toContain('"apiKeyEnc":"v1:');
    // Saving without a key keeps the stored one.
    await configure({ apiKey: undefined });
    expect((await t.json('GET', '/api/config/system_config/ai')).body.data.apiKeyConfigured).toBe(true);
  });

  it('rejects settings that can never work', async () => {
    const r = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'AZUREAI', apiHost: 'https://x.openai.azure.com' });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toMatch(/deployment/);
    const bad = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: 'not a url', model: 'm' });
    expect(bad.status).toBe(400);
  });

  it('NL_2_SQL: the prompt carries the linked schema and the question; the answer streams with its check, then [DONE]', async () => {
    await configure();
    llm.reply({ content: ['```sql\nSELECT c.name, SUM(o.total) ', 'FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name\n```'] });
    const { events, res } = await chat({ questionType: 'NL_2_SQL', input: 'total of orders per customer name', dataSourceId: dsId });
    const prompt = llm.lastPromptText();
    expect(prompt).toContain('CREATE TABLE customers');
    expect(prompt).toContain('CREATE TABLE orders');
    expect(prompt).toContain('total of orders per customer name');
    expect(prompt).toContain('SQLite');
    expect(prompt).not.toContain('audit_log');
    expect(llm.last().headers.authorization).toBe(`Bearer ${KEY}`);
    expect(contentOf(events)).toContain('SUM(o.total)');
    const check = events.find((e) => e.checks);
    expect(check.checks[0]).toMatchObject({ kind: 'READ', changesData: false, unknownColumns: [], dryRunPassed: true });
    expect(events.at(-1)).toBe('[DONE]');
    expect(res.body).not.toContain('SECRET');
  });

  it('relays thinking distinguishably from the answer', async () => {
    llm.reply({ thinking: ['plan: count rows'], content: ['<think>still thinking</think>', 'There are 4 customers.'] });
    const { events } = await chat({ questionType: 'ORDINARY_CHAT', input: 'how many customers are there?' });
    expect(events.filter((e) => e.thinking).map((e) => e.thinking).join('')).toBe('plan: count rowsstill thinking');
    expect(contentOf(events)).toBe('There are 4 customers.');
  });

  it('runs one corrective round when the SQL does not fit the database', async () => {
    llm.reply(
      { content: ['```sql\nSELECT name, amount FROM orders\n```'] },
      { content: ['```sql\nSELECT o.id, o.total FROM orders o\n```'] },
    );
    const before = llm.requests.length;
    const { events } = await chat({ questionType: 'NL_2_SQL', input: 'order amounts', dataSourceId: dsId }, { 'accept-language': 'en-US' });
    expect(llm.requests.length - before).toBe(2);
    expect(llm.last().body.messages.at(-1).content).toMatch(/`amount` does not exist/);
    const text = contentOf(events);
    expect(text).toContain('Asking the model to correct it');
    expect(text).toContain('SELECT o.id, o.total');
    const rounds = events.filter((e) => e.checks);
    expect(rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(rounds[0].checks[0].unknownColumns.sort()).toEqual(['amount', 'name']);
    expect(rounds[1].checks[0].unknownColumns).toEqual([]);
  });

  it('marks statements that change data', async () => {
    llm.reply({ content: ['```sql\nDELETE FROM audit_log WHERE id < 10\n```'] });
    const { events } = await chat({ questionType: 'NL_2_SQL', input: 'delete old audit log rows', dataSourceId: dsId });
    expect(events.find((e) => e.checks).checks[0]).toMatchObject({ changesData: true, kind: 'DATA_CHANGE' });
  });

  it('privacy decides what leaves: samples only with SCHEMA_AND_SAMPLES, nothing with NOTHING', async () => {
    await configure({ privacy: 'SCHEMA_AND_SAMPLES' });
    llm.reply({ content: ['ok'] });
    await chat({ questionType: 'NL_2_SQL', input: 'customers per city', dataSourceId: dsId });
    expect(llm.lastPromptText()).toContain("e.g. 'Paris', 'Qorvath', 'Arlington'");
    await configure({ privacy: 'NOTHING' });
    llm.reply({ content: ['ok'] });
    await chat({ questionType: 'NL_2_SQL', input: 'customers per city', dataSourceId: dsId });
    expect(llm.lastPromptText()).not.toContain('CREATE TABLE');
    expect(llm.lastPromptText()).not.toContain('Paris');
    await configure({ privacy: 'SCHEMA_ONLY' });
  });

  it('SQL_OPTIMIZER sends the engine EXPLAIN output and the indexes; SQL_DEBUG sends the database error', async () => {
    llm.reply({ content: ['ok'] }, { content: ['ok'] });
    await chat({ questionType: 'SQL_OPTIMIZER', input: 'SELECT * FROM orders WHERE customer_id = 1', dataSourceId: dsId });
    const p = llm.lastPromptText();
    expect(p).toMatch(/SEARCH orders USING INDEX orders_customer/);
    expect(p).toContain('orders: orders_customer (customer_id)');
    await chat({ questionType: 'SQL_DEBUG', input: 'SELECT totl FROM orders', errorMessage: 'no such column: totl', dataSourceId: dsId });
    expect(llm.lastPromptText()).toContain('no such column: totl');
  });

  it('maps a provider 401 to AI_KEY_INVALID in the user language, without the key', async () => {
    llm.reply({ status: 401, errorBody: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const { events, res } = await chat({ questionType: 'ORDINARY_CHAT', input: 'hi there' }, { 'accept-language': 'zh-CN' });
    expect(events[0]).toMatchObject({ errorCode: 'AI_KEY_INVALID' });
    expect(events[0].errorMessage).toContain('API Key');
    expect(events.at(-1)).toBe('[DONE]');
    expect(res.body).not.toContain('SECRET');
  });

  it('an unreachable model host ends the stream with AI_UNREACHABLE', async () => {
    const dead = await startScriptedLlmServer();
    await dead.close();
    await configure({ apiHost: dead.openAiBase });
    const { events } = await chat({ questionType: 'ORDINARY_CHAT', input: 'hello there' });
    expect(events[0].errorCode).toBe('AI_UNREACHABLE');
    await configure();
  });

  it('a client that goes away stops the upstream request', async () => {
    await configure();
    llm.reply({ forever: true, content: ['tick '], chunkDelayMs: 20 });
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    // A plain HTTP request on its own socket: the browser closing the tab.
    await new Promise<void>((resolve, reject) => {
      const r = http.request(
        { host: address.hostname, port: address.port, method: 'POST', path: '/api/v2/ai/chat', agent: false, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.once('data', () => {
            r.destroy();
            resolve();
          });
        },
      );
      r.on('error', (e) => (r.destroyed ? undefined : reject(e)));
      r.end(JSON.stringify({ questionType: 'ORDINARY_CHAT', input: 'talk forever' }));
    });
    const req = llm.last();
    await req.done;
    expect(req.closedEarly).toBe(true);
  });

  it('lists the configured model first, then the endpoint models', async () => {
    llm.models = ['other-model', 'scripted-model'];
    const r = await t.json('GET', '/api/v2/ai/model/list');
    expect(r.body.data).toEqual([
      { displayName: 'scripted-model', modelName: 'scripted-model', isDefault: true },
      { displayName: 'other-model', modelName: 'other-model', isDefault: false },
    ]);
  });

  it('schema_link ranks the tables a question needs', async () => {
    const r = await t.json('POST', '/api/ai/schema_link', { dataSourceId: dsId, question: 'which customers placed orders', limit: 2 });
    expect(r.body.data.map((x: { tableName: string }) => x.tableName).sort()).toEqual(['customers', 'orders']);
    expect(r.body.data[0]).toHaveProperty('score');
    expect(r.body.data[0].columns.length).toBeGreaterThan(0);
  });

  it('schema_link finds a table by a value the question names, only when privacy allows samples', async () => {
    const ask = async () =>
      (await t.json('POST', '/api/ai/schema_link', { dataSourceId: dsId, question: 'Anything about Qorvath?', limit: 3 })).body.data as { tableName: string; columns: string[] }[];
    await configure({ privacy: 'SCHEMA_ONLY' });
    expect((await ask())[0]!.tableName).not.toBe('customers');
    await configure({ privacy: 'SCHEMA_AND_SAMPLES' });
    const r = await ask();
    expect(r[0]).toMatchObject({ tableName: 'customers' });
    expect(r[0]!.columns[0]).toBe('city');
    await configure({ privacy: 'SCHEMA_ONLY' });
  });

  it('on a schema over the prompt budget, a first cheap call lets the model pick the tables from a compact list', async () => {
    await configure({ privacy: 'SCHEMA_ONLY' });
    const bigFile = path.join(dir, 'big.sqlite');
    const big = new Database(bigFile);
    // Five tables have a `widget_count` column: the lexical ranking cannot tell them apart, the model can.
    for (let i = 0; i < 150; i++) {
      const cols = Array.from({ length: 8 }, (_, j) => `c_${i}_${j} TEXT`);
      if (i >= 40 && i < 45) cols.push('widget_count INTEGER');
      big.exec(`CREATE TABLE t_${i} (${cols.join(', ')})`);
    }
    big.close();
    const bigId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'big', type: 'SQLITE', filePath: bigFile })).body.data;
    llm.reply({ content: ['["t_42"]'] }, { content: ['```sql\nSELECT count(*) FROM t_42\n```'] });
    const before = llm.requests.length;
    const { events } = await chat({ questionType: 'NL_2_SQL', input: 'how many widgets were sold', dataSourceId: bigId });
    expect(events.at(-1)).toBe('[DONE]');
    const [pick, answer] = llm.requests.slice(before);
    const text = (r: typeof pick) => (r!.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    expect(text(pick)).toContain('t_42: widget_count, c_42_0');
    expect(text(pick)).toContain('Question: how many widgets were sold');
    expect(text(answer)).toContain('CREATE TABLE t_42 (');
    expect(text(answer).indexOf('CREATE TABLE t_42 (')).toBeLessThan(text(answer).indexOf('CREATE TABLE t_40 ('));
    // the small shop schema needs no such call
    llm.reply({ content: ['```sql\nSELECT 1\n```'] });
    const n = llm.requests.length;
    await chat({ questionType: 'NL_2_SQL', input: 'how many customers', dataSourceId: dsId });
    expect(llm.requests.length - n).toBe(1);
  });

  it('refuses more than 8 tables', async () => {
    const tableList = Array.from({ length: 9 }, (_, i) => ({ tableName: `t${i}` }));
    const r = await t.json('POST', '/api/v2/ai/chat', { questionType: 'NL_2_SQL', input: 'x', tableList });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toContain('You can only select up to 8 tables');
  });
});
