/** Issue 29 item 21: tasks carry the spec's status (PENDING / SUCCESS / FAILURE) next to our state. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { taskStatusOf } from '../services/spec-fields.js';

describe('task status at the API (issue 29 item 21)', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_spec_task', 'create table orders (id int primary key); insert into orders values (1);');
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', db.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('tasks carry the spec status next to their state', async () => {
    const start = await t.json('POST', '/api/task/export', { dataSourceId: id, databaseName: db.name, schemaName: 'public', target: 'table', tableName: 'orders', format: 'csv' });
    const taskId = start.body.data.id ?? start.body.data;
    let view: { state: string; status: string } | undefined;
    for (let i = 0; i < 200; i++) {
      view = (await t.json('GET', `/api/task/get?id=${taskId}`)).body.data;
      if (view && ['DONE', 'FAILED', 'STOPPED'].includes(view.state)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(view).toMatchObject({ state: 'DONE', status: 'SUCCESS' });
    expect(['INITIALIZING', 'RUNNING', 'FAILED', 'STOPPED'].map((s) => taskStatusOf(s as 'RUNNING'))).toEqual(['PENDING', 'PENDING', 'FAILURE', 'FAILURE']);
  });

});
