/**
 * Hostile spreadsheets, forged byte by byte (tests and bench/spreadsheet-memory.bench.ts): xlsx files
 * whose parts inflate to millions of shared strings, rich-text runs, cells or columns while the file
 * itself stays small, and CSV files with absurd widths. The zip is written by hand (stored sizes and
 * CRCs correct), each part streamed through deflate so a 300 MB part never sits in memory.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface XlsxShape {
  /** Shared-string items; each one `runs` rich-text runs (0: plain text) holding `text`. */
  sharedStrings?: { items: number; runs?: number; text?: string };
  /** Sheet rows, each with `cells` cells (text cells point at shared strings round-robin, else numbers). */
  rows?: number;
  cells?: number;
  /** Each cell carries its `r` reference (A1, B1, …) unless false; a row's last cell may instead sit at `lastColumn` (e.g. XFD). */
  references?: boolean;
  lastColumn?: string;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Column letters of a 0-based index (0 → A, 16383 → XFD). */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A part's text, produced in pieces by a generator (so its size is not bounded by memory). */
type Part = { name: string; pieces: () => Iterable<string> };

function* repeat(head: string, item: (i: number) => string, count: number, tail: string): Iterable<string> {
  yield head;
  let buf = '';
  for (let i = 0; i < count; i++) {
    buf += item(i);
    if (buf.length > 1 << 20) {
      yield buf;
      buf = '';
    }
  }
  yield buf + tail;
}

function parts(shape: XlsxShape): Part[] {
  const ss = shape.sharedStrings ?? { items: 1, runs: 0, text: 'x' };
  const text = ss.text ?? 'x';
  const si = ss.runs ? `<si>${`<r><rPr><b/></rPr><t>${text}</t></r>`.repeat(ss.runs)}</si>` : `<si><t>${text}</t></si>`;
  const rows = shape.rows ?? 1;
  const cells = shape.cells ?? 1;
  const cell = (row: number, col: number, last: boolean) => {
    const ref = last && shape.lastColumn ? ` r="${shape.lastColumn}${row}"` : shape.references !== false ? ` r="${columnName(col)}${row}"` : '';
    return col % 2 === 0 ? `<c${ref} t="s"><v>${(row * cells + col) % Math.max(1, ss.items)}</v></c>` : `<c${ref}><v>${col}</v></c>`;
  };
  const row = (i: number) => {
    let s = `<row r="${i + 1}">`;
    for (let c = 0; c < cells; c++) s += cell(i + 1, c, c === cells - 1);
    return s + '</row>';
  };
  return [
    { name: '[Content_Types].xml', pieces: () => [`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`] },
    { name: '_rels/.rels', pieces: () => [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`] },
    { name: 'xl/workbook.xml', pieces: () => [`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`] },
    { name: 'xl/_rels/workbook.xml.rels', pieces: () => [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`] },
    { name: 'xl/sharedStrings.xml', pieces: () => repeat(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${ss.items}" uniqueCount="${ss.items}">`, () => si, ss.items, '</sst>') },
    { name: 'xl/worksheets/sheet1.xml', pieces: () => repeat(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`, row, rows, '</sheetData></worksheet>') },
  ];
}

function deflatePart(p: Part): { name: Buffer; data: Buffer; crc: number; size: number } {
  // Each piece deflated on its own and sync-flushed (no final block), then one empty final block:
  // together one valid raw deflate stream, and the compressed output of a repetitive part is small.
  const out: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const s of p.pieces()) {
    const b = Buffer.from(s, 'utf8');
    crc = zlib.crc32(b, crc);
    size += b.length;
    out.push(zlib.deflateRawSync(b, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  }
  out.push(Buffer.from([0x03, 0x00]));
  return { name: Buffer.from(p.name, 'utf8'), data: Buffer.concat(out), crc: crc >>> 0, size };
}

/** Writes a forged xlsx; answers its size in bytes. */
export function writeHostileXlsx(file: string, shape: XlsxShape): number {
  const entries = parts(shape).map(deflatePart);
  const fd = fs.openSync(file, 'w');
  let offset = 0;
  const central: Buffer[] = [];
  const write = (b: Buffer) => {
    fs.writeSync(fd, b);
    offset += b.length;
  };
  for (const e of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(e.name.length, 26);
    const at = offset;
    write(local);
    write(e.name);
    write(e.data);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(e.crc, 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.size, 24);
    cd.writeUInt16LE(e.name.length, 28);
    cd.writeUInt32LE(at, 42);
    central.push(cd, e.name);
  }
  const cdStart = offset;
  for (const b of central) write(b);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(offset - cdStart, 12);
  eocd.writeUInt32LE(cdStart, 16);
  write(eocd);
  fs.closeSync(fd);
  return offset;
}

/** A CSV of `rows` rows of `columns` columns (header `c1,c2,…`); a tiny file can have a vast width. */
export function wideCsv(columns: number, rows = 1, cell = ''): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i + 1}`).join(',');
  const row = Array.from({ length: columns }, () => cell).join(',');
  return `${header}\n${`${row}\n`.repeat(rows)}`;
}
