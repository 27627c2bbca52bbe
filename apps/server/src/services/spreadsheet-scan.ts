/**
 * Counts what an xlsx part would make a workbook reader hold, from the part's XML bytes as they
 * inflate, before any reader sees them: shared strings and their rich-text runs, a sheet's rows,
 * cells and widest row (by cell count and by the column its `r="XFD1"` reference names), the
 * elements of any other part. Only start tags are looked at (an XML text cannot hold a raw "<"),
 * so the pass keeps nothing but the unfinished tag at a chunk's end. It throws SpreadsheetTooLarge
 * the moment a limit is passed, which also stops the inflation of a bomb early.
 */
import { SPREADSHEET_LIMITS, SpreadsheetTooLarge, tooManyColumns } from './spreadsheet-limits.js';

export interface SheetCounts { part: string; rows: number; columns: number; cells: number }
export interface WorkbookCounts { sharedStrings: number; richTextRuns: number; sheets: SheetCounts[]; cells: number }

/** `other`: a part the workbook readers parse whole (workbook, styles, relationships); `ignored`: one they skip. */
type Kind = 'sharedStrings' | 'sheet' | 'other' | 'ignored';

const LT = 0x3c;
const GT = 0x3e;
/** The longest tag we wait for across chunks; a longer one is counted from what we have. */
const MAX_TAG = 64 * 1024;

export function partKind(name: string): Kind {
  if (/^xl\/sharedStrings\.xml$/i.test(name)) return 'sharedStrings';
  if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return 'sheet';
  if (/^(_rels\/\.rels|xl\/_rels\/workbook\.xml\.rels|xl\/workbook\.xml|xl\/styles\.xml|xl\/worksheets\/_rels\/[^/]+\.rels)$/i.test(name)) return 'other';
  return 'ignored';
}

/** 1-based column index named by the `r` attribute (r="XFD12" → 16384) between `from` and `to`; 0 when there is none. */
function columnOf(buf: Buffer, from: number, to: number): number {
  for (let i = from; i + 3 < to; i++) {
    const ws = buf[i];
    if ((ws === 0x20 || ws === 0x09 || ws === 0x0a || ws === 0x0d) && buf[i + 1] === 0x72 && buf[i + 2] === 0x3d) {
      let n = 0;
      for (let k = i + 4; k < to; k++) {
        const c = buf[k]! & 0xdf; // upper case
        if (c < 65 || c > 90) break;
        n = n * 26 + (c - 64);
        if (n > 1 << 24) break;
      }
      return n;
    }
  }
  return 0;
}

/** Whether the bytes from `start` to `stop` are the ASCII name. */
function named(buf: Buffer, start: number, stop: number, name: string): boolean {
  if (stop - start !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (buf[start + k] !== name.charCodeAt(k)) return false;
  return true;
}

export class WorkbookScan {
  readonly counts: WorkbookCounts = { sharedStrings: 0, richTextRuns: 0, sheets: [], cells: 0 };
  private kind: Kind = 'other';
  private part = '';
  private sheet: SheetCounts | null = null;
  private rowCells = 0;
  private rowWidth = 0;
  private elements = 0;
  private bytes = 0;
  private carry: Buffer | null = null;

  /** Starts counting a new part (zip entry). */
  begin(part: string): void {
    this.finishRow();
    this.part = part;
    this.kind = partKind(part);
    this.sheet = this.kind === 'sheet' ? { part, rows: 0, columns: 0, cells: 0 } : null;
    if (this.sheet) this.counts.sheets.push(this.sheet);
    this.elements = 0;
    this.bytes = 0;
    this.carry = null;
  }

  /** Counts the next inflated bytes of the current part. */
  push(chunk: Buffer): void {
    if (this.kind === 'ignored') return;
    this.bytes += chunk.length;
    if (this.kind === 'sharedStrings' && this.bytes > SPREADSHEET_LIMITS.sharedStringsBytes) {
      throw new SpreadsheetTooLarge('SHARED_STRINGS_TOO_LARGE', { mb: SPREADSHEET_LIMITS.sharedStringsBytes / 1024 / 1024 });
    }
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    let i = buf.indexOf(LT);
    while (i >= 0) {
      const close = buf.indexOf(GT, i + 1);
      if (close < 0 && buf.length - i < MAX_TAG) {
        this.carry = Buffer.from(buf.subarray(i));
        return;
      }
      const end = close < 0 ? buf.length : close;
      this.tag(buf, i + 1, end);
      i = buf.indexOf(LT, end);
    }
  }

  /** Ends the current part. */
  end(): void {
    this.finishRow();
    this.carry = null;
  }

  private finishRow(): void {
    if (!this.sheet) return;
    const width = Math.max(this.rowCells, this.rowWidth);
    if (width > this.sheet.columns) this.sheet.columns = width;
    this.rowCells = 0;
    this.rowWidth = 0;
  }

  /** One tag between `from` (after "<") and `to` (its ">"). */
  private tag(buf: Buffer, from: number, to: number): void {
    const first = buf[from];
    if (first === undefined || first === 0x2f || first === 0x3f || first === 0x21) return; // </…>, <?…?>, <!…>
    // The local name: up to white space, "/" or ">", without a namespace prefix.
    let start = from;
    let stop = from;
    for (; stop < to; stop++) {
      const c = buf[stop]!;
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f) break;
      if (c === 0x3a) start = stop + 1;
    }
    const is = (name: string) => named(buf, start, stop, name);
    if (this.kind === 'sharedStrings') {
      if (is('si')) {
        if (++this.counts.sharedStrings > SPREADSHEET_LIMITS.sharedStrings) throw new SpreadsheetTooLarge('TOO_MANY_SHARED_STRINGS', { max: SPREADSHEET_LIMITS.sharedStrings });
      } else if (is('r')) {
        if (++this.counts.richTextRuns > SPREADSHEET_LIMITS.richTextRuns) throw new SpreadsheetTooLarge('TOO_MANY_TEXT_RUNS', { max: SPREADSHEET_LIMITS.richTextRuns });
      }
      return;
    }
    if (this.kind === 'sheet') {
      const sheet = this.sheet!;
      if (is('row')) {
        this.finishRow();
        sheet.rows++;
      } else if (is('c')) {
        sheet.cells++;
        this.rowCells++;
        const col = columnOf(buf, stop, to);
        if (col > this.rowWidth) this.rowWidth = col;
        if (this.rowCells > SPREADSHEET_LIMITS.columns || this.rowWidth > SPREADSHEET_LIMITS.columns) throw tooManyColumns();
        if (++this.counts.cells > SPREADSHEET_LIMITS.cells) throw new SpreadsheetTooLarge('TOO_MANY_CELLS', { max: SPREADSHEET_LIMITS.cells });
      }
      return;
    }
    if (++this.elements > SPREADSHEET_LIMITS.partElements) throw new SpreadsheetTooLarge('PART_TOO_LARGE', { max: SPREADSHEET_LIMITS.partElements, part: this.part });
  }
}
