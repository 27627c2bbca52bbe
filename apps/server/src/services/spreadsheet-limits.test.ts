/**
 * The counting passes behind the spreadsheet limits: a CSV's records, widest record and cells
 * without keeping any text; an xlsx's shared strings, rich-text runs, rows, cells and widest row as
 * its parts inflate — each refused the moment a limit is passed, with the limit in the message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { chatLoadRows, checkChatLoad, scanDelimited, SPREADSHEET_LIMITS as L, SpreadsheetTooLarge } from './spreadsheet-limits.js';
import { guardZip } from './tasks/xlsx.js';
import { wideCsv, writeHostileXlsx } from '../test/hostile-spreadsheets.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-limits-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, content);
  return f;
};

async function refusal(p: Promise<unknown>): Promise<SpreadsheetTooLarge> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(SpreadsheetTooLarge);
  return e as SpreadsheetTooLarge;
}

describe('scanDelimited', () => {
  it('counts records, the widest record and cells: quotes, doubled quotes, CR LF, blank lines, no final newline', async () => {
    const f = file('ok.csv', 'a,b,c\r\n"x, ""y""",2,3\r\n\r\n"multi\nline",5\n7,8,9,10');
    expect(await scanDelimited(f, ',')).toEqual({ records: 4, columns: 4, cells: 3 + 3 + 2 + 4 });
    expect(await scanDelimited(file('semi.csv', 'a;b\n1;2\n'), ';')).toEqual({ records: 2, columns: 2, cells: 4 });
  });

  it('refuses one column past the limit, in three languages', async () => {
    expect(await scanDelimited(file('edge.csv', wideCsv(L.columns, 1)), ',')).toMatchObject({ columns: L.columns });
    const e = await refusal(scanDelimited(file('wide.csv', wideCsv(L.columns + 1, 1)), ','));
    expect(e.message).toBe(`A sheet may have at most ${L.columns} columns; this file has a row with more`);
    expect(e.text('zh-CN')).toBe(`每个工作表最多 ${L.columns} 列；此文件中有一行超过了该数量`);
    // A delimiter inside quotes is text, not a column.
    expect(await scanDelimited(file('quoted.csv', `"${','.repeat(L.columns + 10)}"\n`), ',')).toMatchObject({ columns: 1 });
  });

  it('refuses a record longer than the record limit (an endless quoted field)', async () => {
    const e = await refusal(scanDelimited(file('long.csv', `a\n"${'x'.repeat(L.recordBytes + 1)}`), ','));
    expect(e.message).toBe(`A row may take at most ${L.recordBytes / 1024 / 1024}MB; row 2 takes more`);
  });
});

describe('the xlsx scan inside guardZip', () => {
  it('counts what a real workbook holds', async () => {
    const wb = new ExcelJS.Workbook();
    const a = wb.addWorksheet('A');
    a.addRow(['name', 'n']);
    for (let i = 0; i < 50; i++) a.addRow([`item ${i % 7}`, i]);
    const b = wb.addWorksheet('B');
    b.getCell('AA3').value = { richText: [{ text: 'bo', font: { bold: true } }, { text: 'ld' }] };
    const f = file('real.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const counts = await guardZip(f);
    expect(counts.sharedStrings).toBe(2 + 7 + 1);
    expect(counts.richTextRuns).toBe(2);
    expect(counts.sheets.map((s) => ({ rows: s.rows, columns: s.columns, cells: s.cells }))).toEqual([{ rows: 51, columns: 2, cells: 102 }, { rows: 1, columns: 27, cells: 1 }]);
  });

  it('refuses each limit just past it: shared strings, rich-text runs, cells in a row, a far column reference', async () => {
    const forged = (name: string, shape: Parameters<typeof writeHostileXlsx>[1]) => {
      const f = path.join(dir, name);
      writeHostileXlsx(f, shape);
      return f;
    };
    expect((await refusal(guardZip(forged('s.xlsx', { sharedStrings: { items: L.sharedStrings + 1 } })))).key).toBe('TOO_MANY_SHARED_STRINGS');
    expect((await refusal(guardZip(forged('r.xlsx', { sharedStrings: { items: 1, runs: L.richTextRuns + 1 } })))).key).toBe('TOO_MANY_TEXT_RUNS');
    expect((await refusal(guardZip(forged('c.xlsx', { rows: 1, cells: L.columns + 1 })))).key).toBe('TOO_MANY_COLUMNS');
    expect((await refusal(guardZip(forged('x.xlsx', { rows: 1, cells: 1, lastColumn: 'XFD' })))).key).toBe('TOO_MANY_COLUMNS');
    const within = await guardZip(forged('ok.xlsx', { sharedStrings: { items: 1000, runs: 3 }, rows: 10, cells: L.columns }));
    expect(within).toMatchObject({ sharedStrings: 1000, richTextRuns: 3000, sheets: [{ rows: 10, columns: L.columns, cells: 10 * L.columns }] });
  });

  it('refuses shared strings that unpack past their byte limit, stopping the inflation there', async () => {
    const f = path.join(dir, 'big.xlsx');
    writeHostileXlsx(f, { sharedStrings: { items: 1000, text: 'y'.repeat(Math.ceil(L.sharedStringsBytes / 1000) + 10) } });
    expect((await refusal(guardZip(f, 4 * L.sharedStringsBytes))).message).toBe(`The texts of a workbook (shared strings) may take at most ${L.sharedStringsBytes / 1024 / 1024}MB unpacked; this one takes more`);
  });
});

describe('checkChatLoad', () => {
  it('bounds the columns and DuckDB\'s estimate of the first row group: narrow sheets any length, wide ones fewer rows', () => {
    expect(() => checkChatLoad(100, 10_000_000)).not.toThrow();
    expect(chatLoadRows(100)).toBe(Number.POSITIVE_INFINITY);
    expect(chatLoadRows(1_024)).toBe(6_826);
    expect(() => checkChatLoad(1_024, 6_826)).not.toThrow();
    expect(() => checkChatLoad(1_024, 6_827)).toThrow('A sheet with 1024 columns can load at most 6826 rows into a chat; this one has more');
    expect(() => checkChatLoad(1_025, 2)).toThrow('A sheet may have at most 1024 columns; this file has a row with more');
  });
});
