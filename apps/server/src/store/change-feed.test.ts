/**
 * The change feed's freshness proof (issue 28 point 2), on a real PostgreSQL: callers in one turn
 * of the event loop share one round trip; a caller that comes while a trip is in flight gets a later
 * trip (the one in flight left before it asked, so it proves nothing to it); and a change committed
 * by another connection before a call has reached the listeners when that call resolves.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL } from '../test/helpers.js';
import { ChangeFeed, type Freshness } from './change-feed.js';
import { CHANGE_CHANNEL } from './change-triggers.js';

describe('change feed round trips', () => {
  const seen: string[] = [];
  let feed: ChangeFeed;
  let writer: pg.Client;
  beforeAll(async () => {
    feed = new ChangeFeed(PG_URL);
    feed.subscribe({ changed: (tag) => seen.push(tag), reset: () => {} });
    await feed.start();
    writer = new pg.Client({ connectionString: PG_URL });
    await writer.connect();
  });
  afterAll(async () => {
    await feed?.close();
    await writer?.end();
  });

  it('fifty callers in one turn share one trip; a caller during a trip waits for a later one', async () => {
    const before = feed.roundTrips;
    const together = await Promise.all(Array.from({ length: 50 }, () => feed.caughtUp()));
    expect(feed.roundTrips - before).toBe(1);
    expect(new Set(together.map((f) => f.trip)).size).toBe(1);

    const first = feed.caughtUp();
    await new Promise((r) => setImmediate(r)); // the first trip has left
    const during = feed.caughtUp();
    const [a, b] = await Promise.all([first, during]);
    expect(b.trip).toBeGreaterThan(a.trip);
    expect(feed.covers(b)).toBe(true);
  });

  it('a change committed before the call has reached the listeners when it resolves', async () => {
    const tag = `test:${process.pid}`;
    for (let i = 0; i < 20; i++) {
      // A trip may be in flight from the previous call's neighbour: the proof must still hold.
      const inFlight = feed.caughtUp();
      await writer.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, `${tag}:${i}`]);
      const f: Freshness = await feed.caughtUp();
      expect(seen, `round ${i}`).toContain(`${tag}:${i}`);
      expect(feed.covers(f)).toBe(true);
      await inFlight;
    }
  });
});
