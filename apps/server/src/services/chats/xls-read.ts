/**
 * A chat's legacy .xls upload as the same sheet/row streams xlsxSheets gives for an xlsx
 * (excel-read.ts): read in a worker thread (spreadsheet-xls.ts), held to the spreadsheet limits by
 * the worker's count and to a chat's load (checkChatLoad, every sheet) before any row is read; cells
 * as text by the same cellText (dates as ISO, a date at midnight as the day).
 */
import fs from 'node:fs';
import { openXls } from '../spreadsheet-xls.js';
import { checkChatLoad } from '../spreadsheet-limits.js';
import { cellText, type Cell } from './excel-read.js';

/** The .xls sheets as async row streams (1-based row numbers); progress as the share of rows read, in bytes of the file. */
export async function* xlsSheets(file: string, onBytes?: (read: number) => void): AsyncGenerator<{ name: string; rows: AsyncIterable<{ number: number; cells: Cell[] }> }> {
  const book = await openXls(file);
  try {
    for (const s of book.counts.sheets) checkChatLoad(s.columns, s.rows);
  } catch (e) {
    await book.close();
    throw e;
  }
  const size = onBytes ? (await fs.promises.stat(file)).size : 0;
  const total = Math.max(1, book.counts.sheets.reduce((n, s) => n + s.rows, 0));
  let seen = 0;
  for await (const sheet of book.sheets()) {
    async function* rows() {
      for await (const r of sheet.rows) {
        seen++;
        if (onBytes && seen % 1000 === 0) onBytes(Math.floor((size * seen) / total));
        yield { number: r.number, cells: r.values.map(cellText) };
      }
    }
    yield { name: sheet.name, rows: rows() };
  }
  onBytes?.(size);
}
