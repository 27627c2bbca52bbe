/**
 * Tasks in server mode with two replicas on one PostgreSQL store (pg-boss): a task started on one
 * replica runs once and is followed and downloaded on the other (shared ASKDB_HOME); only its
 * creator sees it — another member of the team and another organisation's owner get 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { pgStoreUrl } from '../test/accounts.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { waitTask } from '../test/task-helpers.js';

describe('tasks across replicas, owner only', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let t2: TestApp;
  let team: TeamFixture;
  let ds: number;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-tasks-replicas-'));

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_tasks_store');
    data = await scratchPgDatabase('askdb_tasks_data', `CREATE TABLE items (id int primary key, label text); INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 2500) g;`);
    t = await testApp({ home, mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false });
    t2 = await testApp({ home, mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false });
    team = await makeTeam(t, 'Tasks');
    ds = (await as(t, team.owner, 'POST', '/api/connection/datasource/create', pgSourceInput('items db', data.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t2?.close();
    await t?.close();
    await data?.drop();
    await store?.drop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('runs once, is followed and downloaded on the other replica, and is nobody else\'s', async () => {
    const started = await as(t, team.owner, 'POST', '/api/task/export', { dataSourceId: ds, schemaName: 'public', target: 'table', tableName: 'items', format: 'sql' });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const id = (started.body.data as TaskView).id;
    const done = await waitTask(t2, id, [], team.owner.headers);
    expect(done).toMatchObject({ state: 'DONE', committedRows: 2500, downloadable: true });
    expect(t.deps.jobs.kind).toBe('pg-boss');
    // A second run of the same job (a retry, the other replica) changes nothing: the task is taken once.
    const { TaskService } = await import('../services/tasks/service.js');
    await new TaskService(t2.deps).run(id);
    expect((await as(t, team.owner, 'GET', `/api/task/get?id=${id}`)).body.data).toEqual(done);
    const file = await t2.app.inject({ method: 'GET', url: `/api/task/download?id=${id}`, headers: team.owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n').filter((l) => l.startsWith('INSERT INTO')).length).toBe(2500);
    expect(file.body).toContain("INSERT INTO items (id, label) VALUES (1, 'item 1');");

    for (const who of [team.admin, team.operator, team.outsider]) {
      expect((await as(t2, who, 'GET', `/api/task/get?id=${id}`)).status, who.name).toBe(404);
      expect((await as(t, who, 'POST', '/api/task/cancel', { id })).status, who.name).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/task/download?id=${id}`, headers: who.headers })).statusCode, who.name).toBe(404);
      expect((await as(t, who, 'GET', '/api/task/list')).body.data.data.map((x: TaskView) => x.id), who.name).not.toContain(id);
    }
    expect((await as(t, team.owner, 'GET', '/api/task/list')).body.data.data.map((x: TaskView) => x.id)).toContain(id);
    // The other organisation's owner cannot export the team owner's private source either.
    expect((await as(t, team.outsider, 'POST', '/api/task/export', { dataSourceId: ds, schemaName: 'public', target: 'table', tableName: 'items', format: 'csv' })).status).toBe(404);
  }, 90_000);
});
