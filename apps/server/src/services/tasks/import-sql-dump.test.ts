/**
 * A plain-format pg_dump restores through the SQL import task end to end (issue 23.1): `\restrict`,
 * SET lines, COPY … FROM stdin blocks with tabs, backslashes, NULLs and semicolons, dollar-quoted
 * function bodies, comments; and psql meta-commands that are not SQL are refused by name and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { upload, waitTask } from '../../test/task-helpers.js';

const DUMP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../survival/fixtures/pg_dump-15-plain.sql');

describe('SQL import of a plain pg_dump', () => {
  let t: TestApp;
  const dbs: Awaited<ReturnType<typeof scratchPgDatabase>>[] = [];
  const sourceOn = async (prefix: string) => {
    const db = await scratchPgDatabase(prefix);
    dbs.push(db);
    return (await t.json('POST', '/api/connection/datasource/create', pgSourceInput(prefix, db.name))).body.data as number;
  };
  const importInto = async (id: number, name: string, content: Buffer) => {
    const uploadId = await upload(t, name, content);
    const started = await t.json('POST', '/api/task/import', { uploadId, dataSourceId: id, format: 'sql' });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    return waitTask(t, (started.body.data as TaskView).id);
  };
  const rows = async (id: number, sql: string) => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql, pageSize: 50 });
    expect(r.body.data?.[0]?.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data[0].dataList as (string | null)[][];
  };

  beforeAll(async () => { t = await testApp(); }, 60_000);
  afterAll(async () => {
    await t?.close();
    for (const db of dbs) await db.drop();
  });

  it('restores tables, COPY data, sequences, a plpgsql function and a view', async () => {
    const id = await sourceOn('askdb_dump');
    const done = await importInto(id, 'shop.sql', fs.readFileSync(DUMP));
    expect(done.state, done.error ?? '').toBe('DONE');
    expect(await rows(id, 'select id, name, note, joined::text from shop.customers order by id')).toEqual([
      ['1', 'Ann', null, '2024-01-02'],
      ['2', "Bob; O'Neil", 'tab\there\nnewline \\ backslash', '2024-02-03'],
      ['3', 'Chloé 中文', '', null],
    ]);
    expect(await rows(id, 'select id, total, tags::text, data::text from shop.orders order by id')).toEqual([['1', '10.50', '{a,b}', '{"k": "v;"}'], ['2', '99.99', null, '[1, 2]']]);
    expect(await rows(id, 'select shop.order_total(2), (select count(*) from shop.big_orders), nextval(\'shop.customers_id_seq\')')).toEqual([['99.99', '1', '4']]);
    expect(await rows(id, "select obj_description('shop'::regnamespace, 'pg_namespace')")).toEqual([['the shop; with a semicolon']]);
  });

  it('refuses a psql meta-command by name and line before its statement runs; a backslash line inside a body is not one', async () => {
    const id = await sourceOn('askdb_meta');
    const script = [
      'CREATE TABLE kept (s text);',
      "CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $$ select '",
      "\\d is text here' $$;",
      "INSERT INTO kept VALUES (f());",
      '\\connect other_db',
      'CREATE TABLE never (a int);',
    ].join('\n');
    const done = await importInto(id, 'meta.sql', Buffer.from(script));
    expect(done.state).toBe('FAILED');
    expect(done.error).toMatch(/^line 5: \\connect is a psql meta-command, not SQL/);
    expect(await rows(id, "select count(*) from pg_tables where tablename in ('kept', 'never')")).toEqual([['0']]);
  });
});
