/**
 * Issue 29 item 6: a chat over a legacy .xls upload (02 §5 "xlsx, xls or csv"). Real BIFF8 workbooks
 * written at test time: the header wizard previews every sheet (numbers, text, dates, empty cells),
 * the chat loads each sheet into its DuckDB file with narrowed column types, and a small file of too
 * many cells is refused at upload with the xlsx message in the user's language.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckdbLoader } from '@askdb/drivers';
import { testApp, type TestApp } from '../../test/helpers.js';
import { upload, waitLoaded } from '../../test/chat-v2-helpers.js';
import { writeHostileXls, xlsBuffer } from '../../test/xls-files.js';
import { SPREADSHEET_LIMITS as L } from '../spreadsheet-limits.js';
import { chatDbFile, loadIntoDuckdb } from './excel-load.js';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));
const workbook = () => xlsBuffer([
  { name: 'Orders', rows: [['id', 'customer', 'amount', 'ordered', 'note'], [1, 'Ann', 12.5, day(2024, 2, 29), 'first'], [2, 'Bo', 7, day(2024, 3, 1), null], [3, null, 0.25, day(2024, 3, 2), 'third']] },
  { name: 'Visits', rows: [['at', 'count'], [day(2024, 1, 5, 9, 30), 4], [day(2024, 1, 6, 18, 0), 11]] },
]);

describe('.xls chat upload', () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-chat-xls-'));
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('previews every sheet, then loads each one into the chat as a table', async () => {
    const up = await upload(t, [{ name: 'sales.xls', content: workbook() }]);
    expect(up.status).toBe(200);
    expect(up.body.data.sheets).toEqual([
      { name: 'Orders', rows: [['id', 'customer', 'amount', 'ordered', 'note'], ['1', 'Ann', '12.5', '2024-02-29', 'first'], ['2', 'Bo', '7', '2024-03-01'], ['3', null, '0.25', '2024-03-02', 'third']] },
      { name: 'Visits', rows: [['at', 'count'], ['2024-01-05 09:30:00', '4'], ['2024-01-06 18:00:00', '11']] },
    ]);
    const created = await t.json('POST', '/api/ai/chat/create', { name: 'Old workbook', sourceType: 'EXCEL', uploadId: up.body.data.uploadId });
    expect(created.status).toBe(200);
    const { brief } = await waitLoaded(t, created.body.data.id);
    expect(brief.excel).toMatchObject({
      status: 'READY', rowsLoaded: 5,
      tables: [{ name: 'orders', sheet: 'Orders', rows: 3, columns: ['id', 'customer', 'amount', 'ordered', 'note'] }, { name: 'visits', sheet: 'Visits', rows: 2, columns: ['at', 'count'] }],
    });
  });

  it("gives the loaded columns the types of the sheet's values (numbers, dates, timestamps, text with empty cells)", async () => {
    const file = path.join(dir, 'sales.xls');
    fs.writeFileSync(file, workbook());
    const target = chatDbFile(dir, 1);
    await loadIntoDuckdb(file, target, { organizationId: 1, userId: 1, fileName: 'sales.xls', ext: 'xls', size: fs.statSync(file).size }, undefined, () => undefined);
    const db = await openDuckdbLoader(target);
    try {
      const types = await db.query("SELECT table_name AS t, column_name AS c, data_type AS d FROM information_schema.columns ORDER BY table_name, ordinal_position");
      expect(types.map((r) => `${r.t}.${r.c}:${r.d}`)).toEqual([
        'orders.id:BIGINT', 'orders.customer:VARCHAR', 'orders.amount:DOUBLE', 'orders.ordered:DATE', 'orders.note:VARCHAR',
        'visits.at:TIMESTAMP', 'visits.count:BIGINT',
      ]);
      const rows = await db.query('SELECT customer, note, CAST(ordered AS VARCHAR) AS ordered FROM orders ORDER BY id');
      expect(rows).toEqual([{ customer: 'Ann', note: 'first', ordered: '2024-02-29' }, { customer: 'Bo', note: null, ordered: '2024-03-01' }, { customer: null, note: 'third', ordered: '2024-03-02' }]);
    } finally {
      db.close();
    }
  });

  it('refuses a small .xls of too many cells with the xlsx message, in three languages', async () => {
    const file = path.join(dir, 'blanks.xls');
    writeHostileXls(file, { blankRows: Math.ceil(L.xlsCells / 256) + 1, columns: 256 });
    const content = fs.readFileSync(file);
    const en = await upload(t, [{ name: 'blanks.xls', content }]);
    expect(en.status).toBe(400);
    expect(en.body.errorMessage).toBe(`A file may have at most ${L.xlsCells} cells; this one has more`);
    expect((await upload(t, [{ name: 'blanks.xls', content }], { 'accept-language': 'zh-CN' })).body.errorMessage).toBe(`文件最多 ${L.xlsCells} 个单元格；此文件超过了该数量`);
    expect((await upload(t, [{ name: 'blanks.xls', content }], { 'accept-language': 'ja-JP' })).body.errorMessage).toBe(`ファイルのセルは ${L.xlsCells} 個までです。このファイルはそれを超えています`);
  });

  it('says a damaged .xls is damaged', async () => {
    const junk = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 0x41)]);
    const res = await upload(t, [{ name: 'junk.xls', content: junk }]);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(/not an \.xls workbook/);
  });
});
