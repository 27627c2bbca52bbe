/**
 * Issue 23 §3: hostile spreadsheets are refused by every reader before they are held — the chat
 * upload, the magic Excel check, the import preview and the knowledge import — with a message that
 * says which limit and why, in the user's language. Each file is just past one limit (the ones in
 * the issue were 14 million rich-text runs and 100,001 columns; these stay small enough to be
 * read whole by the old code, which answered them without a word).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { upload as chatUpload, multipart as chatMultipart } from '../test/chat-v2-helpers.js';
import { upload as taskUpload, multipart } from '../test/task-helpers.js';
import { wideCsv, writeHostileXlsx, type XlsxShape } from '../test/hostile-spreadsheets.js';
import { chatLoadRows, SPREADSHEET_LIMITS } from '../services/spreadsheet-limits.js';
import { keptFiles } from '../services/files/kept-files.js';

const L = SPREADSHEET_LIMITS;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-hostile-'));
const forged = (name: string, shape: XlsxShape) => {
  const file = path.join(dir, name);
  writeHostileXlsx(file, shape);
  return fs.readFileSync(file);
};

describe('spreadsheet limits at every reader', () => {
  let t: TestApp;
  let richRuns: Buffer;
  let manyStrings: Buffer;
  let wideSheet: Buffer;
  let farColumn: Buffer;
  const wide = wideCsv(L.columns + 1, 2, '1');

  beforeAll(async () => {
    t = await testApp({ demo: false });
    richRuns = forged('runs.xlsx', { sharedStrings: { items: 2, runs: Math.ceil((L.richTextRuns + 1) / 2) }, rows: 2, cells: 2 });
    manyStrings = forged('strings.xlsx', { sharedStrings: { items: L.sharedStrings + 1 }, rows: 2, cells: 2 });
    wideSheet = forged('wide.xlsx', { rows: 2, cells: L.columns + 1 });
    farColumn = forged('far.xlsx', { rows: 3, cells: 2, lastColumn: 'XFD' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const chatUploads = async () => { const k = await keptFiles(t.deps, 'chat-upload'); return [...k.stored, ...k.onDisk]; };

  it('chat upload: rich-text runs, shared strings, columns (xlsx and CSV) — refused, nothing kept, in three languages', async () => {
    const cases: [string, Buffer | string, RegExp][] = [
      ['runs.xlsx', richRuns, new RegExp(`at most ${L.richTextRuns} rich-text runs`)],
      ['strings.xlsx', manyStrings, new RegExp(`at most ${L.sharedStrings} distinct texts`)],
      ['wide.xlsx', wideSheet, new RegExp(`at most ${L.columns} columns`)],
      ['far.xlsx', farColumn, new RegExp(`at most ${L.columns} columns`)],
      ['wide.csv', wide, new RegExp(`at most ${L.columns} columns`)],
    ];
    for (const [name, content, message] of cases) {
      const r = await chatUpload(t, [{ name, content }]);
      expect(r.status, name).toBe(400);
      expect(r.body.errorMessage, name).toMatch(message);
    }
    expect(await chatUploads()).toEqual([]);
    expect((await chatUpload(t, [{ name: 'runs.xlsx', content: richRuns }], { 'accept-language': 'zh-CN' })).body.errorMessage).toBe(`工作簿最多包含 ${L.richTextRuns} 个富文本片段（文本中格式不同的部分）；此工作簿超过了该数量`);
    expect((await chatUpload(t, [{ name: 'wide.csv', content: wide }], { 'accept-language': 'ja-JP' })).body.errorMessage).toBe(`シートの列は ${L.columns} 列までです。このファイルにはそれを超える行があります`);
  });

  it('chat upload: a sheet too wide, or too wide and long, for a chat load is refused up front', async () => {
    const columns = 500;
    const rows = chatLoadRows(columns);
    const long = await chatUpload(t, [{ name: 'long.csv', content: wideCsv(columns, rows, '') }]);
    expect(long.status).toBe(400);
    expect(long.body.errorMessage).toBe(`A sheet with ${columns} columns can load at most ${rows} rows into a chat; this one has more`);
    expect((await chatUpload(t, [{ name: 'fits.csv', content: wideCsv(columns, rows - 1, '') }])).status).toBe(200);
    const wider = await chatUpload(t, [{ name: 'wider.csv', content: wideCsv(L.chatColumns + 1, 2, '') }]);
    expect(wider.body.errorMessage).toBe(`A sheet may have at most ${L.chatColumns} columns; this file has a row with more`);
  });

  it('magic Excel check: the same refusals', async () => {
    for (const [name, content] of [['wide.csv', wide], ['runs.xlsx', richRuns]] as const) {
      const m = chatMultipart([{ name, content }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/ai/magic/excel/check', payload: m.payload, headers: m.headers });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errorMessage, name).toMatch(/at most/);
    }
  });

  it('import task preview: wide CSV, wide JSON, shared strings past the limit', async () => {
    const preview = async (name: string, content: Buffer, format: string) => {
      const uploadId = await taskUpload(t, name, content);
      return t.json('POST', '/api/task/import/preview', { uploadId, format, encoding: 'utf-8', header: true });
    };
    const csv = await preview('wide.csv', Buffer.from(wide), 'csv');
    expect(csv.status).toBe(400);
    expect(csv.body.errorMessage).toMatch(new RegExp(`at most ${L.columns} columns`));
    // A narrow header, then a row past the limit: refused while reading, not held.
    const late = await preview('late.csv', Buffer.from(`a,b\n1,2\n${','.repeat(L.columns + 5)}\n`), 'csv');
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toMatch(new RegExp(`at most ${L.columns} columns`));
    const json = await preview('wide.json', Buffer.from(JSON.stringify([Object.fromEntries(Array.from({ length: L.columns + 1 }, (_, i) => [`k${i}`, i]))])), 'json');
    expect(json.status).toBe(400);
    expect(json.body.errorMessage).toMatch(new RegExp(`at most ${L.columns} columns`));
    const xlsx = await preview('strings.xlsx', manyStrings, 'xlsx');
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.errorMessage).toMatch(new RegExp(`at most ${L.sharedStrings} distinct texts`));
  });

  it('knowledge import: rich-text runs past the limit', async () => {
    const m = multipart('knowledge.xlsx', richRuns);
    const res = await t.app.inject({ method: 'POST', url: '/api/knowledge/import', payload: m.payload, headers: { ...m.headers, 'accept-language': 'ja-JP' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe(`ブックに含められるリッチテキストの断片（書式の異なるテキスト部分）は ${L.richTextRuns} 個までです。このブックはそれを超えています`);
  });
});
