/**
 * The worker-thread side of reading a legacy .xls workbook (BIFF5/BIFF8 in an OLE compound file).
 * `xlsWorker` runs in a worker of its own (spreadsheet-xls.ts starts it from this function's text,
 * so it must not use anything from outside its body): it counts what the workbook holds by walking
 * its BIFF records — cells per sheet (value and blank records, MULRK/MULBLANK spans), rows, the
 * widest row, the shared-string table — and refuses past the limits it was given before SheetJS
 * parses anything; then it parses with SheetJS and answers one message per request: a sheet's
 * start, a batch of rows (bounded in cells), or the end. Cells cross as text, numbers, booleans,
 * Date (a date-formatted number) or null — plain values only, so nothing of the worker's realm
 * (prototypes, getters) reaches the server's.
 */

/** The limits the worker applies (from SPREADSHEET_LIMITS). */
export interface XlsWorkerLimits { cells: number; columns: number; sharedStrings: number; sharedStringsBytes: number; batchCells: number; batchRows: number }
export interface XlsSheetCounts { rows: number; columns: number; cells: number }
export type XlsValue = string | number | boolean | Date | null;
export type XlsMessage =
  | { type: 'counts'; sheets: XlsSheetCounts[]; cells: number; sharedStrings: number }
  | { type: 'refused'; key: 'TOO_MANY_COLUMNS' | 'TOO_MANY_CELLS' | 'TOO_MANY_SHARED_STRINGS' | 'SHARED_STRINGS_TOO_LARGE'; params: Record<string, number> }
  | { type: 'invalid'; reason: string }
  | { type: 'sheet'; name: string }
  | { type: 'rows'; rows: [number, XlsValue[]][] }
  | { type: 'done' };

/* Minimal shapes of what the worker uses of SheetJS. */
interface SheetCell { t?: string; v?: unknown; z?: unknown }
interface SheetJs {
  CFB: { read(data: Uint8Array, o: { type: 'buffer' }): unknown; find(cfb: unknown, path: string): { content?: Uint8Array } | null };
  read(data: Uint8Array, o: Record<string, unknown>): { SheetNames: string[]; Sheets: Record<string, Record<string, unknown> | undefined>; Workbook?: { WBProps?: { date1904?: boolean } } };
  SSF: { is_date(fmt: string): boolean };
}
interface Port { on(e: 'message', f: (m: unknown) => void): void; postMessage(m: XlsMessage): void }

/**
 * The worker's program. Its helpers are methods of one object literal, with no named inner functions
 * or functions held in variables: a bundler keeping names (esbuild's keepNames, which the server
 * build uses) wraps those in a helper of its own that would not exist in the worker.
 */
export function xlsWorker(XLSX: SheetJs, port: Port, data: { file: string; limits: XlsWorkerLimits }, readFile: (f: string) => Uint8Array): void {
  const L = data.limits;
  const dateFormats = new Map<string, boolean>();
  const w = {
    u16(b: Uint8Array, p: number): number {
      return b[p]! | (b[p + 1]! << 8);
    },
    u32(b: Uint8Array, p: number): number {
      return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16)) + b[p + 3]! * 0x1000000;
    },

    /** Counts the cells of every worksheet substream; a message when a limit is passed or the file is no BIFF5/8 workbook. */
    count(buf: Uint8Array): XlsMessage {
      let cfb: unknown;
      try {
        cfb = XLSX.CFB.read(buf, { type: 'buffer' });
      } catch {
        return { type: 'invalid', reason: 'not an .xls workbook (no compound file)' };
      }
      const entry = XLSX.CFB.find(cfb, 'Workbook') ?? XLSX.CFB.find(cfb, 'Book');
      const s = entry?.content;
      if (!s || s.length < 8) return { type: 'invalid', reason: 'not an .xls workbook (no Workbook stream)' };
      const sheets: XlsSheetCounts[] = [];
      let sheet: XlsSheetCounts | null = null;
      let seenRows = new Uint8Array(65536);
      let depth = 0;
      let cells = 0;
      let sharedStrings = 0;
      let sstBytes = 0;
      let inSst = false;
      for (let p = 0; p + 4 <= s.length;) {
        const type = w.u16(s, p);
        const len = w.u16(s, p + 2);
        const b = p + 4;
        p = b + len;
        if (p > s.length) break;
        if (type === 0x0809 || type === 0x0409 || type === 0x0209) {
          // BOF: a substream starts; worksheets (dt 0x10) at the top level are counted.
          depth++;
          if (depth === 1 && len >= 4 && w.u16(s, b + 2) === 0x0010) {
            sheet = { rows: 0, columns: 0, cells: 0 };
            sheets.push(sheet);
            seenRows = new Uint8Array(65536);
          } else if (depth === 1) sheet = null;
          continue;
        }
        if (type === 0x000a) {
          depth = Math.max(0, depth - 1);
          if (depth === 0) sheet = null;
          continue;
        }
        if (type === 0x002f) return { type: 'invalid', reason: 'the workbook is password-protected' };
        if (type === 0x00fc && len >= 8) {
          sharedStrings = w.u32(s, b + 4);
          if (sharedStrings > L.sharedStrings) return { type: 'refused', key: 'TOO_MANY_SHARED_STRINGS', params: { max: L.sharedStrings } };
          inSst = true;
          sstBytes = len;
        } else if (type === 0x003c && inSst) sstBytes += len;
        else inSst = false;
        if (sstBytes > L.sharedStringsBytes) return { type: 'refused', key: 'SHARED_STRINGS_TOO_LARGE', params: { mb: L.sharedStringsBytes / 1024 / 1024 } };
        if (!sheet || depth !== 1) continue;
        let n = 0;
        let last = 0;
        if (type === 0x0203 || type === 0x027e || type === 0x00fd || type === 0x0204 || type === 0x0006 || type === 0x0205 || type === 0x0201 || type === 0x00d6) {
          if (len < 4) continue;
          n = 1;
          last = w.u16(s, b + 2);
        } else if (type === 0x00bd || type === 0x00be) {
          // MULRK / MULBLANK: row, first column, …, last column.
          if (len < 6) continue;
          last = w.u16(s, b + len - 2);
          n = Math.max(0, last - w.u16(s, b + 2) + 1);
        } else continue;
        const row = w.u16(s, b);
        if (!seenRows[row]) {
          seenRows[row] = 1;
          sheet.rows++;
        }
        if (last + 1 > sheet.columns) sheet.columns = last + 1;
        if (sheet.columns > L.columns) return { type: 'refused', key: 'TOO_MANY_COLUMNS', params: { max: L.columns } };
        sheet.cells += n;
        cells += n;
        if (cells > L.cells) return { type: 'refused', key: 'TOO_MANY_CELLS', params: { max: L.cells } };
      }
      return { type: 'counts', sheets, cells, sharedStrings };
    },

    isDate(z: unknown): boolean {
      if (typeof z !== 'string' || z === 'General') return false;
      let known = dateFormats.get(z);
      if (known === undefined) {
        try {
          known = XLSX.SSF.is_date(z);
        } catch {
          known = false;
        }
        dateFormats.set(z, known);
      }
      return known;
    },

    /** A cell as a plain value: text, number, boolean, Date for a date-formatted number; null for empty and errors. */
    value(c: SheetCell | undefined, d1904: boolean): XlsValue {
      if (!c || c.v === undefined || c.v === null) return null;
      if (c.t === 's') return typeof c.v === 'string' && c.v !== '' ? c.v : null;
      if (c.t === 'b') return !!c.v;
      if (c.t === 'n' && typeof c.v === 'number') {
        if (!w.isDate(c.z)) return c.v;
        // Serial days since 1899-12-30 (1904 system: since 1904-01-01), as UTC wall-clock time.
        const date = new Date(Math.round((c.v + (d1904 ? 1462 : 0) - 25569) * 86_400_000));
        return Number.isNaN(date.getTime()) ? c.v : date;
      }
      return null; // errors, stubs
    },

    /** The parsed workbook's messages: each worksheet's start, then its rows in batches bounded in cells. */
    *produce(buf: Uint8Array): Generator<XlsMessage> {
      const wb = XLSX.read(buf, { type: 'buffer', dense: true, cellText: false, cellNF: true, cellStyles: false, cellFormula: false, cellHTML: false, cellDates: false, bookVBA: false });
      const d1904 = !!wb.Workbook?.WBProps?.date1904;
      for (const name of wb.SheetNames) {
        const ws = wb.Sheets[name];
        if (!ws || (ws['!type'] && ws['!type'] !== 'sheet')) continue; // chart and macro sheets
        yield { type: 'sheet', name: String(name) };
        const rows = (ws['!data'] as (SheetCell[] | undefined)[] | undefined) ?? [];
        let batch: [number, XlsValue[]][] = [];
        let batchCells = 0;
        for (let r = 0; r < rows.length; r++) {
          const row = rows[r];
          if (!row) continue;
          const values: XlsValue[] = new Array(row.length);
          for (let c = 0; c < row.length; c++) values[c] = w.value(row[c], d1904);
          batch.push([r + 1, values]);
          batchCells += values.length;
          rows[r] = undefined; // sent: its cells can go
          if (batchCells >= L.batchCells || batch.length >= L.batchRows) {
            yield { type: 'rows', rows: batch };
            batch = [];
            batchCells = 0;
          }
        }
        if (batch.length) yield { type: 'rows', rows: batch };
        delete wb.Sheets[name];
      }
    },
  };

  let steps: Generator<XlsMessage> | null = null;
  let buf: Uint8Array | null = readFile(data.file);
  port.on('message', () => {
    try {
      if (!steps) {
        if (!buf) {
          port.postMessage({ type: 'done' });
          return;
        }
        const counted = w.count(buf);
        if (counted.type === 'counts') steps = w.produce(buf);
        buf = null;
        port.postMessage(counted);
        return;
      }
      const next = steps.next();
      port.postMessage(next.done ? { type: 'done' } : next.value);
    } catch (e) {
      port.postMessage({ type: 'invalid', reason: String((e as Error)?.message ?? e).split('\n')[0]!.slice(0, 200) });
    }
  });
}
