/**
 * The file store on both stores (SQLite in local mode, PostgreSQL in server mode): a stream goes in
 * as 1 MiB chunk rows and comes back byte for byte; a size limit keeps nothing; removing by owner
 * removes the chunks; two homes on one PostgreSQL store read each other's files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/db.js';
import { scratchPgDatabase } from '../../test/helpers.js';
import { pgStoreUrl } from '../../test/accounts.js';
import { CHUNK_BYTES, FileStore, FileTooLarge } from './file-store.js';

const owner = { userId: 1, organizationId: 1, fileName: 'data.bin', mime: 'application/octet-stream' };
const bytes = (n: number) => crypto.randomBytes(n);
/** A body in uneven pieces, so chunk boundaries fall inside pieces. */
const pieces = (b: Buffer, size = 300_001) => Readable.from((function* () { for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size); })());
async function readAll(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

for (const mode of ['local', 'server'] as const) {
  describe(`file store (${mode === 'local' ? 'SQLite' : 'PostgreSQL'})`, () => {
    let pg: Awaited<ReturnType<typeof scratchPgDatabase>> | undefined;
    let store: Store;
    let other: Store | undefined;
    const homes = [fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-files-')), fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-files-'))];
    beforeAll(async () => {
      if (mode === 'server') {
        pg = await scratchPgDatabase('askdb_files');
        store = await openStore({ home: homes[0]!, mode, databaseUrl: pgStoreUrl(pg.name) });
        other = await openStore({ home: homes[1]!, mode, databaseUrl: pgStoreUrl(pg.name) });
      } else store = await openStore({ home: homes[0]!, mode });
    });
    afterAll(async () => {
      await store?.close();
      await other?.close();
      await pg?.drop();
      for (const h of homes) fs.rmSync(h, { recursive: true, force: true });
    });

    it('stores a stream as 1 MiB chunks and streams it back byte for byte', async () => {
      const files = new FileStore(store.db, homes[0]!);
      const data = bytes(3 * CHUNK_BYTES + 12_345);
      const f = await files.put({ ...owner, kind: 'task', ownerKey: 7 }, pieces(data));
      expect(f).toMatchObject({ size: data.length, chunks: 4, ready: true, kind: 'task', ownerKey: '7' });
      expect(await files.repo.chunkCount(f.id)).toBe(4);
      expect((await readAll(files.open(f))).equals(data)).toBe(true);
      // Nothing of it on this replica's disk unless asked for.
      expect(await files.cache.has(f.id)).toBe(false);
      expect(fs.readFileSync(await files.localPath(f)).equals(data)).toBe(true);
    });

    it('a file over the limit is refused and nothing of it stays', async () => {
      const files = new FileStore(store.db, homes[0]!);
      const before = await files.repo.abandoned('9999');
      await expect(files.put({ ...owner, kind: 'task-upload' }, pieces(bytes(2 * CHUNK_BYTES + 5)), { maxBytes: 2 * CHUNK_BYTES, cache: true })).rejects.toBeInstanceOf(FileTooLarge);
      expect(await files.repo.abandoned('9999')).toEqual(before);
      expect(fs.readdirSync(files.cache.dir).filter((n) => n.endsWith('.part'))).toEqual([]);
    });

    it('removing an owner removes its files and their chunks; a waiting upload is claimed once', async () => {
      const files = new FileStore(store.db, homes[0]!);
      const up = await files.put({ ...owner, kind: 'chat-upload' }, pieces(bytes(CHUNK_BYTES + 1)), { cache: true });
      expect(await files.cache.has(up.id)).toBe(true);
      expect(await files.claim(up.id, 'chat-upload', 'chat', 41)).toBe(true);
      expect(await files.claim(up.id, 'chat-upload', 'chat', 42)).toBe(false);
      const second = await files.put({ ...owner, kind: 'chat', ownerKey: 41 }, pieces(bytes(10)));
      expect((await files.byOwner('chat', 41)).map((f) => f.id).sort()).toEqual([up.id, second.id].sort());
      await files.removeOwner('chat', 41);
      expect(await files.byOwner('chat', 41)).toEqual([]);
      expect(await files.repo.chunkCount(up.id)).toBe(0);
      expect(await files.get(up.id)).toBeNull();
      expect(await files.cache.has(up.id)).toBe(false);
    });

    it('a day later, an upload nobody claimed and a write never finished are swept; a claimed upload stays', async () => {
      const files = new FileStore(store.db, homes[0]!);
      const waiting = await files.put({ ...owner, kind: 'task-upload' }, pieces(bytes(100)), { cache: true });
      const claimed = await files.put({ ...owner, kind: 'task-upload' }, pieces(bytes(100)));
      expect(await files.claim(claimed.id, 'task-upload', 'task', 9)).toBe(true);
      const unfinished = '00000000-0000-4000-8000-000000000001';
      await files.repo.create(unfinished, { ...owner, kind: 'feedback' });
      await files.repo.addChunk(unfinished, 0, Buffer.from('partial'));
      const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
      await (store.db as any).updateTable('file_objects').set({ created_at: dayAgo }).where('id', 'in', [waiting.id, claimed.id, unfinished]).execute();
      await files.sweep();
      expect(await files.repo.get(waiting.id)).toBeNull();
      expect(await files.repo.get(unfinished)).toBeNull();
      expect(await files.repo.chunkCount(unfinished)).toBe(0);
      expect(await files.cache.has(waiting.id)).toBe(false);
      expect(await files.get(claimed.id)).not.toBeNull();
    });

    it('an id not shaped like ours is never looked up or made a path of', async () => {
      const files = new FileStore(store.db, homes[0]!);
      expect(await files.get('../../etc/passwd')).toBeNull();
      expect(() => files.cache.pathOf('../x')).toThrow();
    });

    if (mode === 'server') {
      it('a file put through one home is read through another (no shared disk)', async () => {
        const a = new FileStore(store.db, homes[0]!);
        const b = new FileStore(other!.db, homes[1]!);
        const data = bytes(CHUNK_BYTES * 2);
        const f = await a.put({ ...owner, kind: 'feedback' }, pieces(data), { cache: true });
        const seen = (await b.get(f.id))!;
        expect(await b.cache.has(f.id)).toBe(false);
        expect((await readAll(b.open(seen))).equals(data)).toBe(true);
        expect(fs.readFileSync(await b.localPath(seen)).equals(data)).toBe(true);
      });
    }
  });
}
