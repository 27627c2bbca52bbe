/**
 * How much of a spreadsheet or CSV file any reader (chat upload, magic Excel check, chat load, import
 * task, knowledge import) agrees to hold, and the refusal a user reads beyond it. The limits are
 * counted before anything is held: an xlsx's parts are scanned as they inflate (spreadsheet-scan.ts:
 * shared strings, rich-text runs, cells, columns, elements), a CSV's records are counted by a pass
 * that keeps no text (scanDelimited below), and the streaming readers stop at the same limits.
 *
 * Why these numbers (measured, see bench/spreadsheet-memory.bench.ts): exceljs keeps every shared
 * string, ~45 bytes a plain one and ~300 bytes a rich-text run (14 million runs took 4 GB). DuckDB,
 * loading a chat's table, holds ~200 KB a column and ~30 bytes a cell of the row group it has not
 * written yet (122,880 rows): 100,001 columns took 2.5 GB, 1,000 columns × 40,000 rows 800 MB. So a
 * chat load is bounded in columns and in that estimate, and the rows a width allows are named.
 */
import fs from 'node:fs';
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const SPREADSHEET_LIMITS = {
  /** Columns of a sheet or CSV record (MySQL's own table limit; Excel's is 16,384). */
  columns: 4_096,
  /** Cells of a workbook (all sheets) or CSV file. */
  cells: 50_000_000,
  /** Items of the shared-strings part. */
  sharedStrings: 1_000_000,
  /** Rich-text runs among the shared strings. */
  richTextRuns: 250_000,
  /** Unpacked bytes of the shared-strings part. */
  sharedStringsBytes: 100 * 1024 * 1024,
  /** Elements of any other workbook part (workbook, styles, relationships). */
  partElements: 1_000_000,
  /** One CSV record, or one JSON value, in bytes. */
  recordBytes: 32 * 1024 * 1024,
  /** Columns of a sheet loaded into a chat's DuckDB file. */
  chatColumns: 1_024,
  /** DuckDB's estimated memory for a chat load: columns × duckdbColumnBytes + cells of the first row group × duckdbCellBytes. */
  chatLoadBytes: 400 * 1024 * 1024,
  duckdbColumnBytes: 200 * 1024,
  duckdbCellBytes: 30,
  /** Cells one import batch holds (its rows are fewer when the table is wide). */
  batchCells: 1_000_000,
  /**
   * A legacy .xls is parsed whole by SheetJS in a worker thread (spreadsheet-xls.ts): the file's
   * bytes, the cells (all sheets, blank records too: SheetJS keeps ~520 bytes a cell of text,
   * measured) and the worker's heap are capped so the read stays well inside 512 MB.
   */
  xlsBytes: 64 * 1024 * 1024,
  xlsCells: 500_000,
  xlsHeapMb: 320,
  /** Cells of one batch of rows the .xls worker sends. */
  xlsBatchCells: 50_000,
} as const;

/** DuckDB's row group: the rows a load holds before writing them out. */
export const DUCKDB_ROW_GROUP = 122_880;

const messages = defineMessages({
  TOO_MANY_COLUMNS: {
    'en-US': 'A sheet may have at most {max} columns; this file has a row with more',
    'zh-CN': '每个工作表最多 {max} 列；此文件中有一行超过了该数量',
    'ja-JP': 'シートの列は {max} 列までです。このファイルにはそれを超える行があります',
  },
  TOO_MANY_CELLS: {
    'en-US': 'A file may have at most {max} cells; this one has more',
    'zh-CN': '文件最多 {max} 个单元格；此文件超过了该数量',
    'ja-JP': 'ファイルのセルは {max} 個までです。このファイルはそれを超えています',
  },
  TOO_MANY_SHARED_STRINGS: {
    'en-US': 'A workbook may hold at most {max} distinct texts (shared strings); this one holds more',
    'zh-CN': '工作簿最多包含 {max} 个不同的文本（共享字符串）；此工作簿超过了该数量',
    'ja-JP': 'ブックに含められる異なるテキスト（共有文字列）は {max} 個までです。このブックはそれを超えています',
  },
  TOO_MANY_TEXT_RUNS: {
    'en-US': 'A workbook may hold at most {max} rich-text runs (differently formatted parts of texts); this one holds more',
    'zh-CN': '工作簿最多包含 {max} 个富文本片段（文本中格式不同的部分）；此工作簿超过了该数量',
    'ja-JP': 'ブックに含められるリッチテキストの断片（書式の異なるテキスト部分）は {max} 個までです。このブックはそれを超えています',
  },
  SHARED_STRINGS_TOO_LARGE: {
    'en-US': 'The texts of a workbook (shared strings) may take at most {mb}MB unpacked; this one takes more',
    'zh-CN': '工作簿的文本（共享字符串）解压后最多 {mb}MB；此工作簿超过了该大小',
    'ja-JP': 'ブックのテキスト（共有文字列）は展開後 {mb}MB までです。このブックはそれを超えています',
  },
  PART_TOO_LARGE: {
    'en-US': 'A workbook part may have at most {max} elements; {part} has more',
    'zh-CN': '工作簿的每个部件最多 {max} 个元素；{part} 超过了该数量',
    'ja-JP': 'ブックの各パーツの要素は {max} 個までです。{part} はそれを超えています',
  },
  RECORD_TOO_LARGE: {
    'en-US': 'A row may take at most {mb}MB; row {row} takes more',
    'zh-CN': '每行最多 {mb}MB；第 {row} 行超过了该大小',
    'ja-JP': '1 行は {mb}MB までです。{row} 行目はそれを超えています',
  },
  XLS_FILE_TOO_LARGE: {
    'en-US': 'An .xls workbook (the old Excel format) may be at most {mb}MB; save a larger one as .xlsx or .csv',
    'zh-CN': '.xls 工作簿（旧版 Excel 格式）最大 {mb}MB；更大的工作簿请另存为 .xlsx 或 .csv',
    'ja-JP': '.xls ブック（旧 Excel 形式）は {mb}MB までです。それより大きいブックは .xlsx または .csv で保存してください',
  },
  XLS_TOO_LARGE: {
    'en-US': 'Reading this .xls workbook (the old Excel format) needs more than {mb}MB; save it as .xlsx or .csv',
    'zh-CN': '读取此 .xls 工作簿（旧版 Excel 格式）需要超过 {mb}MB 内存；请另存为 .xlsx 或 .csv',
    'ja-JP': 'この .xls ブック（旧 Excel 形式）の読み込みには {mb}MB を超えるメモリが必要です。.xlsx または .csv で保存してください',
  },
  TOO_LARGE_FOR_CHAT: {
    'en-US': 'A sheet with {columns} columns can load at most {rows} rows into a chat; this one has more',
    'zh-CN': '有 {columns} 列的工作表最多可向对话加载 {rows} 行；此工作表超过了该数量',
    'ja-JP': '{columns} 列のシートはチャットに {rows} 行まで読み込めます。このシートはそれを超えています',
  },
});

export type SpreadsheetLimitKey = keyof typeof messages;

/** A file beyond a limit: what was refused and why, in any of the three languages (`text(lang)`). */
export class SpreadsheetTooLarge extends Error {
  constructor(readonly key: SpreadsheetLimitKey, readonly params: Record<string, string | number> = {}) {
    super(translate(messages, key, 'en-US', params));
    this.name = 'SpreadsheetTooLarge';
  }

  text(lang: Language): string {
    return translate(messages, this.key, lang, this.params);
  }
}

export const tooManyColumns = () => new SpreadsheetTooLarge('TOO_MANY_COLUMNS', { max: SPREADSHEET_LIMITS.columns });
export const recordTooLarge = (row: number) => new SpreadsheetTooLarge('RECORD_TOO_LARGE', { mb: SPREADSHEET_LIMITS.recordBytes / 1024 / 1024, row });

/** The most rows a chat can load of a sheet this wide (DuckDB's estimate within chatLoadBytes); 0 past chatColumns. */
export function chatLoadRows(columns: number): number {
  if (columns > SPREADSHEET_LIMITS.chatColumns) return 0;
  const left = SPREADSHEET_LIMITS.chatLoadBytes - columns * SPREADSHEET_LIMITS.duckdbColumnBytes;
  const rows = Math.floor(left / (Math.max(1, columns) * SPREADSHEET_LIMITS.duckdbCellBytes));
  return rows >= DUCKDB_ROW_GROUP ? Number.POSITIVE_INFINITY : rows;
}

/** Refuses a sheet too wide, or too wide and long, for a chat's DuckDB load (rows counts every line, the header too). */
export function checkChatLoad(columns: number, rows: number): void {
  if (columns > SPREADSHEET_LIMITS.chatColumns) throw new SpreadsheetTooLarge('TOO_MANY_COLUMNS', { max: SPREADSHEET_LIMITS.chatColumns });
  const most = chatLoadRows(columns);
  if (rows > most) throw new SpreadsheetTooLarge('TOO_LARGE_FOR_CHAT', { columns, rows: most });
}

export interface DelimitedCounts { records: number; columns: number; cells: number }

/**
 * Counts a delimited file's records, widest record and cells in one pass over its bytes (quotes
 * respected, nothing kept), refusing past the column, cell and record-size limits. The delimiter
 * and quote are ASCII, so the pass is the same for UTF-8 and the legacy multi-byte encodings.
 */
export async function scanDelimited(file: string, delimiter: string): Promise<DelimitedCounts> {
  const d = delimiter.charCodeAt(0);
  let records = 0;
  let widest = 0;
  let cells = 0;
  let fields = 1;
  let recordBytes = 0;
  let inQuotes = false;
  let touched = false;
  let lastCR = false;
  const end = () => {
    records++;
    widest = Math.max(widest, fields);
    cells += fields;
    if (cells > SPREADSHEET_LIMITS.cells) throw new SpreadsheetTooLarge('TOO_MANY_CELLS', { max: SPREADSHEET_LIMITS.cells });
    fields = 1;
    recordBytes = 0;
    touched = false;
  };
  for await (const buf of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i]!;
      if (c === 34) {
        inQuotes = !inQuotes; // a doubled quote toggles twice
        touched = true;
      } else if (!inQuotes && (c === 10 || c === 13)) {
        if (c === 10 && lastCR) {
          lastCR = false;
          continue;
        }
        lastCR = c === 13;
        if (touched || fields > 1) end();
        else recordBytes = 0; // a blank line
        continue;
      } else if (!inQuotes && c === d) {
        if (++fields > SPREADSHEET_LIMITS.columns) throw tooManyColumns();
        touched = true;
      } else touched = true;
      lastCR = false;
      if (++recordBytes > SPREADSHEET_LIMITS.recordBytes) throw recordTooLarge(records + 1);
    }
  }
  if (touched || fields > 1) end();
  return { records, columns: widest, cells };
}
