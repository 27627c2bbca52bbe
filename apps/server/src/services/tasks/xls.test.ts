/**
 * Table import of a legacy .xls (issue 29 item 6): the import reader recognises the workbook by its
 * signature whatever the format says (xlsx), reads its first worksheet in a worker thread, and the
 * rows land in a real PostgreSQL table; a workbook past the limits is refused before its rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverFor, type Connection } from '@askdb/drivers';
import { dialectFor } from '@askdb/sql';
import { xlsxSource } from './xlsx.js';
import { TableImporter } from './import-table.js';
import { scratchPgDatabase } from '../../test/helpers.js';
import { writeHostileXls, writeXls } from '../../test/xls-files.js';
import { SPREADSHEET_LIMITS as L, SpreadsheetTooLarge } from '../spreadsheet-limits.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-import-xls-'));
const book = path.join(dir, 'people.xls');
writeXls(book, [
  { name: 'People', rows: [['id', 'name', 'born', 'score'], [1, 'Ann', new Date(Date.UTC(1990, 4, 17)), 9.5], [2, 'Ōno', null, 7], [3, null, new Date(Date.UTC(2001, 0, 1, 8, 15)), null]] },
  { name: 'Ignored', rows: [['second sheet']] },
]);

describe('import of a .xls workbook', () => {
  let conn: Connection;
  let drop: () => Promise<void>;
  let db: string;
  beforeAll(async () => {
    const s = await scratchPgDatabase('askdb_import_xls');
    db = s.name;
    drop = () => s.drop();
    conn = await (await driverFor('POSTGRESQL')).connect({ alias: 't', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: '', databaseName: db } as never);
  });
  afterAll(async () => {
    await conn?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the first worksheet: header, numbers, text, dates and empty cells fitted to the header', async () => {
    const src = await xlsxSource(book, { header: true });
    expect(src.columns).toEqual(['id', 'name', 'born', 'score']);
    const got = [];
    for await (const r of src.records) got.push(r);
    expect(got).toEqual([
      { row: 1, cells: ['1', 'Ann', '1990-05-17 00:00:00', '9.5'] },
      { row: 2, cells: ['2', 'Ōno', null, '7'] },
      { row: 3, cells: ['3', null, '2001-01-01 08:15:00', null] },
    ]);
    expect(src.progress.bytes).toBe(fs.statSync(book).size);
  });

  it('lands the rows in a new PostgreSQL table', async () => {
    const src = await xlsxSource(book, { header: true });
    const outcome = await new TableImporter({ conn, dialect: dialectFor('POSTGRESQL'), databaseName: null, schemaName: 'public', tableName: 'people', mode: 'new', batchSize: 100, skipBadRows: false }, src, { shouldStop: async () => false, report: async () => undefined }).run();
    expect(outcome).toMatchObject({ state: 'DONE', counters: { committedRows: 3, failedRows: 0 } });
    const rows: unknown[][] = [];
    for await (const e of conn.execute('SELECT id, name, born, score FROM people ORDER BY id', {})) if (e.type === 'rows') rows.push(...e.rows);
    expect(rows).toEqual([['1', 'Ann', '1990-05-17 00:00:00', '9.5'], ['2', 'Ōno', null, '7'], ['3', null, '2001-01-01 08:15:00', null]]);
  });

  it('refuses a workbook of too many cells before any row', async () => {
    const file = path.join(dir, 'blanks.xls');
    writeHostileXls(file, { blankRows: Math.ceil(L.xlsCells / 200) + 1, columns: 200 });
    const e = await xlsxSource(file, { header: true }).then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(SpreadsheetTooLarge);
    expect((e as SpreadsheetTooLarge).key).toBe('TOO_MANY_CELLS');
  });
});
