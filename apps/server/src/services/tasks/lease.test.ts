/**
 * A replica dies while its task runs (issue 28 point 3): two real server processes on one
 * PostgreSQL store; replica A takes an export whose query runs long, then A is SIGKILLed. The
 * other replica fails the task with the interrupted message and tells its owner (a TASK notice),
 * instead of leaving it RUNNING forever; while A lived, its renewed lease kept the task RUNNING.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { pgSourceInput, scratchPgDatabase } from '../../test/helpers.js';
import { pgStoreUrl, sessionCookieOf, TEST_PASSWORD } from '../../test/accounts.js';
import { bundleServerMain, callJson, startReplica, type ReplicaProcess } from '../../test/replica-process.js';
import { INTERRUPTED_ERROR } from './lease.js';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a task whose replica is killed', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: ReplicaProcess;
  let b: ReplicaProcess | undefined;
  let entry: string;
  let removeBundle = () => {};
  const env = () => ({ ASKDB_MODE: 'server', ASKDB_DATABASE_URL: pgStoreUrl(store.name), ASKDB_SECRET: 'lease-test-secret', ASKDB_TASK_LEASE_SECONDS: '6' });

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_lease_store');
    data = await scratchPgDatabase('askdb_lease_data');
    ({ entry, remove: removeBundle } = await bundleServerMain());
    a = await startReplica({ entry, env: env() });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await data?.drop();
    await store?.drop();
    removeBundle();
  });

  it('is failed with a notice by the other replica, not left RUNNING; a live runner keeps it', async () => {
    const reg = await callJson(a.url, 'POST', '/api/oauth/register_a', { email: 'kim@example.com', password: TEST_PASSWORD, displayName: 'Kim' });
    expect(reg.body.success, JSON.stringify(reg.body)).toBe(true);
    const cookie = sessionCookieOf(reg.setCookie)!;
    const ds = await callJson(a.url, 'POST', '/api/connection/datasource/create', pgSourceInput('slow db', data.name), cookie);
    expect(ds.body.success, JSON.stringify(ds.body)).toBe(true);
    const started = await callJson(a.url, 'POST', '/api/task/export', { dataSourceId: ds.body.data, target: 'query', sql: 'SELECT pg_sleep(600) AS slept', format: 'csv' }, cookie);
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const id = (started.body.data as TaskView).id;
    const task = async (on: ReplicaProcess) => (await callJson(on.url, 'GET', `/api/task/get?id=${id}`, undefined, cookie)).body.data as TaskView;
    await until('the task to run on A', async () => (await task(a)).state === 'RUNNING');

    // B joins only now, so A's queue worker is the one holding the job.
    b = await startReplica({ entry, env: env() });
    // While A lives, its lease is renewed past several of B's sweeps (a sweep every 3 s, a 6 s lease: slack for a loaded machine).
    const seen = new Set<string>();
    const { default: pg } = await import('pg');
    const storeClient = new pg.Client({ connectionString: pgStoreUrl(store.name) });
    await storeClient.connect();
    try {
      await until('A to renew its lease three times', async () => {
        const r = await storeClient.query<{ lease_until: string }>('SELECT lease_until FROM tasks WHERE id = $1', [id]);
        seen.add(r.rows[0]!.lease_until);
        return seen.size >= 4;
      });
    } finally {
      await storeClient.end();
    }
    expect((await task(b)).state).toBe('RUNNING');

    await a.kill();
    // The owner's session lives in the store: B answers them.
    const ended = await until('B to end the task', async () => {
      const v = await task(b!);
      return v.state !== 'RUNNING' ? v : null;
    });
    expect(ended).toMatchObject({ state: 'FAILED', error: INTERRUPTED_ERROR });
    const notices = await callJson(b.url, 'GET', '/api/notification/list', undefined, cookie);
    const mine = (notices.body.data.data as { messageKey: string; params: Record<string, unknown>; action: { targetId: string } | null }[])
      .filter((n) => n.action?.targetId === String(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ messageKey: 'task.export.failed', params: { title: expect.stringContaining('query') } });
  }, 180_000);
});
