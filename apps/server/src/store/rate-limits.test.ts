import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db.js';
import { RateLimitRepo } from './rate-limits.js';
import { scratchPgDatabase } from '../test/helpers.js';
import { pgStoreUrl } from '../test/accounts.js';

describe('rate-limit counters: one atomic upsert-increment on both stores', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-rl-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    fs.rmSync(home, { recursive: true, force: true });
  });

  async function stores(): Promise<[string, Store][]> {
    const sqlite = await openStore({ home, mode: 'local' });
    const db = await scratchPgDatabase('askdb_rl');
    const pg1 = await openStore({ home, mode: 'server', databaseUrl: pgStoreUrl(db.name) });
    const pg2 = await openStore({ home, mode: 'server', databaseUrl: pgStoreUrl(db.name) });
    cleanups.push(db.drop, sqlite.close, pg1.close, pg2.close);
    return [['sqlite', sqlite], ['postgres', pg1], ['postgres (second pool)', pg2]];
  }

  it('concurrent hits from two pools on one PostgreSQL database, and on SQLite, each get their own count', async () => {
    const [[, sqlite], [, pg1], [, pg2]] = await stores();
    const s = new RateLimitRepo(sqlite.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => s.hit('login:ip:1.2.3.4', 1000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [p1, p2] = [new RateLimitRepo(pg1.db), new RateLimitRepo(pg2.db)];
    const pgCounts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? p1 : p2).hit('login:ip:1.2.3.4', 1000)));
    expect([...pgCounts].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await p2.count('login:ip:1.2.3.4', 2000)).toBe(0);
    await p1.prune(2000);
    expect(await p2.count('login:ip:1.2.3.4', 1000)).toBe(0);
  });
});
