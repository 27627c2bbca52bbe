/** The header wizard's "apply to all sheets" flag (issue 17 point 1): off, only the chosen sheet takes the header range. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { chatDbFile, loadIntoDuckdb } from './excel-load.js';

describe('header settings per sheet', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-chat-sheets-'));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const uploadFile = (dir: string, id: string, ext: string) => path.join(dir, 'uploads', `${id}.${ext}`);

  const workbook = async (id: string) => {
    const file = uploadFile(home, id, 'xlsx');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const wb = new ExcelJS.Workbook();
    const a = wb.addWorksheet('Titled');
    a.addRow(['Report 2024']);
    a.addRow(['region', 'amount']);
    a.addRow(['north', 10]);
    const b = wb.addWorksheet('Plain');
    b.addRow(['city', 'people']);
    b.addRow(['Oslo', 700]);
    b.addRow(['Bergen', 290]);
    await wb.xlsx.writeFile(file);
    return { organizationId: 1, userId: 1, fileName: 'two.xlsx', ext: 'xlsx' as const, size: fs.statSync(file).size };
  };

  it('not applied to all sheets: the first sheet reads its header on row 2, the second keeps row 1', async () => {
    const id = 'aaaaaaaa-0000-0000-0000-000000000001';
    const tables = await loadIntoDuckdb(uploadFile(home, id, 'xlsx'), chatDbFile(home, 21), await workbook(id), { orientation: 'HORIZONTAL', from: 2, to: 2, applyToAllSheets: false, sheet: 0 }, () => undefined);
    expect(tables).toEqual([
      { name: 'titled', sheet: 'Titled', rows: 1, columns: ['region', 'amount'] },
      { name: 'plain', sheet: 'Plain', rows: 2, columns: ['city', 'people'] },
    ]);
  });

  it('applied to all sheets: the second sheet also reads its header on row 2', async () => {
    const id = 'aaaaaaaa-0000-0000-0000-000000000002';
    const tables = await loadIntoDuckdb(uploadFile(home, id, 'xlsx'), chatDbFile(home, 22), await workbook(id), { orientation: 'HORIZONTAL', from: 2, to: 2, applyToAllSheets: true, sheet: 0 }, () => undefined);
    expect(tables[1]).toMatchObject({ sheet: 'Plain', rows: 1, columns: ['Oslo', '700'] });
  });
});
