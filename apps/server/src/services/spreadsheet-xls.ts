/**
 * Legacy .xls workbooks (BIFF5/BIFF8), read by SheetJS (@e965/xlsx) in a worker thread of their own:
 * the format cannot be streamed (SheetJS parses a workbook whole), so the parse happens where a
 * hostile file can neither stall the event loop, nor grow the server's heap (the worker's heap is
 * capped by resourceLimits), nor touch the server realm's prototypes (only plain values cross).
 * Before SheetJS parses anything the worker counts the file's cell records, rows, widest row and
 * shared strings and refuses past the spreadsheet limits, with the same messages as an xlsx; the
 * cells an .xls may hold are fewer (xlsCells: SheetJS keeps ~500 bytes a cell, measured in
 * bench/spreadsheet-memory.bench.ts). Rows then come in batches bounded in cells, one per request.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SPREADSHEET_LIMITS as L, SpreadsheetTooLarge } from './spreadsheet-limits.js';
import { xlsWorker, type XlsMessage, type XlsSheetCounts, type XlsValue, type XlsWorkerLimits } from './spreadsheet-xls-worker.js';

export type { XlsValue, XlsSheetCounts };

/** The OLE compound-file signature every BIFF5/BIFF8 workbook starts with. */
const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/** Whether the file starts as a legacy .xls workbook (an OLE compound file). */
export async function isOleFile(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await fd.read(head, 0, 8, 0);
    return bytesRead === 8 && head.equals(OLE);
  } finally {
    await fd.close();
  }
}

/** A file that is not a readable .xls workbook (not a compound file, password-protected, damaged). */
export class XlsUnreadable extends Error {}

export interface XlsSheet { name: string; rows: AsyncIterable<{ number: number; values: XlsValue[] }> }

export interface XlsWorkbook {
  /** What the worker counted before parsing: each worksheet's rows (with a cell), widest row and cells. */
  counts: { sheets: XlsSheetCounts[]; cells: number; sharedStrings: number };
  /** The worksheets in order, each with its rows (1-based numbers; rows without cells are absent). Read once. */
  sheets(): AsyncGenerator<XlsSheet>;
  close(): Promise<void>;
}

/** Worker code as text: the function's own source, called with SheetJS (required by its resolved path). */
function workerSource(): string {
  const xlsx = createRequire(import.meta.url).resolve('@e965/xlsx');
  return [
    "'use strict';",
    // A bundler's keepNames helper, should the function's text refer to it.
    'var __name = (f) => f;',
    "const { parentPort, workerData } = require('node:worker_threads');",
    `(${xlsWorker.toString()})(require(${JSON.stringify(xlsx)}), parentPort, workerData, (f) => require('node:fs').readFileSync(f));`,
  ].join('\n');
}

let source: string | null = null;

/**
 * The longest the worker may take over one answer (the parse is the long one: ~10 s for 500,000 cells
 * on a busy machine). A file that keeps SheetJS busy longer is given up on and its worker stopped, so a
 * crafted workbook cannot hold a thread for good.
 */
export const XLS_ANSWER_MS = 120_000;

/**
 * Opens a .xls file: refuses (SpreadsheetTooLarge) a file over xlsBytes, or one whose counted cells,
 * rows or shared strings pass the limits, or whose parse outgrows the worker's heap (`heapMb`, the
 * limit's unless a test lowers it); XlsUnreadable when it is no BIFF5/8 workbook.
 */
export async function openXls(file: string, opts: { heapMb?: number } = {}): Promise<XlsWorkbook> {
  const heapMb = opts.heapMb ?? L.xlsHeapMb;
  const size = (await fs.promises.stat(file)).size;
  if (size > L.xlsBytes) throw new SpreadsheetTooLarge('XLS_FILE_TOO_LARGE', { mb: L.xlsBytes / 1024 / 1024 });
  const limits: XlsWorkerLimits = {
    cells: L.xlsCells, columns: L.columns, sharedStrings: L.sharedStrings, sharedStringsBytes: L.sharedStringsBytes,
    batchCells: L.xlsBatchCells, batchRows: 5_000,
  };
  source ??= workerSource();
  const worker = new Worker(source, {
    eval: true,
    workerData: { file, limits },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(32, heapMb), stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  worker.unref();
  let failure: Error | null = null;
  let waiting: { resolve: (m: XlsMessage) => void; reject: (e: Error) => void } | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.on('message', (m: XlsMessage) => {
    const w = waiting;
    waiting = null;
    w?.resolve(m);
  });
  worker.on('error', (e: Error & { code?: string }) => {
    fail(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SpreadsheetTooLarge('XLS_TOO_LARGE', { mb: heapMb }) : new XlsUnreadable(`the workbook could not be read (${e.message.split('\n')[0]!.slice(0, 160)})`));
  });
  worker.on('exit', () => fail(new XlsUnreadable('the workbook reader stopped')));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await worker.terminate();
  };
  /** The worker's next message; refusals and unreadable files become errors. */
  const next = (): Promise<XlsMessage> => {
    if (failure) return Promise.reject(failure);
    let timer: NodeJS.Timeout | undefined;
    const p = new Promise<XlsMessage>((resolve, reject) => {
      waiting = { resolve, reject };
      timer = setTimeout(() => {
        fail(new XlsUnreadable(`the workbook took more than ${XLS_ANSWER_MS / 1000} s to read`));
        void close();
      }, XLS_ANSWER_MS);
      timer.unref();
    }).finally(() => clearTimeout(timer));
    worker.postMessage('next');
    return p.then((m) => {
      if (m.type === 'refused') throw new SpreadsheetTooLarge(m.key, m.params);
      if (m.type === 'invalid') throw new XlsUnreadable(m.reason);
      return m;
    });
  };

  let first: XlsMessage;
  try {
    first = await next();
  } catch (e) {
    await close();
    throw e;
  }
  if (first.type !== 'counts') {
    await close();
    throw new XlsUnreadable('the workbook reader answered out of order');
  }
  let started = false;
  async function* sheets(): AsyncGenerator<XlsSheet> {
    if (started) throw new Error('the sheets of a .xls workbook are read once');
    started = true;
    try {
      let m = await next();
      while (m.type === 'sheet') {
        const state: { done: boolean; after: XlsMessage | null } = { done: false, after: null };
        async function* rows(): AsyncGenerator<{ number: number; values: XlsValue[] }> {
          for (;;) {
            const r = await next();
            if (r.type !== 'rows') {
              state.after = r;
              state.done = true;
              return;
            }
            for (const [number, values] of r.rows) yield { number, values };
          }
        }
        yield { name: m.name, rows: rows() };
        // Rows the caller did not read are read past.
        while (!state.done) {
          const r = await next();
          if (r.type !== 'rows') {
            state.after = r;
            state.done = true;
          }
        }
        m = state.after!;
      }
    } finally {
      await close();
    }
  }
  return { counts: { sheets: first.sheets, cells: first.cells, sharedStrings: first.sharedStrings }, sheets, close };
}
