/**
 * Issue 28 point 2: audit rows are written in batches, off the request path, and never lost: every
 * statement a server-mode replica acknowledged has its sql_audit row in the store once the replica
 * has shut down, even when it shuts down before a batch was due.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { pgStoreUrl } from '../../test/accounts.js';
import { as, makeTeam, type TeamFixture } from '../../test/org-fixtures.js';

let storeDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
let dataDb: Awaited<ReturnType<typeof scratchPgDatabase>>;
let t: TestApp;
let team: TeamFixture;
beforeAll(async () => {
  storeDb = await scratchPgDatabase('askdb_auditstop_store');
  dataDb = await scratchPgDatabase('askdb_auditstop_data', 'create table items (id int primary key, name text); insert into items select g, md5(g::text) from generate_series(1, 100) g;');
  t = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(storeDb.name), demo: false });
  team = await makeTeam(t, 'Audit');
}, 60_000);
afterAll(async () => {
  await storeDb?.drop();
  await dataDb?.drop();
});

it('every acknowledged statement has its audit row after the replica shuts down', async () => {
  const id = (await as(t, team.owner, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('items', dataDb.name), visibility: 'SHARED' })).body.data as number;
  const marks = Array.from({ length: 40 }, (_, i) => `audit-stop-${i}`);
  const answers = await Promise.all(marks.map((m, i) =>
    as(t, team.owner, 'POST', '/api/rdb/dml/execute', { dataSourceId: id, databaseName: dataDb.name, schemaName: 'public', sql: `select name as "${m}" from items where id = ${i + 1}` })));
  for (const a of answers) expect(a.body.data?.[0]?.success).toBe(true);
  // Shut down at once: the batch (due within a second) has not been written yet, or only partly.
  await t.close();
  const store = new pg.Client({ connectionString: pgStoreUrl(storeDb.name) });
  await store.connect();
  try {
    const rows = (await store.query<{ sql_text: string }>("select sql_text from sql_audit where sql_text like 'select name as \"audit-stop-%'")).rows;
    expect(rows.map((r) => r.sql_text.match(/audit-stop-\d+/)![0]).sort()).toEqual([...marks].sort());
  } finally {
    await store.end();
  }
});

it('a statement is answered only once its audit row is in the store (a replica killed right after loses none)', async () => {
  const app = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(storeDb.name), demo: false });
  try {
    const owner = await makeTeam(app, 'Audit answered');
    const id = (await as(app, owner.owner, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('items', dataDb.name), visibility: 'SHARED' })).body.data as number;
    const mark = `audit-answered-${Date.now()}`;
    const r = await as(app, owner.owner, 'POST', '/api/rdb/dml/execute', { dataSourceId: id, databaseName: dataDb.name, schemaName: 'public', sql: `select name as "${mark}" from items where id = 1` });
    expect(r.body.data?.[0]?.success).toBe(true);
    // Read from another connection at once, with the replica still up and no flush asked for.
    const store = new pg.Client({ connectionString: pgStoreUrl(storeDb.name) });
    await store.connect();
    try {
      expect((await store.query('select count(*)::int as n from sql_audit where sql_text like $1', [`%${mark}%`])).rows[0].n).toBe(1);
    } finally {
      await store.end();
    }
  } finally {
    await app.close();
  }
});
