/**
 * Knowledge items as xlsx: the template, the export, and the import reader. One layout for all
 * three (Kind, Name, Content, Data source, Table; header on row 1, read by position so a header in
 * any language works), so an exported file imports back as it was.
 *
 * Formula injection: a cell whose text starts with = + - @ (or a tab / carriage return) would run as
 * a formula in a spreadsheet program (`=cmd|' /C calc'!A0`). The export writes such text with a
 * leading apostrophe; the import drops that one apostrophe again, so the round trip keeps the text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { KNOWLEDGE_KINDS, KNOWLEDGE_LIMITS, type Language } from '@askdb/contracts';
import { guardZip } from '../tasks/xlsx.js';
import { SpreadsheetTooLarge } from '../spreadsheet-limits.js';
import { kMsg } from './messages.js';

/** How far an imported workbook may inflate: a zip bomb is refused before exceljs caches its shared strings. */
export const KNOWLEDGE_INFLATE_LIMIT = KNOWLEDGE_LIMITS.importBytes * 20;

/**
 * Throws UnreadableWorkbook when the zip would inflate past the limit, SpreadsheetTooLarge when it
 * holds more than the spreadsheet limits allow (checked on a private temporary copy).
 */
async function guardWorkbook(file: Buffer): Promise<void> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'askdb-knowledge-'));
  try {
    const copy = path.join(dir, 'import.xlsx');
    await fs.promises.writeFile(copy, file, { mode: 0o600 });
    await guardZip(copy, KNOWLEDGE_INFLATE_LIMIT);
  } catch (e) {
    if (e instanceof SpreadsheetTooLarge) throw e;
    throw new UnreadableWorkbook((e as Error).message);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface SheetItem {
  kind: string;
  name: string;
  content: string;
  dataSource: string;
  table: string;
}
export interface SheetRow extends SheetItem {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as written to a cell: a leading apostrophe when a spreadsheet would run it as a formula. */
export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
/** The inverse of safeCell on import. */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

const header = (lang: Language) => [kMsg(lang, 'COL_KIND'), kMsg(lang, 'COL_NAME'), kMsg(lang, 'COL_CONTENT'), kMsg(lang, 'COL_DATA_SOURCE'), kMsg(lang, 'COL_TABLE')];

/** A workbook with the items (none for the template) and a sheet explaining the columns. */
export async function writeKnowledgeXlsx(items: SheetItem[], lang: Language): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(kMsg(lang, 'SHEET_ITEMS'));
  ws.columns = [{ width: 22 }, { width: 28 }, { width: 60 }, { width: 26 }, { width: 26 }];
  ws.addRow(header(lang)).font = { bold: true };
  for (const it of items) ws.addRow([it.kind, it.name, it.content, it.dataSource, it.table].map(safeCell));
  // The kind column offers the four kinds (rows 2…importRows+1).
  for (let r = 2; r <= Math.max(items.length + 1, 200); r++) {
    ws.getCell(r, 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${KNOWLEDGE_KINDS.join(',')}"`] };
  }
  const help = wb.addWorksheet(kMsg(lang, 'SHEET_HELP'));
  help.getColumn(1).width = 120;
  help.addRow([kMsg(lang, 'HELP_TEXT')]).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class UnreadableWorkbook extends Error {}
export class TooManyRows extends Error {}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; formula?: string; sharedFormula?: string; result?: unknown; error?: string };
    if (o.richText) return o.richText.map((p) => p.text).join('');
    if (o.formula !== undefined || o.sharedFormula !== undefined) return o.result !== undefined && o.result !== null ? cellText(o.result) : `=${o.formula ?? o.sharedFormula}`;
    if (o.text !== undefined) return cellText(o.text);
    if (o.error) return String(o.error);
  }
  return String(v);
}

/**
 * The data rows of the first sheet, read as a stream (rows arrive as the file is inflated, the event
 * loop gets turns in between). Blank rows are skipped. Throws UnreadableWorkbook for a file that is
 * not xlsx, TooManyRows past the import limit.
 */
export async function readKnowledgeXlsx(file: Buffer): Promise<SheetRow[]> {
  await guardWorkbook(file);
  const ExcelJS = (await import('exceljs')).default;
  const out: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    for await (const ws of reader) {
      for await (const row of ws as AsyncIterable<{ number: number; values: unknown[] }>) {
        if (row.number === 1) continue;
        const v = row.values;
        const cells = [1, 2, 3, 4, 5].map((i) => unescapeCell(cellText(v[i]).trim()));
        if (cells.every((c) => c === '')) continue;
        if (out.length >= KNOWLEDGE_LIMITS.importRows) throw new TooManyRows();
        out.push({ row: row.number, kind: cells[0]!, name: cells[1]!, content: cells[2]!, dataSource: cells[3]!, table: cells[4]! });
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof TooManyRows) throw e;
    throw new UnreadableWorkbook((e as Error).message);
  }
  return out;
}
