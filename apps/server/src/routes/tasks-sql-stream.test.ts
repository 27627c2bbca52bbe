/**
 * SQL script imports stream: the route validates cheaply (size, the first bytes) and never reads the
 * script; the job reads and splits it chunk by chunk and runs statements as they are split, so other
 * users keep being answered while a 200,000-statement script imports, and a cancel stops it between groups.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { upload, waitTask } from '../test/task-helpers.js';

describe('SQL script import as a stream', () => {
  let t: TestApp;
  let pgDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let pg: number;

  const sql = async (text: string) => {
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: pg, sql: text, pageSize: 10 });
    const res = r.body.data?.[0];
    if (!res?.success) throw new Error(`${text}: ${JSON.stringify(r.body)}`);
    return res.dataList as (string | null)[][];
  };
  /** A script of `n` INSERTs with strings, dollar quotes and comments, written to the test's folder. */
  const script = (table: string, n: number) => {
    const lines = [`CREATE TABLE ${table} (id int primary key, s text, d text);`];
    for (let i = 1; i <= n; i++) {
      lines.push(i % 3 === 0 ? `-- row ${i}; a comment\nINSERT INTO ${table} VALUES (${i}, 'a;''b ${i}', $x$ $$; ${i} $x$);` : `INSERT INTO ${table} VALUES (${i}, /* c; */ 'v${i}', NULL);`);
    }
    const file = path.join(t.home, `${table}.sql`);
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return fs.readFileSync(file);
  };

  beforeAll(async () => {
    t = await testApp({ demo: true });
    pgDb = await scratchPgDatabase('askdb_sqlstream');
    pg = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('stream pg', pgDb.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await pgDb.drop();
  });

  it('imports 200,000 INSERTs while another client is answered and the event loop keeps ticking; the script is never read whole', async () => {
    const content = script('big', 200_000);
    const id = await upload(t, 'big.sql', content);
    const reads = vi.spyOn(fs, 'readFileSync');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = await t.json('POST', '/api/task/import', { uploadId: id, dataSourceId: pg, format: 'sql' });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const task = started.body.data as TaskView;
    let running = true;
    let answered = 0;
    let answeredWhileRunning = 0;
    const ticksSeen: number[] = [];
    const other = (async () => {
      while (running) {
        const r = await t.json('GET', '/api/system');
        expect(r.status).toBe(200);
        answered++;
        const v = (await t.json('GET', `/api/task/get?id=${task.id}`)).body.data as TaskView;
        if (v.state === 'RUNNING' && v.committedRows > 0 && v.committedRows < 200_001) {
          answeredWhileRunning++;
          ticksSeen.push(ticks);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    let done: TaskView;
    for (;;) {
      done = (await t.json('GET', `/api/task/get?id=${task.id}`)).body.data as TaskView;
      if (['DONE', 'FAILED', 'STOPPED'].includes(done.state)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await other;
    clearInterval(timer);
    reads.mockRestore();
    expect(done).toMatchObject({ state: 'DONE', committedRows: 200_001, failedRows: 0, percent: 100, error: null });
    expect(await sql("select count(*), sum(id), count(*) filter (where s like 'a;''b %' and d like ' $$; %') from big")).toEqual([['200000', '20000100000', '66666']]);
    // Neither the route nor the job read the script in one piece.
    // (the upload's copy on this replica lives under $ASKDB_HOME/cache/files, the store holds it in chunks).
    expect(reads.mock.calls.filter((c) => String(c[0]).startsWith(path.join(t.home, 'cache')) || String(c[0]).startsWith(path.join(t.home, 'tasks')))).toEqual([]);
    // Another client was answered again and again while the import ran, and the timer kept firing between those answers.
    expect(answered).toBeGreaterThan(0);
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(3);
    expect(new Set(ticksSeen).size).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('stops a cancelled script between groups: the table holds exactly the statements the task says ran', async () => {
    const id = await upload(t, 'cancel.sql', script('halfway', 50_000));
    const task = (await t.json('POST', '/api/task/import', { uploadId: id, dataSourceId: pg, format: 'sql' })).body.data as TaskView;
    let cancelled = false;
    const end = await waitTask(t, task.id, [], {}, async (v) => {
      if (!cancelled && v.state === 'RUNNING' && v.committedRows >= 2000) {
        cancelled = true;
        expect((await t.json('POST', '/api/task/cancel', { id: task.id })).body.success).toBe(true);
      }
    });
    expect(end.state).toBe('STOPPED');
    expect(end.committedRows).toBeGreaterThanOrEqual(2000);
    expect(end.committedRows).toBeLessThan(50_001);
    // The CREATE TABLE was statement 1: the rows are the committed statements minus one.
    expect(await sql('select count(*) from halfway')).toEqual([[String(end.committedRows - 1)]]);
  }, 300_000);

  it('refuses a script that is not UTF-8 text at once, without starting a task', async () => {
    const utf16 = await upload(t, 'u16.sql', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SELECT 1;', 'utf16le')]));
    const r = await t.json('POST', '/api/task/import', { uploadId: utf16, dataSourceId: pg, format: 'sql' });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toContain('UTF-8');
    const binary = await upload(t, 'bin.sql', Buffer.from([0x53, 0x45, 0x4c, 0x00, 0xc3, 0x28]));
    expect((await t.json('POST', '/api/task/import', { uploadId: binary, dataSourceId: pg, format: 'sql' })).status).toBe(400);
    // A multi-byte character cut by the sniffed sample's end is fine.
    const ok = await upload(t, 'ok.sql', Buffer.from(`SELECT '${'é'.repeat(5000)}';`));
    const r2 = await t.json('POST', '/api/task/import', { uploadId: ok, dataSourceId: pg, format: 'sql' });
    expect(r2.body.success, JSON.stringify(r2.body)).toBe(true);
    expect(await waitTask(t, (r2.body.data as TaskView).id)).toMatchObject({ state: 'DONE', committedRows: 1 });
  }, 60_000);
});
