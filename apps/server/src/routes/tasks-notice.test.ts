/**
 * Export completions produce notices (issue 18 point 1): a finished export tells its creator in the
 * notification centre (message key per kind and state, row count, an action that opens the task);
 * a failed export says so too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@askdb/contracts';
import { testApp, type TestApp } from '../test/helpers.js';
import { waitTask } from '../test/task-helpers.js';

describe('task notices', () => {
  let t: TestApp;
  let demo: number;
  let firstTaskId = 0;
  beforeAll(async () => {
    t = await testApp({ demo: true });
    const list = (await t.json('GET', '/api/connection/datasource/list?pageSize=50')).body.data.data as { id: number; type: string }[];
    demo = list.find((d) => d.type === 'SQLITE')!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const notices = async () => (await t.json('GET', '/api/notification/list?pageSize=100')).body.data.data as NotificationItem[];

  it('a finished export and a failed one each leave a notice for their creator that opens the task', async () => {
    const before = (await t.json('GET', '/api/notification/unread_count')).body.data;
    const done = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: demo, target: 'table', tableName: 'categories', format: 'csv' })).body.data.id);
    expect(done.state).toBe('DONE');
    firstTaskId = done.id;
    const ok = (await notices()).find((n) => n.action?.targetId === String(done.id));
    expect(ok).toMatchObject({ type: 'TASK', messageKey: 'task.export.done', read: false, action: { kind: 'TASK', targetId: String(done.id) } });
    expect(ok!.params.rows).toBe(done.committedRows);
    expect(done.committedRows).toBeGreaterThan(0);

    const bad = await waitTask(t, (await t.json('POST', '/api/task/export', { dataSourceId: demo, target: 'query', sql: 'select * from no_such_table', format: 'json' })).body.data.id);
    expect(bad.state).toBe('FAILED');
    expect((await notices()).find((n) => n.action?.targetId === String(bad.id))).toMatchObject({ type: 'TASK', messageKey: 'task.export.failed' });
    expect((await t.json('GET', '/api/notification/unread_count')).body.data).toBe(Number(before) + 2);
  }, 60_000);

  it('a cancelled export stops while rows stream: STOPPED, part of the rows, nothing to download, a notice saying so', async () => {
    const sql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000000) SELECT x FROM c';
    const id = (await t.json('POST', '/api/task/export', { dataSourceId: demo, target: 'query', sql, format: 'csv' })).body.data.id as number;
    let asked = false;
    const end = await waitTask(t, id, [], {}, async (v) => {
      if (!asked && v.committedRows > 0) {
        asked = true;
        expect((await t.json('POST', '/api/task/cancel', { id })).body.success).toBe(true);
      }
    });
    expect(asked).toBe(true);
    expect(end.state).toBe('STOPPED');
    expect(end.committedRows).toBeLessThan(5_000_000);
    expect(end.downloadable).toBe(false);
    expect((await notices()).find((n) => n.action?.targetId === String(id))).toMatchObject({ messageKey: 'task.export.stopped' });
  }, 120_000);

  it('a task is INITIALIZING until a run takes it; cancelled then it is STOPPED at once and no run starts it', async () => {
    const { TaskRepo } = await import('../store/tasks.js');
    const repo = new TaskRepo(t.deps.store.db);
    const any = await repo.get(firstTaskId);
    const id = await repo.create({ organizationId: any!.organizationId, userId: any!.userId, kind: 'EXPORT', title: 'idle', format: 'csv', dataSourceId: demo, params: {} } as never);
    expect((await repo.get(id))!.state).toBe('INITIALIZING');
    expect(await repo.requestCancel(id)).toBe(true);
    expect((await repo.get(id))!.state).toBe('STOPPED');
    expect(await repo.start(id)).toBe(false);
    expect((await repo.get(id))!.state).toBe('STOPPED');
    expect(await repo.requestCancel(id)).toBe(false);
  });
});
