/**
 * Issue 23 §3: hostile spreadsheets must not take the server's memory. Each input is generated here
 * (the issue's 14 million rich-text items in a 1.6 MB xlsx, millions of plain shared strings, one
 * text of millions of runs, a 200 KB CSV of 100,001 columns, a row of 100,000 cells, a cell at
 * column XFD in every row, an endless quoted field, legacy .xls files (many blank cells in a small
 * file, a declared grid of 16 million cells, distinct text right at the .xls cell limit), files right at each limit, and a seeded fuzzed
 * family of all of these) and given to every reader the server has — chat upload preview, chat
 * load into DuckDB, import-task preview, knowledge import — each read in a child process of its own
 * (this file, run again), whose peak RSS (the .xls reader's worker thread included) (VmHWM, reset before the read) minus its RSS before is
 * the request's growth. Target: no read grows more than 512 MB. Baseline: the same reader on an
 * ordinary file of about the same size (exceljs-written rows, or a plain CSV), in the same run.
 * Printed per input: the worst reader's growth, the baseline's, the ratio, growth ÷ input size,
 * and whether it was refused (and by which limit).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { median, type BenchLine } from './lib.js';
import { columnName, wideCsv, writeHostileXlsx, type XlsxShape } from '../apps/server/src/test/hostile-spreadsheets.js';
import { chatLoadRows, SPREADSHEET_LIMITS as L } from '../apps/server/src/services/spreadsheet-limits.js';
import { ordinaryXls, writeHostileXls, writeXls, type HostileXls, type XlsCell } from '../apps/server/src/test/xls-files.js';

const TARGET_MB = 512;
const CHILD = 'ASKDB_SPREADSHEET_BENCH_CHILD';
const FUZZ = Number(process.env.ASKDB_BENCH_FUZZ ?? 10);
const READERS = ['chat-upload', 'chat-load', 'import-preview', 'knowledge'] as const;
type Reader = (typeof READERS)[number];
interface ChildResult { growthMb: number; refused: string | null; error: string | null; ms: number }

// ---- the child: one reader, one file ------------------------------------------------------------

const procKb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

async function childRead(reader: Reader, file: string): Promise<ChildResult> {
  const { previewUpload } = await import('../apps/server/src/services/chats/excel-upload.js');
  const { loadIntoDuckdb } = await import('../apps/server/src/services/chats/excel-load.js');
  const { xlsxSource } = await import('../apps/server/src/services/tasks/xlsx.js');
  const { delimitedSource } = await import('../apps/server/src/services/tasks/readers.js');
  const { readKnowledgeXlsx } = await import('../apps/server/src/services/knowledge/xlsx.js');
  const ext = path.extname(file).slice(1) as 'xlsx' | 'xls' | 'csv';
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-sheet-home-'));
  const id = '00000000-0000-0000-0000-000000000001';
  const upload = path.join(home, 'chats', 'uploads', `${id}.${ext}`);
  fs.mkdirSync(path.dirname(upload), { recursive: true });
  fs.copyFileSync(file, upload);
  const meta = { organizationId: 1, userId: 1, fileName: path.basename(file), ext, size: fs.statSync(file).size };
  (globalThis as { gc?: () => void }).gc?.();
  const before = procKb('VmRSS');
  fs.writeFileSync('/proc/self/clear_refs', '5'); // VmHWM := VmRSS
  let sampled = before;
  const timer = setInterval(() => { sampled = Math.max(sampled, procKb('VmRSS')); }, 5);
  const t0 = performance.now();
  let refused: string | null = null;
  let error: string | null = null;
  try {
    if (reader === 'chat-upload') await previewUpload('en-US', { id, meta, file: upload });
    else if (reader === 'chat-load') await loadIntoDuckdb(upload, path.join(home, 'chat.duckdb'), meta, undefined, () => undefined);
    else if (reader === 'import-preview') {
      const src = ext !== 'csv' ? await xlsxSource(upload, { header: true }) : await delimitedSource(upload, { delimiter: ',', encoding: 'utf-8', header: true });
      let n = 0;
      try {
        for await (const _r of src.records) if (++n >= 200) break;
      } finally {
        src.close();
      }
    } else await readKnowledgeXlsx(fs.readFileSync(upload));
  } catch (e) {
    const key = (e as { key?: string }).key;
    const msg = String((e as Error)?.message ?? e);
    const status = (e as { statusCode?: number; status?: number }).statusCode ?? (e as { status?: number }).status;
    if (key) refused = key;
    else if (/expand|zip bomb/.test(msg)) refused = 'INFLATE';
    else if (status === 400 && /at most/.test(msg)) refused = `400 "${msg.slice(0, 60)}…"`;
    else error = msg.split('\n')[0]!.slice(0, 160);
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  const peak = Math.max(sampled, procKb('VmHWM'));
  fs.rmSync(home, { recursive: true, force: true });
  return { growthMb: (peak - before) / 1024, refused, error, ms };
}

if (process.env[CHILD]) {
  const { reader, file } = JSON.parse(process.env[CHILD]!) as { reader: Reader; file: string };
  const r = await childRead(reader, file);
  process.stdout.write(`\n${JSON.stringify(r)}\n`);
  process.exit(0);
}

/** One read in a fresh process; a process that dies (out of memory) counts as a failure with its last RSS unknown. */
function measure(reader: Reader, file: string): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const res = spawnSync(process.execPath, ['--expose-gc', self], {
    env: { ...process.env, [CHILD]: JSON.stringify({ reader, file }), ASKDB_LOG_LEVEL: 'silent' },
    encoding: 'utf8', maxBuffer: 16 << 20, timeout: 300_000,
  });
  const line = res.stdout?.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as ChildResult;
  } catch {
    return { growthMb: NaN, refused: null, error: `child ended (${res.signal ?? res.status}): ${(res.stderr ?? '').trim().split('\n').slice(-2).join(' ').slice(0, 200)}`, ms: 0 };
  }
}

// ---- inputs ---------------------------------------------------------------------------------------

/** An input is written only when it is run (`make`, which answers the readers it goes to): ASKDB_BENCH_ONLY skips the others' cost. */
interface Input { name: string; file: string; make(): Reader[] }

function xlsxInput(dir: string, name: string, shape: XlsxShape): Input {
  const file = path.join(dir, `${name}.xlsx`);
  return {
    name, file,
    make: () => {
      writeHostileXlsx(file, shape);
      return fs.statSync(file).size <= 5 * 1024 * 1024 ? [...READERS] : ['chat-upload', 'chat-load', 'import-preview'];
    },
  };
}
/** A legacy .xls (read in a worker thread): the knowledge import takes xlsx only. */
function xlsInput(dir: string, name: string, write: (file: string) => void): Input {
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.xls`);
  return { name, file, make: () => (write(file), ['chat-upload', 'chat-load', 'import-preview']) };
}
const hostileXls = (shape: HostileXls) => (file: string) => writeHostileXls(file, shape);
/** `rows` × `columns` cells of distinct text (SheetJS's costliest cell), a header first. */
const textXls = (rows: number, columns: number) => (file: string) => {
  const data: XlsCell[][] = [Array.from({ length: columns }, (_, c) => `column ${c + 1}`)];
  for (let r = 1; r < rows; r++) data.push(Array.from({ length: columns }, (_, c) => `text ${r} ${c}`));
  writeXls(file, [{ name: 'Sheet1', rows: data }]);
};
function csvInput(dir: string, name: string, text: () => string | Buffer): Input {
  const file = path.join(dir, `${name}.csv`);
  return { name, file, make: () => (fs.writeFileSync(file, text()), ['chat-upload', 'chat-load', 'import-preview']) };
}

/** An ordinary workbook of about `bytes`: a header and rows of text, numbers and dates. */
async function ordinaryXlsx(file: string, bytes: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['id', 'customer', 'amount', 'day', 'note']).commit();
  const rows = Math.max(50, Math.round(bytes / 28));
  for (let i = 1; i <= rows; i++) ws.addRow([i, `customer ${i % 5000}`, i * 1.25, new Date(Date.UTC(2024, 0, 1 + (i % 28))), `note ${i}`]).commit();
  ws.commit();
  await wb.commit();
}
function ordinaryCsv(file: string, bytes: number): void {
  const rows: string[] = ['id,customer,amount,day,note'];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const line = `${i},customer ${i % 5000},${(i * 1.25).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')},note ${i}`;
    rows.push(line);
    size += line.length + 1;
  }
  fs.writeFileSync(file, rows.join('\n') + '\n');
}

/** A seeded generator (mulberry32): the fuzzed family is the same in every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const logUniform = (r: () => number, lo: number, hi: number) => Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));

function fuzzed(dir: string, n: number): Input[] {
  const r = prng(23);
  const out: Input[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 3;
    if (kind === 2) {
      const columns = logUniform(r, 10, 200_000);
      const rows = Math.max(1, Math.min(logUniform(r, 1, 100_000), Math.floor(30_000_000 / columns)));
      const cell = r() < 0.5 ? '' : String(i);
      out.push(csvInput(dir, `fuzz-${i}-csv-${columns}x${rows}`, () => wideCsv(columns, rows, cell)));
      continue;
    }
    const runs = r() < 0.5 ? 0 : logUniform(r, 1, 50);
    const items = Math.max(1, Math.min(logUniform(r, 10, 20_000_000), Math.floor(40_000_000 / Math.max(1, runs))));
    const cells = logUniform(r, 1, 20_000);
    const rows = Math.max(1, Math.min(logUniform(r, 1, 200_000), Math.floor(5_000_000 / cells)));
    const far = r() < 0.3 ? columnName(logUniform(r, 1, 16_383)) : undefined;
    out.push(xlsxInput(dir, `fuzz-${i}-xlsx-${items}s${runs}r-${rows}x${cells}${far ? `-${far}` : ''}`, { sharedStrings: { items, runs, text: 'x'.repeat(logUniform(r, 1, 64)) }, rows, cells, lastColumn: far }));
  }
  return out;
}

// ---- the run -------------------------------------------------------------------------------------

export default async function run(): Promise<BenchLine[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-sheets-'));
  const lines: BenchLine[] = [];
  try {
    const inputs: Input[] = [
      xlsxInput(dir, 'rich-text items (issue: 14M)', { sharedStrings: { items: 14_000_000, runs: 1 }, rows: 10, cells: 10 }),
      xlsxInput(dir, 'plain shared strings 20M', { sharedStrings: { items: 20_000_000 }, rows: 10, cells: 10 }),
      xlsxInput(dir, 'one text of 10M runs', { sharedStrings: { items: 1, runs: 10_000_000 }, rows: 10, cells: 10 }),
      csvInput(dir, 'CSV of 100,001 columns (issue)', () => wideCsv(100_001, 1)),
      xlsxInput(dir, 'row of 100,000 cells', { rows: 1, cells: 100_000 }),
      xlsxInput(dir, 'cell at XFD in 100,000 rows', { rows: 100_000, cells: 1, lastColumn: 'XFD' }),
      csvInput(dir, 'endless quoted field (48 MB)', () => Buffer.concat([Buffer.from('a\n"'), Buffer.alloc(48 << 20, 0x78)])),
      xlsxInput(dir, `at the limits: ${L.sharedStrings} strings`, { sharedStrings: { items: L.sharedStrings, text: 'text at the limit' }, rows: 1000, cells: 10 }),
      xlsxInput(dir, `at the limits: ${L.richTextRuns} runs`, { sharedStrings: { items: L.richTextRuns / 5, runs: 5 }, rows: 1000, cells: 10 }),
      // Right at the chat's load limits (the header is a line too), and a narrower, longer file with no row limit.
      csvInput(dir, `at the limits: ${L.chatColumns} columns × ${chatLoadRows(L.chatColumns) - 1} rows`, () => wideCsv(L.chatColumns, chatLoadRows(L.chatColumns) - 1, '12345')),
      xlsxInput(dir, `at the limits: ${L.chatColumns} columns × ${chatLoadRows(L.chatColumns)} rows`, { rows: chatLoadRows(L.chatColumns), cells: L.chatColumns }),
      csvInput(dir, 'at the limits: 100 columns × 130,000 rows', () => wideCsv(100, 130_000, '12345')),
      csvInput(dir, `at the limits: ${L.columns} columns × 100 rows`, () => wideCsv(L.columns, 100, '12345')),
      xlsInput(dir, `xls: ${L.xlsCells + 256} blank cells (MULBLANK rows)`, hostileXls({ blankRows: Math.ceil(L.xlsCells / 256) + 1, columns: 256 })),
      xlsInput(dir, 'xls: declares 65,536 × 256 cells, holds 2 rows', hostileXls({ hugeDimensions: true })),
      xlsInput(dir, `xls at the limits: 62,500 rows × 8 columns of distinct text (${62_500 * 8} cells)`, textXls(62_500, 8)),
      ...fuzzed(dir, FUZZ),
    ];
    const worstOverall: number[] = [];
    const only = process.env.ASKDB_BENCH_ONLY; // a part of the input names, to run some of them
    for (const input of inputs) {
      if (only && !input.name.includes(only)) continue;
      const readers = input.make();
      const size = fs.statSync(input.file).size;
      const ext = path.extname(input.file);
      const benign = path.join(dir, `ordinary-${path.basename(input.file)}`);
      if (ext === '.xlsx') await ordinaryXlsx(benign, size);
      else if (ext === '.xls') ordinaryXls(benign, size);
      else ordinaryCsv(benign, size);
      const ours: Record<string, ChildResult> = {};
      const base: Record<string, ChildResult> = {};
      for (const reader of readers) {
        ours[reader] = measure(reader, input.file);
        base[reader] = measure(reader, benign);
      }
      const worst = Math.max(...Object.values(ours).map((o) => (Number.isNaN(o.growthMb) ? Infinity : o.growthMb)));
      const baseline = Math.max(...Object.values(base).map((o) => o.growthMb).filter((g) => !Number.isNaN(g)), 1);
      worstOverall.push(worst);
      const refusedBy = [...new Set(Object.values(ours).map((o) => o.refused ?? (o.error ? `error: ${o.error}` : 'read')))].join('/');
      const fuzz = input.name.startsWith('fuzz-');
      if (!fuzz || worst > TARGET_MB || process.env.ASKDB_BENCH_VERBOSE) {
        lines.push({
          name: `spreadsheet-memory: ${input.name} (${(size / 1024).toFixed(0)} KB), worst reader's RSS growth`,
          unit: 'MB', median: worst, baselineName: 'the same readers on an ordinary file of that size', baselineMedian: baseline,
          target: `≤ ${TARGET_MB} MB`,
          extra: {
            growthPerInputByte: (worst * 1024 * 1024 / size).toFixed(1),
            outcome: refusedBy,
            ...Object.fromEntries(Object.entries(ours).map(([k, v]) => [k, `${v.growthMb.toFixed(0)}MB/${v.ms.toFixed(0)}ms`])),
            withinTarget: worst <= TARGET_MB ? 'yes' : 'NO',
          },
        });
      }
    }
    const fuzzWorst = only ? [] : worstOverall.slice(inputs.length - FUZZ);
    if (fuzzWorst.length) {
      lines.push({
        name: `spreadsheet-memory: fuzzed family (${FUZZ} files, seed 23), worst reader's RSS growth per file`,
        unit: 'MB', median: median(fuzzWorst), baselineName: 'target', baselineMedian: TARGET_MB,
        extra: { max: Math.max(...fuzzWorst).toFixed(0), overTarget: fuzzWorst.filter((w) => w > TARGET_MB).length },
      });
    }
    return lines;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
