/**
 * Wires the replica-safe read cache for a server-mode app on a PostgreSQL store: installs the change
 * triggers, starts the change feed and returns the cache (store/read-cache.ts). Without triggers
 * (a store role that may not create them) there is no cache and every request reads the store, as
 * before; a feed that cannot connect yet keeps retrying and the cache stays off until it does.
 * `ASKDB_READ_CACHE=0` turns it off (the request-cost bench measures both).
 */
import { ChangeFeed } from './change-feed.js';
import { installChangeTriggers } from './change-triggers.js';
import type { Store } from './db.js';
import { ReadCache } from './read-cache.js';

export interface ReadCacheHandle {
  cache: ReadCache;
  feed: ChangeFeed;
  close(): Promise<void>;
}

export async function openReadCache(store: Store, databaseUrl: string | undefined, warn: (msg: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<ReadCacheHandle | null> {
  if (store.dialect !== 'postgres' || !databaseUrl || env.ASKDB_READ_CACHE === '0') return null;
  try {
    await installChangeTriggers(store.db);
  } catch (e) {
    warn(`AskDB store: change triggers could not be installed (${(e as Error).message}); every request reads the store`);
    return null;
  }
  const feed = new ChangeFeed(databaseUrl, (e) => warn(`AskDB store: the change feed was interrupted (${e.message}); requests read the store until it is back`));
  const cache = new ReadCache(feed);
  await feed.start().catch((e: Error) => warn(`AskDB store: the change feed could not connect (${e.message}); requests read the store until it does`));
  return { cache, feed, close: () => feed.close() };
}
