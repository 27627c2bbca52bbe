/**
 * Local mode keeps its queue in memory: a task queued when the app was closed never starts. The
 * lease sweep of the next start fails it with the owner's notice; a task queued by the running
 * process is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/helpers.js';
import { nowIso } from '../../store/db.js';
import { TaskRepo } from '../../store/tasks.js';
import { INTERRUPTED_ERROR, startTaskLeases } from './lease.js';

describe('tasks queued before a local app started', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are failed with a notice; tasks queued since are not', async () => {
    expect(t.deps.jobs.kind).toBe('in-process');
    const me = (await t.json('GET', '/api/oauth/user_a')).body.data as { id: number; currentOrganization: { id: number } };
    const repo = new TaskRepo(t.deps.store.db);
    const task = (title: string) => repo.create({ organizationId: me.currentOrganization.id, userId: me.id, kind: 'EXPORT', title, format: 'csv', dataSourceId: null, params: {} });
    const orphan = await task('orders (csv)');
    const created = nowIso();
    while (nowIso() === created) await Promise.resolve();
    const leases = startTaskLeases(t.deps, { leaseMs: 60_000 });
    try {
      const fresh = await task('customers (csv)');
      await leases.sweep();
      expect(await repo.get(orphan)).toMatchObject({ state: 'FAILED', error: INTERRUPTED_ERROR });
      expect((await repo.get(fresh))!.state).toBe('INITIALIZING');
      const notices = (await t.json('GET', '/api/notification/list')).body.data.data as { messageKey: string; params: Record<string, unknown>; action: { targetId: string } | null }[];
      expect(notices.filter((n) => n.action?.targetId === String(orphan))).toMatchObject([{ messageKey: 'task.export.failed', params: { title: 'orders (csv)' } }]);
      expect(notices.filter((n) => n.action?.targetId === String(fresh))).toEqual([]);
    } finally {
      await leases.stop();
    }
  });
});
