import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from './in-process.js';
import { PgBossJobQueue } from './pg-boss.js';
import { PG_URL, scratchPgDatabase } from '../../test/helpers.js';
import type { JobQueue } from './types.js';

const quiet = { error: () => {} };
const until = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('in-process job queue (local mode)', () => {
  it('runs a job once, later when asked, and retries a failing handler', async () => {
    const q = new InProcessJobQueue(quiet);
    const seen: number[] = [];
    let failures = 0;
    await q.work<{ n: number }>('order.expire', async ({ n }) => {
      if (n === 2 && failures++ < 1) throw new Error('flaky');
      seen.push(n);
    });
    const t0 = Date.now();
    await q.send('order.expire', { n: 1 }, { startAfter: 0.3 });
    await q.send('order.expire', { n: 2 });
    await until(() => seen.length === 2);
    expect(seen).toEqual([2, 1]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(failures).toBe(2); // threw once, then ran
    await q.stop();
  });

  it('stop() lets a short handler finish, and does not wait on one that never ends beyond its bound', async () => {
    const q = new InProcessJobQueue(quiet, Date.now, 200);
    let short = false;
    let started = 0;
    await q.work<{ kind: string }>('task.run', async ({ kind }) => {
      started++;
      if (kind === 'short') return void (await new Promise((r) => setTimeout(r, 20)), (short = true));
      await new Promise(() => {}); // an export that goes on and on
    });
    await q.send('task.run', { kind: 'short' });
    await q.send('task.run', { kind: 'endless' });
    await until(() => started === 2);
    await q.stop(); // resolves: the endless handler no longer holds the shutdown
    expect(short).toBe(true);
  });

  it('drops a second job with the same singleton key, before and after the first ran', async () => {
    const q = new InProcessJobQueue(quiet);
    const seen: string[] = [];
    await q.work<{ v: string }>('dash.refresh', async ({ v }) => void seen.push(v));
    expect(await q.send('dash.refresh', { v: 'a' }, { singletonKey: 'chart-1', startAfter: 0.1 })).not.toBeNull();
    expect(await q.send('dash.refresh', { v: 'b' }, { singletonKey: 'chart-1' })).toBeNull();
    await until(() => seen.length === 1);
    expect(await q.send('dash.refresh', { v: 'c' }, { singletonKey: 'chart-1' })).toBeNull();
    expect(await q.send('dash.refresh', { v: 'd' }, { singletonKey: 'chart-2' })).not.toBeNull();
    await until(() => seen.length === 2);
    expect(seen).toEqual(['a', 'd']);
    await q.stop();
  });

  it('refuses a bad job name and queues nothing after stop', async () => {
    const q = new InProcessJobQueue(quiet);
    await expect(q.work('Bad Name', async () => {})).rejects.toThrow(/invalid job name/);
    await q.stop();
    expect(await q.send('x', {})).toBeNull();
  });
});

describe('pg-boss job queue (server mode): two replicas on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: JobQueue;
  let b: JobQueue;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_jobs');
    const url = new URL(PG_URL);
    url.pathname = `/${db.name}`;
    a = new PgBossJobQueue({ connectionString: url.toString(), pollingIntervalSeconds: 0.5 }, quiet);
    b = new PgBossJobQueue({ connectionString: url.toString(), pollingIntervalSeconds: 0.5 }, quiet);
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('runs each job exactly once across both replicas', async () => {
    const runs = new Map<number, string[]>();
    const handler = (who: string) => async ({ n }: { n: number }) => {
      runs.set(n, [...(runs.get(n) ?? []), who]);
      await new Promise((r) => setTimeout(r, 5));
    };
    await a.work('order.expire', handler('a'));
    await b.work('order.expire', handler('b'));
    for (let n = 0; n < 30; n++) await (n % 2 ? a : b).send('order.expire', { n });
    await until(() => runs.size === 30);
    await new Promise((r) => setTimeout(r, 1500)); // time for a duplicate run to show up, if there were one
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    const byA = [...runs.values()].filter((w) => w[0] === 'a').length;
    expect(byA + [...runs.values()].filter((w) => w[0] === 'b').length).toBe(30);
  }, 60_000);

  it('holds a job until startAfter, and runs one job per singleton key whichever replica sends it', async () => {
    const seen: Array<{ v: string; at: number }> = [];
    await a.work<{ v: string }>('later', async ({ v }) => void seen.push({ v, at: Date.now() }));
    const t0 = Date.now();
    expect(await a.send('later', { v: 'x' }, { startAfter: 2, singletonKey: 'k' })).not.toBeNull();
    expect(await b.send('later', { v: 'y' }, { singletonKey: 'k' })).toBeNull();
    await until(() => seen.length === 1);
    expect(seen[0]!.v).toBe('x');
    expect(seen[0]!.at - t0).toBeGreaterThanOrEqual(1900);
    expect(await b.send('later', { v: 'z' }, { singletonKey: 'k' })).toBeNull(); // ran already: still the same occasion
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.map((s) => s.v)).toEqual(['x']);
  }, 60_000);
});
