/**
 * Loads an uploaded file into a chat's DuckDB file (this replica's $ASKDB_HOME/chats/<id>.duckdb, a
 * cache rebuilt from the stored upload: excel-chat.ts), never
 * whole in memory: a CSV streams through DuckDB's read_csv (progress from the engine); an xlsx
 * streams row by row from exceljs into a scratch CSV beside the DuckDB file, in batches (progress by
 * bytes read), which DuckDB's read_csv then loads; its columns then get the narrowest type every
 * value fits (BIGINT, DOUBLE, BOOLEAN, DATE, TIMESTAMP).
 * A vertical header (fields in rows) needs the sheet transposed, so it is capped in cells.
 * The file is held to the spreadsheet limits again before it is read (spreadsheet-limits.ts), and
 * rows wait in batches bounded in cells, not rows, so a wide sheet holds no more.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDuckdbLoader, type DuckdbLoader } from '@askdb/drivers';
import type { ExcelHeader, ExcelTableInfo } from '@askdb/contracts';
import { chatsDir, checkUploadLimits, type UploadMeta } from './excel-upload.js';
import { checkChatLoad, scanDelimited, SPREADSHEET_LIMITS } from '../spreadsheet-limits.js';
import { csvDelimiter, fileHead, headerNames, parseCsv, tableName, xlsxSheets, type Cell } from './excel-read.js';
import { xlsSheets } from './xls-read.js';

export const BATCH_ROWS = 5_000;
export const VERTICAL_MAX_CELLS = 2_000_000;
const DEFAULT_HEADER: ExcelHeader = { orientation: 'HORIZONTAL', from: 1, to: 1, applyToAllSheets: true, sheet: 0 };

export const chatDbFile = (home: string, chatId: number) => path.join(chatsDir(home), `${chatId}.duckdb`);
export const q = (id: string) => `"${id.replaceAll('"', '""')}"`;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

export class LoadError extends Error {
  constructor(readonly key: 'VERTICAL_TOO_LARGE' | 'FILE_EMPTY', message: string) {
    super(message);
  }
}

export interface LoadProgress { progress: number; rowsLoaded: number }

/** Loads every sheet (or the CSV) of `file` as a table of a new DuckDB file `target`; answers the tables made. */
export async function loadIntoDuckdb(
  file: string, target: string, meta: UploadMeta, header: ExcelHeader | undefined, onProgress: (p: LoadProgress) => void,
): Promise<ExcelTableInfo[]> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await fs.promises.rm(target, { force: true });
  await fs.promises.rm(`${target}.wal`, { force: true });
  const db = await openDuckdbLoader(target);
  const taken = new Set<string>();
  const tables: ExcelTableInfo[] = [];
  let rowsLoaded = 0;
  const count = async (t: string) => Number((await db.query(`SELECT count(*)::BIGINT AS n FROM ${q(t)}`))[0]!.n);
  try {
    if (meta.ext === 'csv') {
      const h = header ?? DEFAULT_HEADER;
      const name = tableName(meta.fileName, taken);
      const counted = await scanDelimited(file, csvDelimiter(await fileHead(file, 64 * 1024)));
      checkChatLoad(counted.columns, counted.records);
      if (h.orientation === 'VERTICAL') {
        if (meta.size > VERTICAL_MAX_CELLS * 8 || counted.cells > VERTICAL_MAX_CELLS) throw new LoadError('VERTICAL_TOO_LARGE', 'too large');
        const text = await fs.promises.readFile(file, 'utf8');
        const rows = parseCsv(text, csvDelimiter(text), Number.MAX_SAFE_INTEGER, true);
        const columns = await loadVertical(db, name, rows, h);
        rowsLoaded = await count(name);
        tables.push({ name, sheet: meta.fileName, rows: rowsLoaded, columns });
      } else {
        const head = await fileHead(file);
        const delim = csvDelimiter(head);
        const lines = parseCsv(head, delim, h.to, true).slice(h.from - 1, h.to);
        const width = Math.max(1, ...lines.map((l) => l.length));
        const names = headerNames(lines, width);
        const read = `read_csv(${lit(file)}, delim=${lit(delim)}, quote='"', escape='"', header=false, skip=${h.to}, null_padding=true, names=[${names.map(lit).join(', ')}])`;
        try {
          await db.runWithProgress(`CREATE TABLE ${q(name)} AS SELECT * FROM ${read}`, (p) => onProgress({ progress: Math.min(99, Math.round(p)), rowsLoaded: 0 }));
        } catch (e) {
          // A file with the header and nothing after it: an empty table with the header's columns.
          if (!/empty|No data|no rows|could not be sniffed/i.test((e as Error).message)) throw e;
          await db.run(`CREATE TABLE ${q(name)} (${names.map((n) => `${q(n)} VARCHAR`).join(', ')})`);
        }
        rowsLoaded = await count(name);
        tables.push({ name, sheet: meta.fileName, rows: rowsLoaded, columns: names });
      }
    } else {
      if (meta.ext === 'xlsx') await checkUploadLimits(file, 'xlsx');
      let index = 0;
      for await (const sheet of (meta.ext === 'xls' ? xlsSheets : xlsxSheets)(file, (read) => onProgress({ progress: Math.min(99, Math.floor((read / Math.max(1, meta.size)) * 100)), rowsLoaded }))) {
        const h = header && (header.applyToAllSheets || header.sheet === index) ? header : DEFAULT_HEADER;
        index++;
        const name = tableName(sheet.name, new Set(taken));
        const made = h.orientation === 'VERTICAL'
          ? await verticalSheet(db, name, sheet.rows, h)
          : await horizontalSheet(db, name, sheet.rows, h, `${target}.sheet.csv`, (n) => onProgress({ progress: -1, rowsLoaded: rowsLoaded + n })).finally(() => fs.promises.rm(`${target}.sheet.csv`, { force: true }));
        if (!made) continue; // a sheet without rows makes no table
        taken.add(name);
        await narrowTypes(db, name, made);
        const rows = await count(name);
        rowsLoaded += rows;
        tables.push({ name, sheet: sheet.name, rows, columns: made });
      }
    }
    if (!tables.length) throw new LoadError('FILE_EMPTY', 'no rows');
    await db.run('CHECKPOINT');
    onProgress({ progress: 100, rowsLoaded });
    return tables;
  } finally {
    db.close();
  }
}

async function createText(db: DuckdbLoader, name: string, columns: string[]): Promise<void> {
  await db.run(`CREATE TABLE ${q(name)} (${columns.map((c) => `${q(c)} VARCHAR`).join(', ')})`);
}

/** The widest of the rows (no spread of a long array into Math.max). */
function widest(...groups: Cell[][][]): number {
  let w = 1;
  for (const g of groups) for (const r of g) if (r.length > w) w = r.length;
  return w;
}

const blank = (row: Cell[]) => row.every((c) => c === null || c.trim() === '');
const fit = (row: Cell[], width: number) => (row.length >= width ? row.slice(0, width) : [...row, ...Array<Cell>(width - row.length).fill(null)]);

/** Rows of a batch for this width: BATCH_ROWS, fewer when the sheet is wide (at most batchCells cells). */
const batchRows = (width: number) => Math.max(1, Math.min(BATCH_ROWS, Math.floor(SPREADSHEET_LIMITS.batchCells / Math.max(1, width))));

/** A row as a CSV line for DuckDB's reader: every value quoted, NULL as an empty unquoted field. */
const csvLine = (row: Cell[]) => row.map((v) => (v === null ? '' : `"${v.replaceAll('"', '""')}"`)).join(',') + '\n';

/**
 * Header lines from..to, data below; the first data rows (up to 1,000, or batchCells cells) are held
 * back only to learn the width. Rows go to a scratch CSV file beside the chat's DuckDB file in
 * batches bounded in cells, and DuckDB reads that file at the end: its CSV reader holds a wide
 * table in a quarter of the memory its appender does (1,024 columns × 6,826 rows: 233 MB, not 870).
 */
async function horizontalSheet(db: DuckdbLoader, name: string, rows: AsyncIterable<{ number: number; cells: Cell[] }>, h: ExcelHeader, scratch: string, onRows: (n: number) => void): Promise<string[] | null> {
  const lines: Cell[][] = [];
  let pending: Cell[][] = [];
  let columns: string[] | null = null;
  let written = 0;
  let seenAny = false;
  let pendingCells = 0;
  const out = await fs.promises.open(scratch, 'w', 0o600);
  try {
    const flush = async () => {
      if (!pending.length) return;
      await out.write(pending.map((r) => csvLine(fit(r, columns!.length))).join(''));
      written += pending.length;
      pending = [];
      pendingCells = 0;
      onRows(written);
    };
    for await (const r of rows) {
      if (r.number < h.from) continue;
      seenAny ||= !blank(r.cells);
      if (r.number <= h.to) {
        lines.push(r.cells);
        continue;
      }
      if (blank(r.cells)) continue;
      pending.push(r.cells);
      pendingCells += r.cells.length;
      if (!columns && (pending.length >= 1000 || pendingCells >= SPREADSHEET_LIMITS.batchCells)) columns = headerNames(lines, widest(lines, pending));
      if (columns && (pending.length >= batchRows(columns.length) || pendingCells >= SPREADSHEET_LIMITS.batchCells)) await flush();
    }
    if (!seenAny) return null;
    columns ??= headerNames(lines, widest(lines, pending));
    await flush();
  } finally {
    await out.close();
  }
  if (!written) await createText(db, name, columns);
  else {
    const names = columns.map(lit).join(', ');
    await db.run(`CREATE TABLE ${q(name)} AS SELECT * FROM read_csv(${lit(scratch)}, delim=',', quote='"', escape='"', header=false, all_varchar=true, parallel=false, names=[${names}])`);
  }
  return columns;
}

async function verticalSheet(db: DuckdbLoader, name: string, rows: AsyncIterable<{ number: number; cells: Cell[] }>, h: ExcelHeader): Promise<string[] | null> {
  const all: Cell[][] = [];
  let cells = 0;
  for await (const r of rows) {
    cells += r.cells.length;
    if (cells > VERTICAL_MAX_CELLS) throw new LoadError('VERTICAL_TOO_LARGE', 'too large');
    if (!blank(r.cells)) all.push(r.cells);
  }
  if (!all.length) return null;
  return loadVertical(db, name, all, h);
}

/** Fields are rows: columns from..to of each row name the field, the columns after are the records. */
async function loadVertical(db: DuckdbLoader, name: string, rows: Cell[][], h: ExcelHeader): Promise<string[]> {
  const fields = rows.filter((r) => !blank(r));
  const lines: Cell[][] = [];
  for (let c = h.from - 1; c < h.to; c++) lines.push(fields.map((r) => r[c] ?? null));
  const columns = headerNames(lines, Math.max(1, fields.length));
  await createText(db, name, columns);
  const width = Math.max(0, ...fields.map((r) => r.length));
  let batch: Cell[][] = [];
  for (let c = h.to; c < width; c++) {
    const record = fields.map((r) => r[c] ?? null);
    if (blank(record)) continue;
    batch.push(record);
    if (batch.length >= BATCH_ROWS) {
      await db.append(name, batch);
      batch = [];
    }
  }
  if (batch.length) await db.append(name, batch);
  await narrowTypes(db, name, columns);
  return columns;
}

const TYPES: { type: string; fits: (c: string) => string }[] = [
  { type: 'BIGINT', fits: (c) => `regexp_full_match(trim(${c}), '-?[0-9]{1,18}')` },
  { type: 'DOUBLE', fits: (c) => `TRY_CAST(trim(${c}) AS DOUBLE) IS NOT NULL` },
  { type: 'BOOLEAN', fits: (c) => `lower(trim(${c})) IN ('true', 'false')` },
  { type: 'DATE', fits: (c) => `regexp_full_match(trim(${c}), '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND TRY_CAST(trim(${c}) AS DATE) IS NOT NULL` },
  { type: 'TIMESTAMP', fits: (c) => `TRY_CAST(trim(${c}) AS TIMESTAMP) IS NOT NULL` },
];

/**
 * Columns whose types one query asks about: DuckDB plans every FILTER aggregate of a query at once,
 * and one query over 523 columns (2,615 aggregates) took 4 GB and 48 s; ten at a time take ~50 MB.
 */
const NARROW_COLUMNS = 10;

/** Gives each text column the first type all its non-null values fit (asked ten columns at a time). */
async function narrowTypes(db: DuckdbLoader, table: string, columns: string[]): Promise<void> {
  for (let from = 0; from < columns.length; from += NARROW_COLUMNS) {
    const group = columns.slice(from, from + NARROW_COLUMNS);
    const selects = group.flatMap((col, i) => TYPES.map((t, k) => `count(*) FILTER (WHERE ${q(col)} IS NOT NULL AND NOT (${t.fits(q(col))})) AS "m${i}_${k}"`));
    const nonNull = group.map((col, i) => `count(${q(col)}) AS "n${i}"`);
    const row = (await db.query(`SELECT ${[...nonNull, ...selects].join(', ')} FROM ${q(table)}`))[0]!;
    for (let i = 0; i < group.length; i++) {
      if (Number(row[`n${i}`]) === 0) continue;
      const k = TYPES.findIndex((_, k) => Number(row[`m${i}_${k}`]) === 0);
      if (k < 0) continue;
      const col = q(group[i]!);
      const using = TYPES[k]!.type === 'BOOLEAN' ? `lower(trim(${col}))::BOOLEAN` : `trim(${col})::${TYPES[k]!.type}`;
      await db.run(`ALTER TABLE ${q(table)} ALTER ${col} SET DATA TYPE ${TYPES[k]!.type} USING ${using}`);
    }
  }
}
