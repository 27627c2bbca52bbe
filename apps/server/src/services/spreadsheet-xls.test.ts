/**
 * Legacy .xls workbooks read in a worker thread: real BIFF8 files (SheetJS-written at test time) come
 * back sheet by sheet with numbers, text, booleans, dates and empty cells in place; files past the
 * limits (many cells in a small file) are refused by the count before anything is parsed, with the
 * same messages as an xlsx; a file declaring the whole grid but holding two rows reads as two rows;
 * a file that is no workbook is refused as unreadable; nothing of the worker reaches the main realm.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isOleFile, openXls, XlsUnreadable, type XlsValue } from './spreadsheet-xls.js';
import { SPREADSHEET_LIMITS as L, SpreadsheetTooLarge } from './spreadsheet-limits.js';
import { writeHostileXls, writeXls, xlsBuffer } from '../test/xls-files.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-xls-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function readAll(file: string): Promise<{ name: string; rows: [number, XlsValue[]][] }[]> {
  const book = await openXls(file);
  const out: { name: string; rows: [number, XlsValue[]][] }[] = [];
  for await (const s of book.sheets()) {
    const rows: [number, XlsValue[]][] = [];
    for await (const r of s.rows) rows.push([r.number, r.values]);
    out.push({ name: s.name, rows });
  }
  return out;
}

async function refusal(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(Error);
  return e as Error;
}

describe('openXls', () => {
  it('reads every sheet of a BIFF8 workbook: numbers, text, booleans, dates (with and without a time), empty cells, empty rows', async () => {
    const file = path.join(dir, 'sales.xls');
    writeXls(file, [
      { name: 'Orders', rows: [['id', 'customer', 'amount', 'day', 'paid'], [1, 'Ann', 12.5, new Date(Date.UTC(2024, 1, 29)), true], [2, null, -3, new Date(Date.UTC(2023, 11, 31, 13, 45, 10)), false], [], [4, 'Zoë 中文', 1e15, null, null]] },
      { name: 'Notes', rows: [['note'], ['second sheet']] },
    ]);
    expect(await isOleFile(file)).toBe(true);
    const book = await openXls(file);
    expect(book.counts.sheets).toEqual([{ rows: 4, columns: 5, cells: 5 + 5 + 4 + 3 }, { rows: 2, columns: 1, cells: 2 }]);
    await book.close();
    const sheets = await readAll(file);
    expect(sheets.map((s) => s.name)).toEqual(['Orders', 'Notes']);
    const orders = sheets[0]!.rows;
    expect(orders.map(([n]) => n)).toEqual([1, 2, 3, 5]);
    expect(orders[0]![1]).toEqual(['id', 'customer', 'amount', 'day', 'paid']);
    expect(orders[1]![1]).toEqual([1, 'Ann', 12.5, new Date(Date.UTC(2024, 1, 29)), true]);
    expect(orders[2]![1]).toEqual([2, null, -3, new Date(Date.UTC(2023, 11, 31, 13, 45, 10)), false]);
    expect(orders[3]![1]).toEqual([4, 'Zoë 中文', 1e15]);
    expect(sheets[1]!.rows).toEqual([[1, ['note']], [2, ['second sheet']]]);
  });

  it('reads a BIFF5 workbook too', async () => {
    const file = path.join(dir, 'old.xls');
    fs.writeFileSync(file, xlsBuffer([{ name: 'Old', rows: [['a', 'b'], [1, 'x']] }], 'biff5'));
    expect(await readAll(file)).toEqual([{ name: 'Old', rows: [[1, ['a', 'b']], [2, [1, 'x']]] }]);
  });

  it('refuses a small file of too many cells before parsing it, with the xlsx message in three languages', async () => {
    const file = path.join(dir, 'blanks.xls');
    const rows = Math.ceil(L.xlsCells / 256) + 1;
    writeHostileXls(file, { blankRows: rows, columns: 256 });
    expect(fs.statSync(file).size).toBeLessThan(2 * 1024 * 1024);
    const e = await refusal(openXls(file));
    expect(e).toBeInstanceOf(SpreadsheetTooLarge);
    expect(e.message).toBe(`A file may have at most ${L.xlsCells} cells; this one has more`);
    expect((e as SpreadsheetTooLarge).text('zh-CN')).toBe(`文件最多 ${L.xlsCells} 个单元格；此文件超过了该数量`);
    expect((e as SpreadsheetTooLarge).text('ja-JP')).toBe(`ファイルのセルは ${L.xlsCells} 個までです。このファイルはそれを超えています`);
  });

  it('reads a file declaring 65,536 × 256 cells that holds two rows as those two rows', async () => {
    const file = path.join(dir, 'dims.xls');
    writeHostileXls(file, { hugeDimensions: true });
    const book = await openXls(file);
    expect(book.counts.sheets).toEqual([{ rows: 2, columns: 2, cells: 4 }]);
    await book.close();
    expect(await readAll(file)).toEqual([{ name: 'Sheet1', rows: [[1, ['a', 'b']], [2, [1, 'x']]] }]);
  });

  it("stops a parse that outgrows the worker's heap and says so, leaving the server's heap alone", async () => {
    // The same small heap reads a small workbook: what fails below is the parse, not the reader.
    const small = path.join(dir, 'small.xls');
    writeXls(small, [{ name: 'S', rows: [['a'], [1]] }]);
    const ok = await openXls(small, { heapMb: 32 });
    for await (const s of ok.sheets()) for await (const _r of s.rows) { /* read */ }
    const file = path.join(dir, 'heap.xls');
    // 200,000 cells of distinct text: ~100 MB in SheetJS.
    const rows: string[][] = [];
    for (let r = 0; r < 25_000; r++) rows.push(Array.from({ length: 8 }, (_, c) => `text ${r} ${c}`));
    writeXls(file, [{ name: 'Big', rows }]);
    const heapBefore = process.memoryUsage().heapUsed;
    const book = await openXls(file, { heapMb: 32 });
    const e = await refusal((async () => {
      for await (const s of book.sheets()) for await (const _r of s.rows) { /* the parse fails first */ }
    })());
    expect(e).toBeInstanceOf(SpreadsheetTooLarge);
    expect((e as SpreadsheetTooLarge).key).toBe('XLS_TOO_LARGE');
    expect(e.message).toBe('Reading this .xls workbook (the old Excel format) needs more than 32MB; save it as .xlsx or .csv');
    // None of it was held here.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  }, 180_000);

  it('refuses a file over the .xls size limit without starting a reader', async () => {
    const file = path.join(dir, 'big.xls');
    fs.writeFileSync(file, Buffer.alloc(0));
    fs.truncateSync(file, L.xlsBytes + 1);
    const e = await refusal(openXls(file));
    expect(e.message).toBe(`An .xls workbook (the old Excel format) may be at most ${L.xlsBytes / 1024 / 1024}MB; save a larger one as .xlsx or .csv`);
  });

  it('answers unreadable for a file that is no workbook (an xlsx renamed, random bytes after the signature)', async () => {
    const text = path.join(dir, 'text.xls');
    fs.writeFileSync(text, 'id,name\n1,a\n');
    expect(await isOleFile(text)).toBe(false);
    expect(await refusal(openXls(text))).toBeInstanceOf(XlsUnreadable);
    const junk = path.join(dir, 'junk.xls');
    fs.writeFileSync(junk, Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0x41)]));
    expect(await refusal(openXls(junk))).toBeInstanceOf(XlsUnreadable);
  });

  it('leaves the main realm untouched: the rows are plain values and Object.prototype keeps its keys', async () => {
    const file = path.join(dir, 'proto.xls');
    writeXls(file, [{ name: '__proto__', rows: [['__proto__', 'constructor'], ['{"polluted":1}', 'x']] }]);
    const sheets = await readAll(file);
    expect(sheets[0]!.rows[0]![1]).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('works from a minified bundle that keeps names, as the server build makes it (the worker runs the function text)', async () => {
    const esbuild = await import('esbuild');
    const here = path.dirname(fileURLToPath(import.meta.url));
    const out = path.join(here, '../../../../node_modules/.cache/askdb', `xls-bundle-${process.pid}.cjs`);
    // The options of scripts/lib/bundle-server.mjs that change the function's text.
    await esbuild.build({
      entryPoints: [path.join(here, 'spreadsheet-xls.ts')], outfile: out, bundle: true, minify: true, keepNames: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error',
      define: { 'import.meta.url': '__askdbImportMetaUrl' },
      banner: { js: "const __askdbImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      plugins: [{ name: 'externals', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@askdb/') ? undefined : { path: a.path, external: true })); } }],
    });
    try {
      const bundled = createRequire(import.meta.url)(out) as { openXls: typeof openXls };
      const file = path.join(dir, 'bundled.xls');
      writeXls(file, [{ name: 'B', rows: [['a', 'when'], [1, new Date(Date.UTC(2020, 5, 1))]] }]);
      const book = await bundled.openXls(file);
      const rows: XlsValue[][] = [];
      for await (const s of book.sheets()) for await (const r of s.rows) rows.push(r.values);
      expect(rows).toEqual([['a', 'when'], [1, new Date(Date.UTC(2020, 5, 1))]]);
    } finally {
      fs.rmSync(out, { force: true });
    }
  });
});
