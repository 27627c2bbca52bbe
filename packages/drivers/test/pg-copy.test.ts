/**
 * COPY through a PostgreSQL console connection as psql runs it (issue 23.1): data lines after
 * `COPY … FROM STDIN;` up to `\.`, `COPY … TO STDOUT` as a result, and no COPY, however sent,
 * ends the process or leaves the connection unusable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFor, splitStatements } from '@askdb/sql';
import type { Connection } from '../src/driver.js';
import { postgresDriver } from '../src/postgres/index.js';
import { postgresFixture } from './engines/postgres.js';
import { collect, must } from './run-sql.js';

const available = await postgresFixture.available();
const pg = dialectFor('POSTGRESQL');

describe.runIf(available)('PostgreSQL COPY in a console script', () => {
  let conn: Connection;
  let cleanup: () => Promise<void>;
  /** Runs a script as the console does: split, statement after statement; each statement's result. */
  const script = async (sql: string) => {
    const out = [];
    for (const s of splitStatements(sql, pg)) out.push(await collect(conn, s.sql));
    return out;
  };

  beforeAll(async () => {
    const box = await postgresFixture.sandbox();
    cleanup = box.cleanup;
    conn = await postgresDriver.connect(box.config);
    await must(conn, 'CREATE TABLE t (id int, name text, note text)');
  });
  afterAll(async () => {
    await conn?.close();
    await cleanup?.();
  });

  it('COPY FROM STDIN (text) loads the data lines up to \\. and reports the row count', async () => {
    const r = await script("copy t from stdin;\n1\tann\t\\N\n2\tbob; o'neil\tx\n\\.\nselect count(*) from t");
    expect(r[0]!.done).toMatchObject({ success: true, updateCount: 2, message: 'COPY 2' });
    expect(r[1]!.rows).toEqual([['2']]);
    expect((await must(conn, 'select name, note from t where id = 2')).rows).toEqual([["bob; o'neil", 'x']]);
    expect((await must(conn, 'select note is null from t where id = 1')).rows).toEqual([['t']]);
  });

  it('COPY FROM STDIN in CSV with the statement\'s own options (delimiter, header, quoting)', async () => {
    const r = await script('COPY t (id, name, note) FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER \';\');\nid;name;note\n3;"semi;colon";""\n4;"two\nlines";\n\\.\n');
    expect(r[0]!.done).toMatchObject({ success: true, updateCount: 2 });
    expect((await must(conn, 'select id, name, note from t where id >= 3 order by id')).rows).toEqual([['3', 'semi;colon', ''], ['4', 'two\nlines', null]]);
  });

  it('COPY TO STDOUT shows the lines the server wrote, one row each, with the row count', async () => {
    const r = await collect(conn, "copy (select id, name from t where id in (1, 3) order by id) to stdout with (format csv, header)");
    expect(r.done).toMatchObject({ success: true, message: 'COPY 2' });
    expect(r.header?.map((h) => h.name)).toEqual(['line']);
    expect(r.rows).toEqual([['id,name'], ['1,ann'], ['3,semi;colon']]);
    const empty = await collect(conn, 'copy (select 1 where false) to stdout');
    expect(empty.done.success).toBe(true);
    expect(empty.header?.map((h) => h.name)).toEqual(['line']);
    expect(empty.rows).toEqual([]);
  });

  it('a COPY error (bad data) fails that statement and the connection goes on', async () => {
    const r = await script('copy t from stdin;\nnot-a-number\tx\tz\n\\.\nselect 1');
    expect(r[0]!.done.success).toBe(false);
    expect(r[0]!.done.message).toMatch(/invalid input syntax for type integer/);
    expect(r[1]!.rows).toEqual([['1']]);
    expect(conn.broken).toBe(false);
  });

  it('a COPY refused before it reads its data says its data lines were not loaded; the next statement runs', async () => {
    const r = await script('copy no_such_table from stdin;\n1\tx\n2\ty\n\\.\nselect 3');
    expect(r[0]!.done.success).toBe(false);
    expect(r[0]!.done.message).toMatch(/relation "no_such_table" does not exist[\s\S]*The 2 data line\(s\) after this COPY, up to \\\., were not loaded/);
    expect(r[1]!.rows).toEqual([['3']]);
  });

  it('a bare COPY FROM STDIN (no data lines) loads nothing, as psql at the end of its input', async () => {
    const r = await collect(conn, 'copy t from stdin');
    expect(r.done).toMatchObject({ success: true, updateCount: 0 });
  });

  it('a large COPY TO STDOUT left after its first page does not hold the connection', async () => {
    const it = conn.execute('copy (select g from generate_series(1, 200000) g) to stdout', { pageSize: 10 });
    let rows = 0;
    for await (const e of it) {
      if (e.type === 'rows') rows += e.rows.length;
      if (rows >= 10) break;
    }
    expect((await must(conn, 'select 42')).rows).toEqual([['42']]);
  });
});
