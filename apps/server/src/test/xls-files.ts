/**
 * Real .xls workbooks for tests and bench/spreadsheet-memory.bench.ts, written at run time: ordinary
 * ones by SheetJS (BIFF8, dates with a date format), and hostile ones forged from an ordinary one by
 * adding BIFF records to its sheet — MULBLANK rows (many cells in a small file) and a DIMENSIONS
 * record declaring the format's whole grid — then written back into the compound file.
 */
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';

export type XlsCell = string | number | boolean | Date | null;

/** A BIFF8 workbook of these sheets; a Date becomes a date-formatted number (yyyy-mm-dd, or with a time). */
export function xlsBuffer(sheets: { name: string; rows: XlsCell[][] }[], bookType: 'biff8' | 'biff5' = 'biff8'): Buffer {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const ws = XLSX.utils.aoa_to_sheet(s.rows, { cellDates: true, dateNF: 'yyyy-mm-dd' });
    // A date with a time of day keeps it: its cell's format says so.
    s.rows.forEach((row, r) => row.forEach((v, c) => {
      if (v instanceof Date && v.getTime() % 86_400_000 !== 0) ws[XLSX.utils.encode_cell({ r, c })]!.z = 'yyyy-mm-dd hh:mm:ss';
    }));
    XLSX.utils.book_append_sheet(wb, ws, s.name);
  }
  return XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer;
}

export function writeXls(file: string, sheets: { name: string; rows: XlsCell[][] }[]): void {
  fs.writeFileSync(file, xlsBuffer(sheets));
}

/** An ordinary workbook of about `bytes`: a header and rows of numbers, text and dates (the bench's baseline). */
export function ordinaryXls(file: string, bytes: number): void {
  const rows: XlsCell[][] = [['id', 'customer', 'amount', 'day', 'note']];
  const n = Math.min(65_535, Math.max(10, Math.round(bytes / 60)));
  for (let i = 1; i <= n; i++) rows.push([i, `customer ${i % 5000}`, i * 1.25, new Date(Date.UTC(2024, 0, 1 + (i % 28))), `note ${i}`]);
  writeXls(file, [{ name: 'Orders', rows }]);
}

function record(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

/** MULBLANK: `columns` blank cells from column 0 of a row. */
function mulBlank(row: number, columns: number): Buffer {
  const body = Buffer.alloc(6 + 2 * columns);
  body.writeUInt16LE(row, 0);
  body.writeUInt16LE(0, 2);
  body.writeUInt16LE(columns - 1, 4 + 2 * columns);
  return record(0x00be, body);
}

export interface HostileXls {
  /** Rows of blank records added to the (one) sheet, each `columns` wide (at most 256). */
  blankRows?: number;
  columns?: number;
  /** The sheet's DIMENSIONS say 65,536 rows × 256 columns whatever it holds. */
  hugeDimensions?: boolean;
}

/** A one-sheet workbook (a header and a value row) with the hostile records added. */
export function writeHostileXls(file: string, shape: HostileXls): void {
  const base = xlsBuffer([{ name: 'Sheet1', rows: [['a', 'b'], [1, 'x']] }]);
  const cfb = XLSX.CFB.read(base, { type: 'buffer' });
  const entry = XLSX.CFB.find(cfb, 'Workbook')!;
  const s = Buffer.from(entry.content as Uint8Array);
  const out: Buffer[] = [];
  let depth = 0;
  let sheet = false;
  for (let p = 0; p < s.length;) {
    const type = s.readUInt16LE(p);
    const len = s.readUInt16LE(p + 2);
    let rec = s.subarray(p, p + 4 + len);
    p += 4 + len;
    if (type === 0x0809) {
      depth++;
      sheet = depth === 1 && s.readUInt16LE(p - len + 2) === 0x0010;
    }
    if (type === 0x0200 && sheet && shape.hugeDimensions) {
      rec = Buffer.from(rec);
      rec.writeUInt32LE(0, 4);
      rec.writeUInt32LE(65_536, 8);
      rec.writeUInt16LE(0, 12);
      rec.writeUInt16LE(256, 14);
    }
    if (type === 0x000a) {
      depth--;
      if (sheet && depth === 0) for (let r = 0; r < (shape.blankRows ?? 0); r++) out.push(mulBlank(2 + r, shape.columns ?? 256));
    }
    out.push(rec);
  }
  entry.content = Buffer.concat(out);
  entry.size = entry.content.length;
  fs.writeFileSync(file, XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
}
