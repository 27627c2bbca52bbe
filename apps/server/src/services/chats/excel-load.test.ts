/** Loading an xlsx into a chat's DuckDB file: streamed rows in batches with progress, types narrowed from text. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { openDuckdbLoader } from '@askdb/drivers';
import { chatDbFile, loadIntoDuckdb, type LoadProgress } from './excel-load.js';
import { SPREADSHEET_LIMITS, SpreadsheetTooLarge } from '../spreadsheet-limits.js';
import { wideCsv, writeHostileXlsx } from '../../test/hostile-spreadsheets.js';

describe('loadIntoDuckdb', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-chat-load-'));
  const uploadFile = (dir: string, id: string, ext: string) => path.join(dir, 'uploads', `${id}.${ext}`);
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('streams a 30,000-row sheet in batches, reporting progress, and gives columns their types', async () => {
    const id = '11111111-2222-3333-4444-555555555555';
    const file = uploadFile(home, id, 'xlsx');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('Orders');
    ws.addRow(['id', 'price', 'paid', 'day', 'note']).commit();
    for (let i = 1; i <= 30_000; i++) ws.addRow([i, i / 4, i % 2 === 0, new Date(Date.UTC(2024, 0, 1 + (i % 28))), i % 3 ? `n${i}` : null]).commit();
    ws.commit();
    await wb.commit();

    const seen: LoadProgress[] = [];
    const tables = await loadIntoDuckdb(file, chatDbFile(home, 7), { organizationId: 1, userId: 1, fileName: 'orders.xlsx', ext: 'xlsx', size: fs.statSync(file).size }, undefined, (p) => seen.push(p));
    expect(tables).toEqual([{ name: 'orders', sheet: 'Orders', rows: 30_000, columns: ['id', 'price', 'paid', 'day', 'note'] }]);
    const percents = seen.map((p) => p.progress).filter((p) => p >= 0);
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(percents.at(-1)).toBe(100);
    // Rows arrive in batches of 5,000, not all at once at the end.
    const counts = [...new Set(seen.map((p) => p.rowsLoaded))].filter((n) => n > 0 && n < 30_000);
    expect(counts.length).toBeGreaterThanOrEqual(4);

    const db = await openDuckdbLoader(chatDbFile(home, 7));
    try {
      const types = await db.query("SELECT column_name AS c, data_type AS t FROM information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position");
      expect(types.map((r) => r.t)).toEqual(['BIGINT', 'DOUBLE', 'BOOLEAN', 'DATE', 'VARCHAR']);
      const sums = await db.query('SELECT sum(price)::DOUBLE AS s, count(*) FILTER (WHERE paid)::INTEGER AS p FROM orders');
      expect(sums[0]).toEqual({ s: 112503750, p: 15_000 });
    } finally {
      db.close();
    }
  }, 60_000);

  const csv = async (chatId: number, text: string) => {
    const id = `00000000-0000-0000-0000-${String(chatId).padStart(12, '0')}`;
    const file = uploadFile(home, id, 'csv');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return loadIntoDuckdb(file, chatDbFile(home, chatId), { organizationId: 1, userId: 1, fileName: 'data.csv', ext: 'csv', size: text.length }, undefined, () => undefined);
  };

  it("a CSV with its header and no rows makes an empty table with the header's columns", async () => {
    expect(await csv(21, 'a,b\n')).toEqual([{ name: 'data', sheet: 'data.csv', rows: 0, columns: ['a', 'b'] }]);
  });

  it('a CSV with quoted fields, an empty header cell and short rows', async () => {
    const tables = await csv(22, 'name,,note\n"Smith, J",1,"say ""hi"""\nLee,2\n');
    expect(tables[0]).toMatchObject({ rows: 2, columns: ['name', 'column_2', 'note'] });
  });

  it('refuses at load a CSV wider than the column limit and an xlsx with too many rich-text runs, before DuckDB or exceljs hold them', async () => {
    const wide = await csv(23, wideCsv(SPREADSHEET_LIMITS.columns + 1, 3, '1')).then(() => null, (e: unknown) => e);
    expect(wide).toBeInstanceOf(SpreadsheetTooLarge);
    expect((wide as SpreadsheetTooLarge).key).toBe('TOO_MANY_COLUMNS');
    const id = '00000000-0000-0000-0000-0000000000aa';
    const file = uploadFile(home, id, 'xlsx');
    writeHostileXlsx(file, { sharedStrings: { items: 1, runs: SPREADSHEET_LIMITS.richTextRuns + 1 } });
    const runs = await loadIntoDuckdb(file, chatDbFile(home, 24), { organizationId: 1, userId: 1, fileName: 'runs.xlsx', ext: 'xlsx', size: fs.statSync(file).size }, undefined, () => undefined).then(() => null, (e: unknown) => e);
    expect((runs as SpreadsheetTooLarge).key).toBe('TOO_MANY_TEXT_RUNS');
  });

  it('a wide CSV within the limits still loads whole', async () => {
    const columns = 1_000;
    const tables = await csv(25, wideCsv(columns, 50, '7'));
    expect(tables[0]).toMatchObject({ rows: 50 });
    expect(tables[0]!.columns).toHaveLength(columns);
  });
});
