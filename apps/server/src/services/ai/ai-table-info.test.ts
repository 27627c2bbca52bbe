/**
 * "Change AI table info" in the AI's path (local mode, SQLite, the scripted OpenAI-protocol model
 * server): an excluded column never reaches the model — not in the schema, the samples, the SQL
 * check's table, a collection chat, nor the MCP tools' schema output — while the AI names,
 * comments, enum values and example data do; schema linking finds a table by its AI name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../../test/helpers.js';

/** A column name and a value no other part of the schema or the prompt template could produce. */
const SECRET_COLUMN = 'zq_passport_number';
const SECRET_VALUE = 'PX-771-SECRET';

describe('AI table info reaches the model; excluded columns never do', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let dsId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-ai-table-info-'));

  /** Every request the model server saw during `fn`, as the raw JSON text that went over the wire. */
  const wire = async (fn: () => Promise<void>) => {
    const before = llm.requests.length;
    await fn();
    return llm.requests.slice(before).map((r) => JSON.stringify(r.body)).join('\n');
  };
  const ask = async (payload: Record<string, unknown>) => wire(async () => {
    llm.reply({ content: ['```sql\nSELECT 1\n```'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { questionType: 'NL_2_SQL', ...payload } });
    expect(res.statusCode).toBe(200);
  });
  // Saved as the tree names the place (SQLite's database "main"); chats and reads below name no database.
  const put = (body: Record<string, unknown>) => t.json('PUT', '/api/ai/table_info', { dataSourceId: dsId, databaseName: 'main', tableName: 'tbl_p', version: 0, ...body });

  beforeAll(async () => {
    const file = path.join(dir, 'crm.sqlite');
    const db = new Database(file);
    db.exec(`CREATE TABLE tbl_p (id INTEGER PRIMARY KEY, c_nm TEXT, c_st TEXT, ${SECRET_COLUMN} TEXT)`);
    db.exec(`CREATE TABLE tbl_o (id INTEGER PRIMARY KEY, p_ref INTEGER, amt NUMERIC)`);
    for (const name of ['invoices', 'shipments', 'warehouses', 'suppliers', 'refunds', 'coupons', 'reviews', 'carts', 'staff', 'stores', 'regions']) db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, note TEXT)`);
    const ins = db.prepare('INSERT INTO tbl_p (c_nm, c_st, ' + SECRET_COLUMN + ') VALUES (?, ?, ?)');
    for (let i = 0; i < 5; i++) ins.run(`Ada ${i}`, 'active', `${SECRET_VALUE}-${i}`);
    db.close();
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    dsId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'crm', type: 'SQLITE', filePath: file })).body.data;
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-table-info', model: 'scripted-model', privacy: 'SCHEMA_AND_SAMPLES' });
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('before any info the secret column and its values go to the model (the test can fail)', async () => {
    const body = await ask({ input: 'list every tbl_p row with its c_nm', dataSourceId: dsId });
    expect(body).toContain(SECRET_COLUMN);
    expect(body).toContain(SECRET_VALUE);
  });

  it('saves the info, reads it back, and the model gets names, comments, enum and examples but never the excluded column', async () => {
    const saved = await put({
      aiTableName: 'patients', aiTableComment: 'one row per patient of the clinic',
      columns: [
        { name: 'c_nm', aliasName: 'patient name', aliasComment: 'full legal name', exampleData: 'Ada Lovelace, Alan Turing' },
        { name: 'c_st', aliasName: 'status', enumValues: ['active', 'discharged'], exampleFunction: "upper(c_st)" },
        { name: SECRET_COLUMN, excluded: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(1);
    await t.json('PUT', '/api/ai/table_info', { dataSourceId: dsId, tableName: 'tbl_o', version: 0, columns: [{ name: 'p_ref', foreignTable: 'tbl_p', foreignColumn: 'id', aliasName: 'patient' }] });

    const read = await t.json('GET', `/api/ai/table_info?dataSourceId=${dsId}&tableName=tbl_p`);
    expect(read.body.data).toMatchObject({ aiTableName: 'patients', version: 1, canEdit: true });
    const cols = read.body.data.columns as { name: string; aliasName?: string; excluded?: boolean; enumValues?: string[] }[];
    expect(cols.map((c) => c.name)).toEqual(['id', 'c_nm', 'c_st', SECRET_COLUMN]);
    expect(cols.find((c) => c.name === SECRET_COLUMN)?.excluded).toBe(true);
    expect(cols.find((c) => c.name === 'c_st')?.enumValues).toEqual(['active', 'discharged']);

    // The question uses only the AI names: linking must find the table through them.
    const body = await ask({ input: 'How many patients are discharged?', dataSourceId: dsId });
    expect(body).toContain('CREATE TABLE tbl_p');
    expect(body).toContain('AI name: patients');
    expect(body).toContain('one row per patient of the clinic');
    expect(body).toContain('AI name: patient name');
    expect(body).toContain('values: active, discharged');
    expect(body).toContain('e.g. Ada Lovelace, Alan Turing');
    expect(body).not.toContain(SECRET_COLUMN);
    expect(body).not.toContain(SECRET_VALUE);

    const fk = await ask({ input: 'total amt per patient name', dataSourceId: dsId });
    expect(fk).toMatch(/FOREIGN KEY \(p_ref\) REFERENCES tbl_p\(id\)/);
    expect(fk).not.toContain(SECRET_COLUMN);
  });

  it("the model's SELECT * on the table goes back to it to name its columns (its results would carry the column), without naming the column", async () => {
    llm.reply({ content: ['```sql\nSELECT * FROM tbl_p\n```'] }, { content: ['```sql\nSELECT c_nm FROM tbl_p\n```'] });
    const before = llm.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { questionType: 'NL_2_SQL', input: 'show all patients', dataSourceId: dsId } });
    expect(res.statusCode).toBe(200);
    const sent = llm.requests.slice(before);
    expect(sent).toHaveLength(2);
    const retry = JSON.stringify(sent[1]!.body);
    expect(retry, JSON.stringify(sent[1]!.body.messages.at(-1))).toContain('reads a column of tbl_p that is not in the schema');
    expect(retry).not.toContain(SECRET_COLUMN);
    expect(res.body).toContain('SELECT c_nm FROM tbl_p');
  });

  it('a table-bound question, an AI data collection chat and schema linking leave the column out too', async () => {
    const bound = await ask({ questionType: 'TEXT_MODIFY_COLUMN', input: 'add a column for the birth date', dataSourceId: dsId, tableList: [{ tableName: 'tbl_p', tableType: 'TABLE' }] });
    expect(bound).toContain('tbl_p');
    expect(bound).not.toContain(SECRET_COLUMN);

    const collection = (await t.json('POST', '/api/ai/data_collection/create', { title: 'clinic' })).body.data as number;
    await t.json('POST', '/api/ai/data_collection/element/add', { id: collection, elements: [{ type: 'TABLE', tableName: 'tbl_p', dataSourceId: dsId }] });
    // A collection may rename the table for its chats, but cannot bring the excluded column back.
    const override = await put({ collectionId: collection, aiTableName: 'clinic clients', columns: [{ name: SECRET_COLUMN, excluded: false, aliasName: 'passport' }] });
    expect(override.status).toBe(200);
    const inCollection = await ask({ input: 'How many clinic clients?', dataSourceCollectionId: collection });
    expect(inCollection).toContain('AI name: clinic clients');
    expect(inCollection).not.toContain(SECRET_COLUMN);
    expect(inCollection).not.toContain(SECRET_VALUE);

    const linked = await t.json('POST', '/api/ai/schema_link', { dataSourceId: dsId, question: 'how many patients', limit: 3 });
    expect(linked.body.data[0].tableName).toBe('tbl_p');
    expect(JSON.stringify(linked.body.data)).not.toContain(SECRET_COLUMN);
  });

  it("the AI chart's query, whose rows go back to the model, may not read the excluded column", async () => {
    const dash = await t.json('POST', '/api/dashboard/create', { name: 'clinic', dataset: { dataSourceId: dsId } });
    expect(dash.status).toBe(200);
    // The model insists on the column: every answer (and every corrected answer) reads it.
    llm.handle(() => ({ content: [`\`\`\`sql\nSELECT c_nm, ${SECRET_COLUMN} FROM tbl_p\n\`\`\``] }));
    try {
      let res: { status: number; body: { success?: boolean } } = { status: 0, body: {} };
      const body = await wire(async () => {
        res = await t.json('POST', '/api/chart/ai', { dashboardId: dash.body.data.id ?? dash.body.data, question: 'patients by passport' });
      });
      // Refused (by the SQL check, and behind it by the run's own exclusion check): no chart, no rows sent back.
      expect(res.body).toMatchObject({ success: false });
      expect(body).not.toContain(SECRET_VALUE);
    } finally {
      llm.handle(undefined);
    }
  });

  it("the MCP tools' schema output leaves the column out and carries the AI names", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const client = new Client({ name: 'askdb-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/api/mcp`)));
    try {
      const described = (await client.callTool({ name: 'describe_table', arguments: { dataSourceId: dsId, tableName: 'tbl_p' } })) as { content: { text: string }[] };
      const text = described.content[0]!.text;
      expect(JSON.parse(text)).toMatchObject({ table: 'tbl_p', aiName: 'patients' });
      expect(text).toContain('patient name');
      expect(text).not.toContain(SECRET_COLUMN);
      const listed = (await client.callTool({ name: 'list_tables', arguments: { dataSourceId: dsId } })) as { content: { text: string }[] };
      expect(JSON.parse(listed.content[0]!.text).tables).toContainEqual({ name: 'tbl_p', comment: null, aiName: 'patients', aiComment: 'one row per patient of the clinic' });
      // The agent is a model too: its queries may not read the column, directly, through *, or in a subquery.
      const run = async (sql: string) => (await client.callTool({ name: 'run_query', arguments: { dataSourceId: dsId, sql } })) as { isError?: boolean; content: { text: string }[] };
      for (const sql of [`SELECT ${SECRET_COLUMN} FROM tbl_p`, 'SELECT * FROM tbl_p', `SELECT c_nm FROM tbl_p WHERE id IN (SELECT id FROM tbl_p WHERE ${SECRET_COLUMN} LIKE 'PX%')`, 'SELECT p.* FROM tbl_p p']) {
        const r = await run(sql);
        expect(r.isError, sql).toBe(true);
        expect(r.content[0]!.text).toContain('keeps from the AI');
        expect(r.content[0]!.text).not.toContain(SECRET_VALUE);
      }
      const ok = await run('SELECT c_nm FROM tbl_p ORDER BY id LIMIT 1');
      expect(ok.isError).toBeFalsy();
      expect(JSON.parse(ok.content[0]!.text).rows).toEqual([['Ada 0']]);
    } finally {
      await client.close();
    }
  });
});
