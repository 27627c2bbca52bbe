import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, serviceAvailable } from '../test/services.js';
import { must } from '../test/run-sql.js';
import { ConnectionPool } from './pool.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-pool-'));
const file = path.join(dir, 'pool.db');
const sqlite = { alias: 'pool', type: 'SQLITE' as const, filePath: file };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await sleep(5);
}
const pgUp = await serviceAvailable('PostgreSQL', PG_URL, 5432);

describe('ConnectionPool', () => {
  beforeAll(() => new Database(file).close());
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reuses a released connection and caps the connections of one data source', async () => {
    const pool = new ConnectionPool({ max: 2, acquireTimeoutMs: 300 });
    try {
      const a = await pool.acquire(1, sqlite, 'v1');
      a.release();
      const again = await pool.acquire(1, sqlite, 'v1');
      expect(again.connection).toBe(a.connection);
      const b = await pool.acquire(1, sqlite, 'v1');
      expect(pool.stats(1)).toEqual({ idle: 0, busy: 2, waiting: 0 });
      const waiting = pool.acquire(1, sqlite, 'v1');
      await sleep(20);
      expect(pool.stats(1).waiting).toBe(1);
      b.release();
      const c = await waiting;
      expect(c.connection).toBe(b.connection);
      await expect(pool.acquire(1, sqlite, 'v1')).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('All 2 connections') });
      again.release();
      c.release();
      // Another data source has its own cap.
      const other = await pool.acquire(2, sqlite, 'v1');
      other.release();
    } finally {
      await pool.closeAll();
    }
  });

  it('closes idle connections after idleMs', async () => {
    const pool = new ConnectionPool({ max: 2, idleMs: 50 });
    try {
      const a = await pool.acquire(1, sqlite, 'v1');
      a.release();
      await sleep(120);
      expect(pool.stats(1).idle).toBe(0);
      expect(a.connection.broken).toBe(true);
      const b = await pool.acquire(1, sqlite, 'v1');
      expect(b.connection).not.toBe(a.connection);
      b.release();
    } finally {
      await pool.closeAll();
    }
  });

  it('replaces a broken connection on next use', async () => {
    const pool = new ConnectionPool({ max: 2 });
    try {
      const a = await pool.acquire(1, sqlite, 'v1');
      a.release();
      await a.connection.close();
      const b = await pool.acquire(1, sqlite, 'v1');
      expect(b.connection).not.toBe(a.connection);
      expect((await must(b.connection, 'SELECT 1')).rows).toEqual([['1']]);
      b.release();
    } finally {
      await pool.closeAll();
    }
  });

  it('retires every connection when the settings change or the data source is invalidated', async () => {
    const pool = new ConnectionPool({ max: 3 });
    try {
      const idle = await pool.acquire(1, sqlite, 'v1');
      const busy = await pool.acquire(1, sqlite, 'v1');
      idle.release();
      const fresh = await pool.acquire(1, sqlite, 'v2');
      expect([fresh.connection === idle.connection, fresh.connection === busy.connection]).toEqual([false, false]);
      await sleep(10);
      expect(idle.connection.broken).toBe(true);
      expect(busy.connection.broken).toBe(false);
      busy.release();
      await sleep(10);
      expect(busy.connection.broken).toBe(true);
      fresh.release();
      await pool.invalidate(1);
      expect(fresh.connection.broken).toBe(true);
      expect(pool.stats(1)).toEqual({ idle: 0, busy: 0, waiting: 0 });
    } finally {
      await pool.closeAll();
    }
  });

  it("caps each user's share of a source so another user is served at once, and tells waiters their place", async () => {
    const pool = new ConnectionPool({ max: 5, acquireTimeoutMs: 5_000 });
    try {
      // Pool size 3 from the source's settings; a user gets at most 2 (all but one).
      const limits = { max: 3 };
      const a1 = await pool.acquire(1, sqlite, 'v1', { ...limits, user: 'member' });
      const a2 = await pool.acquire(1, sqlite, 'v1', { ...limits, user: 'member' });
      const places: number[] = [];
      let a3Done = false;
      const a3 = pool.acquire(1, sqlite, 'v1', { ...limits, user: 'member', onWait: (n) => places.push(n) }).then((c) => { a3Done = true; return c; });
      await until(() => places.length > 0);
      expect(places).toEqual([0]);
      // The owner is not behind the member's third request.
      const owner = await pool.acquire(1, sqlite, 'v1', { ...limits, user: 'owner' });
      expect(pool.stats(1)).toEqual({ idle: 0, busy: 3, waiting: 1 });
      // The owner's release does not help the member (still at the cap with two); the member's own does.
      owner.release();
      await sleep(10);
      expect(a3Done).toBe(false);
      a1.release();
      const third = await a3;
      expect(third.connection).toBeDefined();
      a2.release();
      third.release();
    } finally {
      await pool.closeAll();
    }
  });

  it('counts the requests ahead of each waiter and updates them as the queue moves', async () => {
    const pool = new ConnectionPool({ max: 1, acquireTimeoutMs: 5_000 });
    try {
      const held = await pool.acquire(1, sqlite, 'v1', { user: 'a' });
      const b: number[] = [];
      const c: number[] = [];
      const pb = pool.acquire(1, sqlite, 'v1', { user: 'b', onWait: (n) => b.push(n) });
      const pc = pool.acquire(1, sqlite, 'v1', { user: 'c', onWait: (n) => c.push(n) });
      await until(() => c.length > 0);
      expect([b, c]).toEqual([[0], [1]]);
      held.release();
      const got = await pb;
      expect(c).toEqual([1, 0]);
      got.release();
      (await pc).release();
    } finally {
      await pool.closeAll();
    }
  });

  it.runIf(pgUp)('keeps PostgreSQL connections per database (a connection cannot switch database)', async () => {
    const pool = new ConnectionPool({ max: 2 });
    const pg = { alias: 'pg', type: 'POSTGRESQL' as const, url: PG_URL };
    try {
      const a = await pool.acquire(9, { ...pg, databaseName: 'postgres' }, 'v1');
      expect((await must(a.connection, 'SELECT current_database()')).rows).toEqual([['postgres']]);
      a.release();
      const b = await pool.acquire(9, { ...pg, databaseName: 'template1' }, 'v1');
      expect(b.connection).not.toBe(a.connection);
      expect((await must(b.connection, 'SELECT current_database()')).rows).toEqual([['template1']]);
      b.release();
      const c = await pool.acquire(9, { ...pg, databaseName: 'postgres' }, 'v1');
      expect(c.connection).toBe(a.connection);
      c.release();
      // Full: a third database swaps out an idle connection of another database.
      const d = await pool.acquire(9, { ...pg, databaseName: 'template1' }, 'v1');
      const e = await pool.acquire(9, { ...pg, databaseName: 'postgres' }, 'v1');
      d.release();
      e.release();
      expect(pool.stats(9)).toEqual({ idle: 2, busy: 0, waiting: 0 });
    } finally {
      await pool.closeAll();
    }
  });
});
