/**
 * Reading uploaded Excel/CSV files without holding them whole: xlsx rows as a stream (exceljs's
 * WorkbookReader), CSV's first records from the file's head, cell values as text, and the header
 * wizard's column names (several header lines joined, merged header cells filled from the left).
 */
import fs from 'node:fs';
import { Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { SPREADSHEET_LIMITS, tooManyColumns } from '../spreadsheet-limits.js';

export type Cell = string | null;

/** A cell's value as text: formulas by their result, dates as ISO, rich text joined; empty is null. */
export function cellText(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('') || null;
    if ('result' in o) return cellText(o.result);
    if ('formula' in o || 'sharedFormula' in o) return null;
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

/** The xlsx sheets as async row streams (1-based row numbers); bytes read reported for progress. */
export async function* xlsxSheets(file: string, onBytes?: (read: number) => void): AsyncGenerator<{ name: string; rows: AsyncIterable<{ number: number; cells: Cell[] }> }> {
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, cb) {
      read += chunk.length;
      onBytes?.(read);
      cb(null, chunk);
    },
  });
  const input = fs.createReadStream(file).pipe(counter);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  for await (const ws of reader) {
    const sheet = ws as unknown as AsyncIterable<ExcelJS.Row> & { name?: string; id?: number };
    async function* rows() {
      for await (const row of sheet) {
        const values = (row.values as unknown[]) ?? [];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { number: row.number, cells };
      }
    }
    yield { name: sheet.name ?? `Sheet${sheet.id ?? ''}`, rows: rows() };
  }
}

/** The delimiter a CSV head uses most among `,`, `;`, tab and `|`. */
export function csvDelimiter(head: string): string {
  const line = head.split('\n')[0] ?? '';
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t', '|']) {
    const n = line.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/**
 * Up to `max` records of CSV text (quotes, doubled quotes, CR LF); an unfinished last record is
 * dropped unless `complete`. A record wider than the column limit is refused (SpreadsheetTooLarge).
 */
export function parseCsv(text: string, delimiter: string, max: number, complete = false): Cell[][] {
  const out: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const push = () => {
    row.push(field === '' ? null : field);
    field = '';
    if (row.length > SPREADSHEET_LIMITS.columns) throw tooManyColumns();
  };
  for (; i < text.length && out.length < max; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) push();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      push();
      out.push(row);
      row = [];
    } else field += c;
  }
  if (complete && out.length < max && (field !== '' || row.length)) {
    push();
    out.push(row);
  }
  return out;
}

/** The first bytes of a file as text. */
export async function fileHead(file: string, bytes = 1 << 20): Promise<string> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fd.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fd.close();
  }
}

/**
 * Column names from the header lines: in every line but the last an empty cell takes its left
 * neighbour's text (a merged cell spans columns), the lines' texts are joined with "_", an empty
 * name becomes column_N, and repeats get _2, _3.
 */
export function headerNames(lines: Cell[][], width: number): string[] {
  const filled = lines.map((line, li) => {
    const out: string[] = [];
    for (let c = 0; c < width; c++) {
      const v = line[c]?.trim() ?? '';
      out.push(v === '' && li < lines.length - 1 && c > 0 ? out[c - 1]! : v);
    }
    return out;
  });
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (const line of filled) if (line[c] && parts.at(-1) !== line[c]) parts.push(line[c]!);
    let name = parts.join('_').replace(/\s+/g, ' ').slice(0, 120) || `column_${c + 1}`;
    const n = seen.get(name.toLowerCase()) ?? 0;
    seen.set(name.toLowerCase(), n + 1);
    if (n > 0) name = `${name}_${n + 1}`;
    names.push(name);
  }
  return names;
}

/** A table name from a sheet or file name: letters, digits and _, not starting with a digit, unique among `taken`. */
export function tableName(raw: string, taken: Set<string>): string {
  let base = raw.normalize('NFKD').replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+|_+$/g, '').toLowerCase().slice(0, 60) || 'sheet';
  if (/^\d/.test(base)) base = `t_${base}`;
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}
