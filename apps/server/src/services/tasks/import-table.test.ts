/**
 * TableImporter through the bulk loaders (COPY FROM STDIN, LOAD DATA LOCAL INFILE) on real
 * PostgreSQL and MariaDB: awkward values arrive unchanged, and a value the database refuses inside a
 * loaded batch is still reported by its row number while the rest of the batch lands.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverFor, type Connection } from '@askdb/drivers';
import { dialectFor } from '@askdb/sql';
import { delimitedSource } from './readers.js';
import { TableImporter, type ImportTarget } from './import-table.js';
import { scratchPgDatabase } from '../../test/helpers.js';

const AWKWARD = ['say "hi"', 'back\\slash \\N', 'tab\there', 'two\nlines', 'comma, and \r return', '\\N', 'ünïcødé ✓'];
const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-import-table-'));
const file = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};
// 12 rows in batches of 5: row 7 holds a value an integer column refuses.
const mixed = file('mixed.csv', 'n,label\n' + Array.from({ length: 12 }, (_, i) => `${i === 6 ? 'seven' : i + 1},${csvCell(AWKWARD[i % AWKWARD.length]!)}`).join('\n') + '\n');
const awkward = file('awkward.csv', 'id,label\n' + AWKWARD.map((v, i) => `${i + 1},${csvCell(v)}`).join('\n') + '\n');

async function importFile(conn: Connection, type: 'POSTGRESQL' | 'MARIADB', db: string, f: string, table: string, mode: 'new' | 'existing') {
  const target: ImportTarget = { conn, dialect: dialectFor(type), databaseName: type === 'MARIADB' ? db : null, schemaName: type === 'POSTGRESQL' ? 'public' : null, tableName: table, mode, batchSize: 5, skipBadRows: true };
  return new TableImporter(target, await delimitedSource(f, { delimiter: ',', encoding: 'utf-8', header: true }), { shouldStop: async () => false, report: async () => undefined }).run();
}

async function rows(conn: Connection, sql: string, databaseName: string | null): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const e of conn.execute(sql, { databaseName })) if (e.type === 'rows') out.push(...e.rows);
  return out;
}

describe.each(['POSTGRESQL', 'MARIADB'] as const)('import into %s through the bulk loader', (type) => {
  let conn: Connection;
  let db: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (type === 'POSTGRESQL') {
      const s = await scratchPgDatabase('askdb_import_table');
      db = s.name;
      drop = () => s.drop();
      conn = await (await driverFor('POSTGRESQL')).connect({ alias: 't', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: '', databaseName: db } as never);
    } else {
      db = `askdb_import_table_${process.pid}`;
      conn = await (await driverFor('MARIADB')).connect({ alias: 't', type: 'MARIADB', host: '127.0.0.1', port: 3306, user: 'root', password: '' } as never);
      await conn.runBound!(`CREATE DATABASE ${db}`, []);
      drop = async () => void (await conn.runBound!(`DROP DATABASE IF EXISTS ${db}`, []));
    }
  });
  afterAll(async () => {
    await drop();
    await conn.close();
  });

  it('keeps quotes, backslashes, tabs, line breaks, a literal \\N and non-ASCII text as they were', async () => {
    const loader = vi.spyOn(conn, 'runWithInput' as never) as unknown as { mock: { results: { value: Promise<unknown> }[] }; mockRestore(): void };
    const out = await importFile(conn, type, db, awkward, 'awkward', 'new');
    expect(out).toMatchObject({ state: 'DONE', counters: { committedRows: AWKWARD.length, failedRows: 0 } });
    // Both batches (5 + 2 rows) went through the loader cleanly, not through the INSERT fallback.
    expect(await Promise.all(loader.mock.results.map((r) => r.value))).toEqual([{ rows: 5, warnings: 0 }, { rows: 2, warnings: 0 }]);
    loader.mockRestore();
    const got = await rows(conn, `SELECT label FROM ${type === 'MARIADB' ? `${db}.` : ''}awkward ORDER BY id`, type === 'MARIADB' ? db : null);
    expect(got.map((r) => r[0])).toEqual(AWKWARD);
  });

  it('reports a refused value by its row number and lands the rest of its batch', async () => {
    const q = type === 'MARIADB' ? `${db}.` : '';
    await conn.runBound!(`CREATE TABLE ${q}mixed (n integer, label text)`, [], { databaseName: type === 'MARIADB' ? db : null });
    const out = await importFile(conn, type, db, mixed, 'mixed', 'existing');
    expect(out.state).toBe('DONE');
    expect(out.counters).toMatchObject({ committedRows: 11, failedRows: 1 });
    expect(out.counters.rowErrors.map((e) => e.row)).toEqual([7]);
    const got = await rows(conn, `SELECT n FROM ${q}mixed ORDER BY n`, type === 'MARIADB' ? db : null);
    expect(got.map((r) => Number(r[0]))).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]);
  });

  it('when the loader is refused outright (e.g. local_infile off) the batch goes in as INSERTs and the loader is not tried again', async () => {
    // The one stand-in here: the driver's loader call fails as a server with the loader disabled answers.
    const loader = vi.spyOn(conn as Required<Connection>, 'runWithInput').mockRejectedValue(new Error('Loading local data is disabled'));
    const out = await importFile(conn, type, db, awkward, 'refused', 'new');
    const calls = loader.mock.calls.length;
    loader.mockRestore();
    expect(out).toMatchObject({ state: 'DONE', counters: { committedRows: AWKWARD.length, failedRows: 0 } });
    expect(calls).toBe(1);
    const got = await rows(conn, `SELECT label FROM ${type === 'MARIADB' ? `${db}.` : ''}refused ORDER BY id`, type === 'MARIADB' ? db : null);
    expect(got.map((r) => r[0])).toEqual(AWKWARD);
  });
});
