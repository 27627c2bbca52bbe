/**
 * Streaming file readers for import: CSV / TSV (RFC 4180 quoting), JSON (one top-level array of
 * objects, or one object per line) and XLSX (xlsx.ts). Each yields records with their 1-based data
 * row number (the header row is not counted) and never holds more than a chunk of the file.
 * Undecodable bytes become U+FFFD, and a row holding one is reported as a bad-encoding row.
 * A record wider than the column limit or longer than the record limit (a JSON object with more
 * keys, a JSON value longer) stops the read with SpreadsheetTooLarge before it is held.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { SPREADSHEET_LIMITS, recordTooLarge, tooManyColumns } from '../spreadsheet-limits.js';
import { unguardSpreadsheetText } from '../export-writers.js';

export type Cell = string | null;
/** A record read from the file: its cells, or why the row could not be read. */
export type FileRecord = { row: number; cells: Cell[]; error?: undefined } | { row: number; cells?: undefined; error: string };

export interface ReadProgress {
  bytes: number;
}

export interface TableSource {
  /** Column names (from the header, the JSON keys, or col_1…). */
  columns: string[];
  /** Records after the header. */
  records: AsyncGenerator<FileRecord>;
  /** The same records in runs (one await per run, not per record), when the reader has them. Read `records` or `runs`, not both. */
  runs?: AsyncGenerator<FileRecord[]>;
  progress: ReadProgress;
  close(): void;
}

/** Text chunks of a file in an encoding; `progress.bytes` counts raw bytes read. */
export async function* textChunks(file: string, encoding: string, progress: ReadProgress, stream?: fs.ReadStream): AsyncGenerator<string> {
  const input = stream ?? fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const utf8 = encoding === 'utf-8';
  const decoder = utf8 ? new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }) : iconv.getDecoder(encoding);
  for await (const buf of input as AsyncIterable<Buffer>) {
    progress.bytes += buf.length;
    const s = utf8 ? (decoder as InstanceType<typeof TextDecoder>).decode(buf, { stream: true }) : (decoder as { write(b: Buffer): string }).write(buf);
    if (s) yield s;
  }
  const tail = utf8 ? (decoder as InstanceType<typeof TextDecoder>).decode() : ((decoder as { end(): string | undefined }).end() ?? '');
  if (tail) yield tail;
}

/**
 * RFC 4180 records from text chunks; a bare CR, LF or CRLF ends a record outside quotes. As in
 * PostgreSQL's `COPY … CSV`, an empty field without quotes is NULL (null) and `""` is the empty string.
 */
export async function* delimitedRecords(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<(string | null)[]> {
  for await (const records of delimitedRecordRuns(chunks, delimiter)) yield* records;
}

/** The records of `delimitedRecords`, as the runs that end in each text chunk (one await per chunk, not per record). */
export async function* delimitedRecordRuns(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<(string | null)[][]> {
  const d = delimiter.charCodeAt(0);
  let field = '';
  let record: (string | null)[] = [];
  /** The field being read began with a quote (so an empty one is '', not NULL). */
  let quoted = false;
  const value = (v: string): string | null => {
    const out = v === '' && !quoted ? null : v;
    quoted = false;
    return out;
  };
  let inQuotes = false;
  let quotePending = false; // saw a quote inside quotes: either an escaped quote or the end of the field
  let afterCR = false;
  let first = true;
  let touched = false;
  let records = 0;
  /** Text of the current record seen in earlier chunks (its fields and the field being read). */
  let carried = 0;
  for await (let chunk of chunks) {
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    const out: (string | null)[][] = [];
    let start = 0;
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (inQuotes) {
        if (quotePending) {
          quotePending = false;
          if (c === 34) {
            field += '"';
            start = i + 1;
            continue;
          }
          inQuotes = false;
          start = i;
          // fall through: this char is handled as unquoted
        } else {
          // Jump to the next quote: nothing else matters inside quotes.
          const q = c === 34 ? i : chunk.indexOf('"', i);
          if (q === -1) {
            i = n;
            continue;
          }
          field += chunk.slice(start, q);
          quotePending = true;
          start = q + 1;
          i = q;
          continue;
        }
      }
      if (afterCR) {
        afterCR = false;
        if (c === 10) {
          start = i + 1;
          continue;
        }
      }
      if (c === d) {
        record.push(value(field + chunk.slice(start, i)));
        if (record.length >= SPREADSHEET_LIMITS.columns) throw tooManyColumns();
        field = '';
        start = i + 1;
        touched = true;
      } else if (c === 10 || c === 13) {
        record.push(value(field + chunk.slice(start, i)));
        field = '';
        out.push(record);
        records++;
        carried = 0;
        record = [];
        touched = false;
        start = i + 1;
        afterCR = c === 13;
      } else if (c === 34 && start === i && field === '') {
        inQuotes = true;
        quoted = true;
        touched = true;
        start = i + 1;
      } else touched = true;
    }
    if (inQuotes && !quotePending) field += chunk.slice(start);
    else if (!inQuotes) field += chunk.slice(start);
    // The record still open at the chunk's end: its text so far must stay under the record limit.
    carried += chunk.length - (out.length ? chunk.lastIndexOf('\n') + 1 || chunk.lastIndexOf('\r') + 1 : 0);
    if (carried > SPREADSHEET_LIMITS.recordBytes) throw recordTooLarge(records + out.length + 1);
    if (out.length) yield out;
  }
  if (touched || field !== '' || record.length > 0) {
    record.push(value(field));
    yield [record];
  }
}

const BAD = '\uFFFD';

/** A CSV / TSV file as records: the header gives the column names, every later row must have as many cells. */
export async function delimitedSource(file: string, opts: { delimiter: string; encoding: string; header: boolean }): Promise<TableSource> {
  const progress: ReadProgress = { bytes: 0 };
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const it = delimitedRecordRuns(textChunks(file, opts.encoding, progress, stream), opts.delimiter);
  let firstRec: (string | null)[] | null = null;
  let firstRun: (string | null)[][] = [];
  let at = 0;
  while (!firstRec) {
    for (; at < firstRun.length; at++) {
      const rec = firstRun[at]!;
      if (rec.length === 1 && rec[0] === null) continue; // blank line
      firstRec = rec;
      at++;
      break;
    }
    if (firstRec) break;
    const n = await it.next();
    if (n.done) break;
    firstRun = n.value;
    at = 0;
  }
  const columns = firstRec ? (opts.header ? firstRec.map((c, i) => (c ?? '').trim() || `col_${i + 1}`) : firstRec.map((_, i) => `col_${i + 1}`)) : [];
  const width = columns.length;
  let row = 0;
  const run = (recs: (string | null)[][], from: number): FileRecord[] => {
    const out: FileRecord[] = [];
    for (let i = from; i < recs.length; i++) {
      const rec = recs[i]!;
      if (rec.length === 1 && rec[0] === null) continue;
      out.push(check(rec, ++row));
    }
    return out;
  };
  async function* runs(): AsyncGenerator<FileRecord[]> {
    if (firstRec && !opts.header) yield [check(firstRec, ++row)];
    yield run(firstRun, at);
    firstRun = [];
    for await (const recs of it) yield run(recs, 0);
  }
  async function* records(r: AsyncGenerator<FileRecord[]>): AsyncGenerator<FileRecord> {
    for await (const recs of r) yield* recs;
  }
  const check = (rec: Cell[], row: number): FileRecord => {
    if (rec.length !== width) return { row, error: `wrong column count: ${rec.length} instead of ${width}` };
    // In place, one array per record: NULL stays NULL, '' stays '', and a text our CSV export
    // guarded with an apostrophe (see spreadsheetText) gets its own text back.
    for (let i = 0; i < width; i++) {
      const c = rec[i];
      if (c === null || c === undefined) continue;
      if (c.includes(BAD)) return { row, error: `bad encoding (not valid ${opts.encoding})` };
      if (c.charCodeAt(0) === 39) rec[i] = unguardSpreadsheetText(c);
    }
    return { row, cells: rec };
  };
  const recordRuns = runs();
  return { columns, records: records(recordRuns), runs: recordRuns, progress, close: () => stream.destroy() };
}

/** Top-level values of a JSON array (or JSON lines) as text, without parsing the whole file. */
export async function* jsonValues(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let depth = 0;
  let inString = false;
  let escape = false;
  let buf = '';
  let collecting = false;
  let arrayMode: boolean | null = null;
  let values = 0;
  for await (const chunk of chunks) {
    let start = collecting ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (escape) escape = false;
        else if (c === '\\') escape = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        inString = true;
        if (!collecting) {
          collecting = true;
          start = i;
        }
        continue;
      }
      if (c === '{' || c === '[') {
        if (arrayMode === null) {
          arrayMode = c === '[';
          if (arrayMode) continue;
        }
        if (!collecting) {
          collecting = true;
          start = i;
        }
        depth++;
      } else if (c === '}' || c === ']') {
        if (depth === 0) continue; // closing the top-level array
        depth--;
        if (depth === 0 && collecting) {
          values++;
          yield buf + chunk.slice(start, i + 1);
          buf = '';
          collecting = false;
          start = -1;
        }
      } else if (depth === 0 && (c === ',' || c === '\n' || c === '\r' || c === ' ' || c === '\t')) {
        if (collecting) {
          values++;
          yield buf + chunk.slice(start, i);
          buf = '';
          collecting = false;
          start = -1;
        }
      } else if (!collecting && c !== '\uFEFF') {
        collecting = true;
        start = i;
      }
    }
    if (collecting) buf += chunk.slice(start);
    if (buf.length > SPREADSHEET_LIMITS.recordBytes) throw recordTooLarge(values + 1);
  }
  if (collecting && buf.trim()) yield buf;
}

const jsonCell = (v: unknown): Cell => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A JSON file of objects: columns are the keys of the first 200 objects, in order of appearance. */
export async function jsonSource(file: string, opts: { encoding: string }): Promise<TableSource> {
  const progress: ReadProgress = { bytes: 0 };
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const it = jsonValues(textChunks(file, opts.encoding, progress, stream));
  const sample: FileRecord[] = [];
  const parsed: (Record<string, unknown> | string)[] = [];
  const keys = new Map<string, number>();
  let row = 0;
  while (parsed.length < 200) {
    const n = await it.next();
    if (n.done) break;
    parsed.push(parseObject(n.value));
  }
  for (const p of parsed) if (typeof p !== 'string') for (const k of Object.keys(p)) if (!keys.has(k)) keys.set(k, keys.size);
  if (keys.size > SPREADSHEET_LIMITS.columns) throw tooManyColumns();
  const columns = [...keys.keys()];
  const toRecord = (p: Record<string, unknown> | string, r: number): FileRecord => {
    if (typeof p === 'string') return { row: r, error: p };
    for (const k of Object.keys(p)) if (!keys.has(k)) return { row: r, error: `unknown key "${k.slice(0, 64)}"` };
    const cells = columns.map((c) => jsonCell(p[c]));
    if (cells.some((c) => c?.includes(BAD))) return { row: r, error: `bad encoding (not valid ${opts.encoding})` };
    return { row: r, cells };
  };
  for (const p of parsed) sample.push(toRecord(p, ++row));
  async function* records(): AsyncGenerator<FileRecord> {
    yield* sample;
    for await (const v of it) yield toRecord(parseObject(v), ++row);
  }
  return { columns, records: records(), progress, close: () => stream.destroy() };
}

function parseObject(text: string): Record<string, unknown> | string {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : 'not a JSON object';
  } catch {
    return 'invalid JSON';
  }
}
