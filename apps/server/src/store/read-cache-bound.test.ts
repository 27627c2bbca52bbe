/**
 * The read cache holds at most its bound, dropping the least recently used entry first, and keeps
 * nothing (every read goes to the store) once its change feed has stopped.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scratchPgDatabase } from '../test/helpers.js';
import { pgStoreUrl } from '../test/accounts.js';
import { ChangeFeed } from './change-feed.js';
import { ReadCache } from './read-cache.js';

let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
let feed: ChangeFeed;
beforeAll(async () => {
  db = await scratchPgDatabase('askdb_rcache_bound');
  feed = new ChangeFeed(pgStoreUrl(db.name));
  await feed.start();
});
afterAll(async () => {
  await feed?.close();
  await db?.drop();
});

it('keeps at most its bound, least recently used out first; after the feed stops it reads every time', async () => {
  const cache = new ReadCache(feed, 3);
  const loads: string[] = [];
  const read = (key: string) => cache.get(key, async () => (loads.push(key), { value: `value of ${key}`, tags: [`t:${key}`] }));
  for (const k of ['a', 'b', 'c']) expect(await read(k)).toBe(`value of ${k}`);
  await read('a'); // a is now the most recently used
  await read('d'); // over the bound: b (least recently used) goes
  expect(cache.stats().size).toBe(3);
  loads.length = 0;
  for (const k of ['a', 'c', 'd']) await read(k);
  expect(loads).toEqual([]);
  await read('b');
  expect(loads).toEqual(['b']);
  expect(cache.stats().size).toBe(3);
  // A tag's change drops its entry only.
  cache.changed('t:c');
  loads.length = 0;
  await read('c');
  await read('b');
  expect(loads).toEqual(['c']);

  await feed.close();
  expect(cache.stats().size).toBe(0);
  loads.length = 0;
  await read('b');
  await read('b');
  expect(loads).toEqual(['b', 'b']);
  expect(cache.stats().bypassed).toBe(2);
});
