/**
 * Named chats over uploaded files (issue 17 points 1-2), against the scripted OpenAI-protocol model
 * server and the chat's real DuckDB file: upload → header wizard → question → SQL over the file;
 * answers in parts by step with retry and feedback; bad files (corrupt, empty sheet, merged header
 * cells, too large, two files); a 1,000,000-row CSV streamed in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../test/helpers.js';
import { finalParts, post, upload, waitLoaded, xlsx } from '../test/chat-v2-helpers.js';
import { keptFiles } from '../services/files/kept-files.js';

describe('named chats over Excel/CSV files', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  /** The SQL the scripted model answers with, and what it says when asked to summarise. */
  let sqlReply: string;
  const SUMMARY = 'North sold the most.';

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-test', model: 'scripted-model', privacy: 'SCHEMA_AND_SAMPLES' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.handle((req) => {
      const text = JSON.stringify(req.body);
      if (text.includes('You summarise')) return { content: [SUMMARY] };
      return { content: ['Here it is:\n```sql\n', sqlReply, '\n```'] };
    });
  });

  const createExcel = async (uploadId: string, header?: object, name = 'Sales file') => {
    const r = await t.json('POST', '/api/ai/chat/create', { name, sourceType: 'EXCEL', uploadId, ...(header ? { header } : {}) });
    expect(r.status).toBe(200);
    return waitLoaded(t, r.body.data.id);
  };

  it('upload → wizard preview → create → question answered with SQL run over the file in DuckDB, in parts by step', async () => {
    const up = await upload(t, [{ name: 'sales.csv', content: 'region,amount\nnorth,10\nsouth,20\nnorth,5\n' }]);
    expect(up.status).toBe(200);
    expect(up.body.data.sheets[0].rows.slice(0, 2)).toEqual([['region', 'amount'], ['north', '10']]);
    const { brief } = await createExcel(up.body.data.uploadId);
    expect(brief.excel).toMatchObject({ status: 'READY', progress: 100, rowsLoaded: 3, tables: [{ name: 'sales', rows: 3, columns: ['region', 'amount'] }] });

    sqlReply = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
    const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'Total amount by region?' });
    expect(ask.status).toBe(200);
    // Each part is sent by its step index as it changes: LOADING first, then its outcome.
    if (process.env.DEBUG_CHAT) console.log(JSON.stringify(ask.events));
    const steps = ask.events.filter((e) => e?.part).map((e) => `${e.part.step}:${e.part.status}`);
    expect(steps).toEqual(['0:LOADING', '0:SUCCESS', '1:LOADING', '1:SUCCESS', '2:LOADING', '2:SUCCESS', '3:LOADING', '3:SUCCESS', '4:LOADING', '4:SUCCESS']);
    const parts = finalParts(ask.events);
    expect(parts[0].content).toContain('sales');
    expect(parts[1].content).toBe(sqlReply);
    expect(parts[2]).toMatchObject({ headerList: ['region', 'total'], dataList: [['north', '15'], ['south', '20']] });
    expect(parts[3].chart).toEqual({ type: 'bar', x: 'region', y: ['total'] });
    expect(parts[4].content).toBe(SUMMARY);
    // The SQL prompt carried the file's schema as DuckDB tables.
    const sqlPrompt = JSON.stringify(llm.requests.find((r) => !JSON.stringify(r.body).includes('You summarise'))!.body);
    expect(sqlPrompt).toMatch(/DuckDB/);
    expect(sqlPrompt).toContain('amount');

    // Stored: the chat detail gives the same parts back, newest first; feedback sticks.
    const got = await t.json('GET', `/api/v2/ai/chat/get?id=${brief.id}`);
    expect(got.body.data.chatDetails).toMatchObject({ total: 1, pageSize: 5, hasNextPage: false });
    expect(got.body.data.chatDetails.data[0].parts[2].dataList).toEqual([['north', '15'], ['south', '20']]);
    const answerId = got.body.data.chatDetails.data[0].id;
    const fb = await t.json('POST', '/api/ai/chat/answer/feedback', { answerId, helpful: false, reason: 'wrong region' });
    expect(fb.body.data).toEqual({ helpful: false, reason: 'wrong region' });

    // Slash magic: /query_table stops after the table.
    const table = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'regions', magic: 'query_table' });
    const tp = finalParts(table.events);
    // A follow-up carries the chat's earlier question and its SQL.
    expect(JSON.stringify(llm.last().body.messages)).toContain('Total amount by region?');
    expect(tp.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SKIPPED', 'SKIPPED']);

    // Rename; the list has it.
    await t.json('POST', '/api/ai/chat/update', { id: brief.id, name: 'Regions' });
    const list = await t.json('GET', '/api/v2/ai/chat/list');
    expect(list.body.data.data.find((c: any) => c.id === brief.id)).toMatchObject({ name: 'Regions', sourceType: 'EXCEL' });
  });

  it('a failed part says why and is retried: later parts wait as SKIPPED, the retry completes them', async () => {
    const up = await upload(t, [{ name: 'shop.csv', content: 'item;price\napple;2\npear;3\n' }]);
    const { brief } = await createExcel(up.body.data.uploadId);
    llm.handle(() => ({ content: ['I cannot help with that.'] }));
    const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'most expensive item', magic: 'query_chart' });
    const parts = finalParts(ask.events);
    expect(parts.map((p) => p.status)).toEqual(['SUCCESS', 'FAIL', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
    expect(parts[1].error).toBe('Sorry, AI failed to generate the report, please re-enter');
    const answerId = ask.events[0].answerId;

    llm.handle(() => ({ content: ['```sql\nSELECT item, price FROM shop ORDER BY price DESC\n```'] }));
    const retry = await post(t, '/api/ai/chat/answer/retry', { answerId, step: 1 });
    const after = finalParts(retry.events);
    expect(after[0]).toBeUndefined(); // step 0 was not run again
    expect(after.slice(1).map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SKIPPED']);
    expect(after[2].dataList).toEqual([['pear', '3'], ['apple', '2']]);
    // A step that succeeded is not run again; the refusal reads in the user's language.
    const again = await post(t, '/api/ai/chat/answer/retry', { answerId, step: 1 }, { 'accept-language': 'ja-JP' });
    expect(again.status).toBe(409);
    expect(again.json.errorMessage).toBe('ステップ 1 は再実行できません：再実行できるのは、前のステップが成功した失敗ステップだけです');
    // The SQL part edited by hand (a read-only statement only), then run from the result step.
    expect((await t.json('POST', '/api/ai/parts/answer/update', { answerId, step: 1, content: 'UPDATE shop SET price = 0' })).body.errorMessage).toMatch(/only runs queries that read/);
    const edited = await t.json('POST', '/api/ai/parts/answer/update', { answerId, step: 1, content: 'SELECT item FROM shop WHERE price > 2;' });
    expect(edited.body.data.parts.map((p: any) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'WAITING', 'WAITING', 'WAITING']);
    expect(finalParts((await post(t, '/api/ai/chat/answer/retry', { answerId, step: 2 })).events)[2].dataList).toEqual([['pear']]);
    // The SQL is checked against the file's tables: an unknown column gets one repair round.
    let calls = 0;
    llm.handle(() => (++calls === 1 ? { content: ['```sql\nSELECT itemz FROM shop\n```'] } : { content: ['```sql\nSELECT item FROM shop ORDER BY item\n```'] }));
    const repaired = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'items', magic: 'query_table' });
    expect(calls).toBe(2);
    expect(JSON.stringify(llm.last().body)).toContain('itemz');
    expect(finalParts(repaired.events)[1].content).toBe('SELECT item FROM shop ORDER BY item');
    expect(finalParts(repaired.events)[2].dataList).toEqual([['apple'], ['pear']]);
    // A statement that changes data is refused by the SQL step.
    llm.handle(() => ({ content: ['```sql\nDELETE FROM shop\n```'] }));
    const del = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'remove everything' });
    expect(finalParts(del.events)[1]).toMatchObject({ status: 'FAIL', error: expect.stringMatching(/only runs queries that read/) });
  });

  it('header wizard on an xlsx: a title row above two header rows with merged cells; every sheet; an empty sheet makes no table', async () => {
    const file = await xlsx((wb) => {
      const ws = wb.addWorksheet('Quarterly Sales');
      ws.addRow(['Report 2024']);
      ws.addRow(['Region', 'Sales', null, 'Notes']);
      ws.addRow([null, 'Q1', 'Q2', null]);
      ws.mergeCells('B2:C2');
      ws.addRow(['north', 10, 12.5, 'ok']);
      ws.addRow(['south', 7, 3, null]);
      wb.addWorksheet('Empty');
      const h = wb.addWorksheet('Header only');
      h.addRow(['x']);
      h.addRow(['a', 'b']);
      h.addRow(['c', 'd']);
    });
    const up = await upload(t, [{ name: 'report.xlsx', content: file }]);
    expect(up.status).toBe(200);
    expect(up.body.data.sheets.map((s: any) => s.name)).toEqual(['Quarterly Sales', 'Empty', 'Header only']);
    const { brief } = await createExcel(up.body.data.uploadId, { orientation: 'HORIZONTAL', from: 2, to: 3, applyToAllSheets: true });
    expect(brief.excel.status).toBe('READY');
    expect(brief.excel.tables).toEqual([
      { name: 'quarterly_sales', sheet: 'Quarterly Sales', rows: 2, columns: ['Region', 'Sales_Q1', 'Sales_Q2', 'Notes'] },
      { name: 'header_only', sheet: 'Header only', rows: 0, columns: ['a_c', 'b_d'] },
    ]);
    sqlReply = 'SELECT Region, "Sales_Q1" + "Sales_Q2" AS total FROM quarterly_sales ORDER BY total DESC';
    const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'total sales per region', magic: 'query_table' });
    expect(finalParts(ask.events)[2].dataList).toEqual([['north', '22.5'], ['south', '10.0']]);
  });

  it('a vertical header (fields in rows) is transposed', async () => {
    const up = await upload(t, [{ name: 'people.csv', content: 'name,Ada,Linus\nage,36,28\n' }]);
    const { brief } = await createExcel(up.body.data.uploadId, { orientation: 'VERTICAL', from: 1, to: 1 });
    expect(brief.excel.tables[0]).toMatchObject({ columns: ['name', 'age'], rows: 2 });
    sqlReply = 'SELECT name FROM people WHERE age > 30';
    const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'who is over 30', magic: 'query_table' });
    expect(finalParts(ask.events)[2].dataList).toEqual([['Ada']]);
  });

  it('refuses a corrupt xlsx, a file without rows, a wrong type, two files and a file over the limit, each with its message', async () => {
    const corrupt = await upload(t, [{ name: 'broken.xlsx', content: Buffer.from('PK\u0003\u0004 this is not a workbook') }]);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.errorMessage).toMatch(/could not be read as an Excel workbook/);
    const empty = await upload(t, [{ name: 'empty.xlsx', content: await xlsx((wb) => wb.addWorksheet('Nothing')) }]);
    expect(empty.body.errorMessage).toBe('The file has no rows');
    const txt = await upload(t, [{ name: 'notes.txt', content: 'a,b' }]);
    expect(txt.body.errorMessage).toBe('Only xlsx, xls or csv files can be uploaded');
    const two = await upload(t, [{ name: 'a.csv', content: 'a\n1\n' }, { name: 'b.csv', content: 'b\n2\n' }]);
    expect(two.body.errorMessage).toBe('Upload one file only');
    process.env.ASKDB_CHAT_UPLOAD_MB = '1';
    try {
      const big = await upload(t, [{ name: 'big.csv', content: 'a\n' + '1234567\n'.repeat(200_000) }], { 'accept-language': 'zh-CN' });
      expect(big.status).toBe(413);
      expect(big.body.errorMessage).toBe('文件必须小于 1MB！');
    } finally {
      delete process.env.ASKDB_CHAT_UPLOAD_MB;
    }
    // Nothing of the refused files is kept.
    expect((await keptFiles(t.deps, 'chat-upload')).stored).toEqual([]);
    // Asking a chat that does not exist is a 404; the name is required.
    expect((await t.json('POST', '/api/ai/chat/create', { name: ' ', sourceType: 'EXCEL', uploadId: '00000000-0000-0000-0000-000000000000' })).body.errorMessage).toMatch(/This field is required!/);
  });

  it('streams a 1,000,000-row CSV into DuckDB with progress and bounded memory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-chat-big-'));
    const file = path.join(dir, 'big.csv');
    const out = fs.openSync(file, 'w');
    fs.writeSync(out, 'id,city,amount\n');
    for (let b = 0; b < 100; b++) {
      let s = '';
      for (let i = b * 10_000; i < (b + 1) * 10_000; i++) s += `${i},city${i % 50},${(i % 1000) / 10}\n`;
      fs.writeSync(out, s);
    }
    fs.closeSync(out);
    const content = fs.readFileSync(file);
    const up = await upload(t, [{ name: 'big.csv', content }]);
    expect(up.status).toBe(200);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const { brief } = await createExcel(up.body.data.uploadId);
    clearInterval(sampler);
    expect(brief.excel).toMatchObject({ status: 'READY', rowsLoaded: 1_000_000, progress: 100 });
    // Loosely bounded: the 18 MB file was not turned into a million JS row objects (that costs > 500 MB).
    expect(peak - before).toBeLessThan(400 * 1024 * 1024);
    sqlReply = 'SELECT count(*) AS n, count(DISTINCT city) AS cities FROM big';
    const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'how many rows and cities', magic: 'query_table' });
    expect(finalParts(ask.events)[2].dataList).toEqual([['1000000', '50']]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
