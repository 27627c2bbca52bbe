/**
 * The one seam for files users give or will download (issue 28 point 1): put a stream, read a
 * stream back, remove by id or by owner. Bytes live in the app store (PostgreSQL in server mode,
 * the SQLite store in local mode) as 1 MiB chunk rows, written as they arrive and read one chunk at
 * a time, so a file is never whole in memory and every replica serves every file; a replica keeps
 * copies for readers that need a path (local-cache.ts). Deleting a chat or a task removes its files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { StoreDb } from '../../store/db.js';
import { FileObjectRepo, type FileKind, type FileRecord, type NewFile } from '../../store/file-objects.js';
import { LocalCache, isFileId } from './local-cache.js';

export const CHUNK_BYTES = 1024 * 1024;
/** Uploads never claimed by a chat or task, and writes never finished, are removed after a day. */
const ABANDONED_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;

/** A stream went past the size the caller allows; nothing of it is kept. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLarge';
  }
}

export interface PutOptions {
  /** Refuse (FileTooLarge) and keep nothing once more bytes than this arrive. */
  maxBytes?: number;
  /** Also keep this replica's copy as the bytes go by (the caller reads the file at once). */
  cache?: boolean;
  /** Called with the first bytes (up to 8 KiB) before anything is stored; throwing refuses the file. */
  checkHead?: (head: Buffer) => void;
}

type Body = AsyncIterable<Buffer | Uint8Array | string>;

export class FileStore {
  readonly repo: FileObjectRepo;
  readonly cache: LocalCache;
  private lastSweep = 0;

  constructor(db: StoreDb, home: string) {
    this.repo = new FileObjectRepo(db);
    this.cache = new LocalCache(home);
  }

  /** Stores a stream as a new file; answers its record (READY). On any failure nothing is kept. */
  async put(meta: NewFile, body: Body, opts: PutOptions = {}): Promise<FileRecord> {
    this.sweepSoon();
    const id = crypto.randomUUID();
    await this.repo.create(id, meta);
    const scratch = opts.cache ? await this.cache.scratch(id) : null;
    const out = scratch ? await fs.promises.open(scratch, 'w', 0o600) : null;
    let buf = Buffer.allocUnsafe(CHUNK_BYTES);
    let fill = 0;
    let seq = 0;
    let size = 0;
    const head: Buffer[] = [];
    let headBytes = opts.checkHead ? 0 : Infinity;
    const flush = async () => {
      await this.repo.addChunk(id, seq++, fill === CHUNK_BYTES ? buf : buf.subarray(0, fill));
      buf = Buffer.allocUnsafe(CHUNK_BYTES);
      fill = 0;
    };
    try {
      for await (const piece of body) {
        const b = typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        size += b.length;
        if (opts.maxBytes != null && size > opts.maxBytes) throw new FileTooLarge(opts.maxBytes);
        if (headBytes < 8192) {
          head.push(b.subarray(0, 8192 - headBytes));
          headBytes += Math.min(b.length, 8192 - headBytes);
          if (headBytes >= 8192) opts.checkHead!(Buffer.concat(head));
        }
        if (out) await out.write(b);
        for (let off = 0; off < b.length;) {
          const n = Math.min(CHUNK_BYTES - fill, b.length - off);
          b.copy(buf, fill, off, off + n);
          fill += n;
          off += n;
          if (fill === CHUNK_BYTES) await flush();
        }
      }
      if (headBytes < 8192) opts.checkHead!(Buffer.concat(head));
      if (fill) await flush();
      await this.repo.finish(id, size, seq);
      if (out && scratch) {
        await out.close();
        await this.cache.adopt(id, scratch);
      }
    } catch (e) {
      await out?.close().catch(() => undefined);
      if (scratch) await fs.promises.rm(scratch, { force: true });
      await this.repo.remove([id]).catch(() => undefined);
      throw e;
    }
    return (await this.repo.get(id))!;
  }

  /** A finished file by id (null for an unknown id, one still being written, or anything not shaped like an id). */
  async get(id: unknown): Promise<FileRecord | null> {
    if (!isFileId(id)) return null;
    const f = await this.repo.get(id);
    return f?.ready ? f : null;
  }

  /**
   * The file's bytes, chunk by chunk as the reader asks for more: the next chunk is fetched while the
   * reader takes this one (two chunks in memory at most).
   */
  open(f: FileRecord): Readable {
    const repo = this.repo;
    const fetch = (seq: number) => {
      const p = repo.chunk(f.id, seq);
      p.catch(() => undefined); // a reader that stops early leaves this unawaited: not an unhandled rejection
      return p;
    };
    async function* chunks() {
      let next = f.chunks > 0 ? fetch(0) : null;
      for (let seq = 0; seq < f.chunks; seq++) {
        const data = await next;
        next = seq + 1 < f.chunks ? fetch(seq + 1) : null;
        if (!data) throw new Error(`the file ${f.fileName} was removed while it was read`);
        yield data;
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }

  /** A path to this replica's copy of the file (streamed down from the store when there is none). */
  async localPath(f: FileRecord): Promise<string> {
    return this.cache.materialize(f.id, async () => this.open(f));
  }

  /** Hands a waiting upload to its chat or task (false: it is not a waiting upload of that kind). */
  claim(id: string, from: FileKind, to: FileKind, ownerKey: string | number): Promise<boolean> {
    return this.repo.claim(id, from, to, ownerKey);
  }

  byOwner(kind: FileKind, ownerKey: string | number): Promise<FileRecord[]> {
    return this.repo.byOwner(kind, ownerKey);
  }

  /** Removes files from the store and this replica's copies (other replicas' copies age out unused). */
  async remove(...ids: string[]): Promise<void> {
    const ours = ids.filter(isFileId);
    await this.repo.remove(ours);
    for (const id of ours) await this.cache.evict(id);
  }

  /** Removes everything a chat or task owns. */
  async removeOwner(kind: FileKind, ownerKey: string | number): Promise<void> {
    await this.remove(...(await this.repo.idsOf(kind, ownerKey)));
  }

  /** Abandoned uploads and unfinished writes (any replica's), and this replica's stale copies. */
  async sweep(): Promise<void> {
    this.lastSweep = Date.now();
    const old = await this.repo.abandoned(new Date(Date.now() - ABANDONED_MS).toISOString());
    await this.remove(...old);
    await this.cache.sweep(ABANDONED_MS);
  }

  private sweepSoon(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    void this.sweep().catch(() => undefined);
  }
}
