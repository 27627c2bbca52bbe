/**
 * XLSX import (and a legacy .xls, recognised by its signature, read in a worker: spreadsheet-xls.ts): a zip-bomb guard first (central directory sizes and ratios, then every entry
 * inflated once while counting bytes, stopped at the cap — sizes a file declares can lie — and
 * while counting what a reader would hold: shared strings, rich-text runs, cells, columns; see
 * spreadsheet-scan.ts), then exceljs's streaming reader over the first worksheet with row and cell caps.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { TASK_LIMITS } from '@askdb/contracts';
import type { Cell, FileRecord, ReadProgress, TableSource } from './readers.js';
import { WorkbookScan, type WorkbookCounts } from '../spreadsheet-scan.js';
import { SpreadsheetTooLarge } from '../spreadsheet-limits.js';
import { unguardSpreadsheetText } from '../export-writers.js';
import { isOleFile, openXls, XlsUnreadable, type XlsWorkbook } from '../spreadsheet-xls.js';

export class FileRefused extends Error {}

interface ZipEntry { name: string; method: number; compressed: number; size: number; offset: number }

function centralDirectory(fd: number, fileSize: number): ZipEntry[] {
  const tailLen = Math.min(fileSize, 65_557);
  const tail = Buffer.alloc(tailLen);
  fs.readSync(fd, tail, 0, tailLen, fileSize - tailLen);
  let eocd = -1;
  for (let i = tailLen - 22; i >= 0; i--) if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  if (eocd < 0) throw new FileRefused('not an xlsx file (no zip directory)');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new FileRefused('zip64 workbooks are not supported');
  if (cdOffset + cdSize > fileSize) throw new FileRefused('not an xlsx file (bad zip directory)');
  const cd = Buffer.alloc(cdSize);
  fs.readSync(fd, cd, 0, cdSize, cdOffset);
  const out: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new FileRefused('not an xlsx file (bad zip entry)');
    const method = cd.readUInt16LE(p + 10);
    const compressed = cd.readUInt32LE(p + 20);
    const size = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    const offset = cd.readUInt32LE(p + 42);
    out.push({ name: cd.toString('utf8', p + 46, p + 46 + nameLen), method, compressed, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/**
 * Refuses a workbook that would inflate past the cap, by its directory and by actually inflating it,
 * or that holds more than the spreadsheet limits allow (SpreadsheetTooLarge); answers what it counted.
 */
export async function guardZip(file: string, maxBytes: number = TASK_LIMITS.xlsxUncompressedBytes): Promise<WorkbookCounts> {
  const fd = fs.openSync(file, 'r');
  const scan = new WorkbookScan();
  try {
    const size = fs.fstatSync(fd).size;
    const entries = centralDirectory(fd, size);
    const declared = entries.reduce((s, e) => s + e.size, 0);
    if (declared > maxBytes) throw new FileRefused(`the workbook would expand to ${declared} bytes (limit ${maxBytes})`);
    let total = 0;
    for (const e of entries) {
      if (e.method !== 0 && e.method !== 8) throw new FileRefused(`unsupported zip compression in ${e.name}`);
      const local = Buffer.alloc(30);
      fs.readSync(fd, local, 0, 30, e.offset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new FileRefused('not an xlsx file (bad zip entry)');
      const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (e.compressed === 0) continue;
      const raw = fs.createReadStream(file, { start, end: start + e.compressed - 1 });
      const body = e.method === 0 ? raw : raw.pipe(zlib.createInflateRaw());
      scan.begin(e.name);
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          total += chunk.length;
          if (total > maxBytes) throw new FileRefused(`the workbook expands past ${maxBytes} bytes (a zip bomb?)`);
          scan.push(chunk);
        }
        scan.end();
      } catch (err) {
        raw.destroy();
        if (body !== raw) body.destroy();
        if (err instanceof FileRefused || err instanceof SpreadsheetTooLarge) throw err;
        throw new FileRefused(`the workbook is damaged (${e.name})`);
      }
    }
    return scan.counts;
  } finally {
    fs.closeSync(fd);
  }
}

const cellText = (v: unknown): Cell => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().replace('T', ' ').replace(/\.000Z$|Z$/, '');
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: string; hyperlink?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    if (o.error) return null;
    return JSON.stringify(v);
  }
  return String(v);
};

/** The first worksheet of a workbook (an .xlsx, or a legacy .xls by its signature): the first row is the header when `header`. */
export async function xlsxSource(file: string, opts: { header: boolean }): Promise<TableSource> {
  if (await isOleFile(file)) return xlsSource(file, opts);
  await guardZip(file);
  const ExcelJS = (await import('exceljs')).default;
  const progress: ReadProgress = { bytes: 0 };
  const stream = fs.createReadStream(file);
  stream.on('data', (b) => { progress.bytes += (b as Buffer).length; });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  async function* rawRows(): AsyncGenerator<Cell[]> {
    for await (const ws of reader) {
      for await (const r of ws as AsyncIterable<{ values: unknown[] }>) yield (r.values as unknown[]).slice(1).map(cellText);
      break; // first worksheet only
    }
  }
  return sheetSource(rawRows(), opts, progress, () => stream.destroy());
}

/** The first worksheet of a legacy .xls workbook, read in a worker thread (spreadsheet-xls.ts). */
async function xlsSource(file: string, opts: { header: boolean }): Promise<TableSource> {
  let book: XlsWorkbook;
  try {
    book = await openXls(file);
  } catch (e) {
    throw e instanceof XlsUnreadable ? new FileRefused(e.message) : e;
  }
  const size = (await fs.promises.stat(file)).size;
  const total = Math.max(1, book.counts.sheets[0]?.rows ?? 1);
  const progress: ReadProgress = { bytes: 0 };
  const sheets = book.sheets();
  async function* rawRows(): AsyncGenerator<Cell[]> {
    try {
      const first = await sheets.next();
      if (first.done) return;
      let n = 0;
      for await (const r of first.value.rows) {
        progress.bytes = Math.floor((size * ++n) / total);
        yield r.values.map(cellText);
      }
    } catch (e) {
      throw e instanceof XlsUnreadable ? new FileRefused(e.message) : e;
    } finally {
      await book.close();
    }
  }
  return sheetSource(rawRows(), opts, progress, () => void book.close());
}

/** A sheet's rows as a table source: row and cell caps, the header, rows fitted to its width. */
async function sheetSource(raw: AsyncGenerator<Cell[]>, opts: { header: boolean }, progress: ReadProgress, close: () => void): Promise<TableSource> {
  async function* capped(): AsyncGenerator<Cell[]> {
    let rows = 0;
    let cells = 0;
    for await (const vals of raw) {
      rows++;
      cells += vals.length;
      if (rows > TASK_LIMITS.xlsxRows) throw new FileRefused(`more than ${TASK_LIMITS.xlsxRows} rows`);
      if (cells > TASK_LIMITS.xlsxCells) throw new FileRefused(`more than ${TASK_LIMITS.xlsxCells} cells`);
      yield vals;
    }
  }
  const it = capped();
  const first = await it.next();
  const head = first.done ? [] : first.value;
  const columns = opts.header ? head.map((c, i) => (c ?? '').trim() || `col_${i + 1}`) : head.map((_, i) => `col_${i + 1}`);
  const width = columns.length;
  async function* records(): AsyncGenerator<FileRecord> {
    let row = 0;
    const shape = (vals: Cell[]): FileRecord => {
      row++;
      while (vals.length > width && vals[vals.length - 1] === null) vals.pop();
      if (vals.length > width) return { row, error: `wrong column count: ${vals.length} instead of ${width}` };
      while (vals.length < width) vals.push(null);
      // Text our XLSX export guarded against formulas gets its own text back.
      for (let i = 0; i < width; i++) if (vals[i]?.charCodeAt(0) === 39) vals[i] = unguardSpreadsheetText(vals[i]!);
      return { row, cells: vals };
    };
    if (!first.done && !opts.header) yield shape([...head]);
    for await (const v of it) yield shape(v);
  }
  return { columns, records: records(), progress, close };
}
