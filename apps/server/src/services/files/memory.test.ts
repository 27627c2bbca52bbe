/**
 * A large file goes into the PostgreSQL store and back out without being held whole: 200 MB from a
 * generated stream, written and read back one chunk at a time, and arriving intact. Sampled as the
 * bytes flow, both ways: the memory the process still holds after a full collection (JS heap and
 * buffers) grows by a few chunks, not by the file; its resident size stays well under the file's
 * size on top of where it started (garbage the collector has not yet returned is counted there).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/db.js';
import { scratchPgDatabase } from '../../test/helpers.js';
import { pgStoreUrl } from '../../test/accounts.js';
import { FileStore } from './file-store.js';

const SIZE = 200 * 1024 * 1024;
const MB = 1024 * 1024;
/** Live memory (after a full collection) may grow by a few 1 MiB chunks in flight, never by the file. */
const LIVE_BOUND = 64 * MB;
/** Resident size may grow by garbage not yet collected, but stays under the file's size. */
const RSS_BOUND = SIZE;

/** The collector, asked for directly (the test process runs without --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
const live = () => { const m = process.memoryUsage(); return m.heapUsed + m.external; };

describe('a 200 MB file through the PostgreSQL store', () => {
  let pg: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let store: Store;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-files-mem-'));
  beforeAll(async () => {
    pg = await scratchPgDatabase('askdb_files_mem');
    store = await openStore({ home, mode: 'server', databaseUrl: pgStoreUrl(pg.name) });
  });
  afterAll(async () => {
    await store?.close();
    await pg?.drop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('is streamed in and out with bounded memory and arrives byte for byte', async () => {
    const files = new FileStore(store.db, home);
    // Pieces of 64 KiB, each different (a counter in front), so nothing can be shared or deduplicated.
    const piece = crypto.randomBytes(64 * 1024);
    const gc = collector();
    gc();
    const baseline = { rss: process.memoryUsage().rss, live: live() };
    const peak = { ...baseline };
    const sample = () => {
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
      // Twice: buffers' memory is released by a pass after the one that found them unreachable.
      gc();
      gc();
      peak.live = Math.max(peak.live, live());
    };
    const hashIn = crypto.createHash('sha256');
    async function* generated() {
      for (let sent = 0, n = 0; sent < SIZE; sent += piece.length, n++) {
        const b = Buffer.from(piece);
        b.writeUInt32BE(n, 0);
        hashIn.update(b);
        if (n % 192 === 0) sample();
        yield b;
      }
    }
    const f = await files.put({ kind: 'task', ownerKey: 1, userId: 1, organizationId: 1, fileName: 'big.bin', mime: 'application/octet-stream' }, Readable.from(generated()));
    expect(f.size).toBe(SIZE);
    expect(f.chunks).toBe(200);
    const afterPut = { rss: peak.rss - baseline.rss, live: peak.live - baseline.live };

    const hashOut = crypto.createHash('sha256');
    let read = 0;
    let n = 0;
    for await (const c of files.open(f)) {
      hashOut.update(c as Buffer);
      read += (c as Buffer).length;
      if (n++ % 12 === 0) sample();
    }
    expect(read).toBe(SIZE);
    expect(hashOut.digest('hex')).toBe(hashIn.digest('hex'));
    const growth = { rss: peak.rss - baseline.rss, live: peak.live - baseline.live };
    const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
    console.log(`file store, 200 MB through PostgreSQL: live growth ${mb(afterPut.live)} writing, ${mb(growth.live)} over both; RSS growth ${mb(afterPut.rss)} writing, ${mb(growth.rss)} over both`);
    expect(growth.live).toBeLessThan(LIVE_BOUND);
    expect(growth.rss).toBeLessThan(RSS_BOUND);
    await files.remove(f.id);
    expect(await files.repo.chunkCount(f.id)).toBe(0);
  }, 300_000);
});
