/**
 * This replica's copies of stored files, under $ASKDB_HOME/cache/files/<id>: readers that need a
 * path (an xlsx's zip directory, DuckDB's read_csv, a SQL script read twice) read the copy. The store
 * stays the truth: a copy is made on first use by streaming the file down, written beside its final
 * name and renamed, so a crash never leaves a partial copy that looks whole; copies may be removed
 * at any time and are swept after a day unused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isFileId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

export class LocalCache {
  readonly dir: string;
  private readonly making = new Map<string, Promise<string>>();

  constructor(home: string) {
    this.dir = path.join(home, 'cache', 'files');
  }

  /** The copy's path (only ids shaped like ours: a path is never built from anything else). */
  pathOf(id: string): string {
    if (!isFileId(id)) throw new Error('not a file id');
    return path.join(this.dir, id);
  }

  /** A new scratch path beside the copies (same file system, so a rename completes a copy). */
  async scratch(id: string): Promise<string> {
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    return `${this.pathOf(id)}.${crypto.randomBytes(6).toString('hex')}.part`;
  }

  async has(id: string): Promise<boolean> {
    return fs.promises.stat(this.pathOf(id)).then((s) => s.isFile(), () => false);
  }

  /** Moves a finished scratch file into place as the copy of `id`. */
  async adopt(id: string, scratch: string): Promise<string> {
    const file = this.pathOf(id);
    await fs.promises.rename(scratch, file);
    return file;
  }

  /** The copy of `id`, streamed down from `open()` when this replica has none (one download at a time per id). */
  async materialize(id: string, open: () => Promise<Readable>): Promise<string> {
    const file = this.pathOf(id);
    if (await this.has(id)) {
      const now = new Date();
      await fs.promises.utimes(file, now, now).catch(() => undefined);
      return file;
    }
    const running = this.making.get(id);
    if (running) return running;
    const job = (async () => {
      const part = await this.scratch(id);
      try {
        await pipeline(await open(), fs.createWriteStream(part, { mode: 0o600 }));
        return await this.adopt(id, part);
      } catch (e) {
        await fs.promises.rm(part, { force: true });
        throw e;
      }
    })().finally(() => this.making.delete(id));
    this.making.set(id, job);
    return job;
  }

  async evict(id: string): Promise<void> {
    if (isFileId(id)) await fs.promises.rm(this.pathOf(id), { force: true });
  }

  /** Removes copies (and scratch files a crash left) not touched for `maxAgeMs`. */
  async sweep(maxAgeMs: number): Promise<void> {
    const cutoff = Date.now() - maxAgeMs;
    for (const name of await fs.promises.readdir(this.dir).catch(() => [] as string[])) {
      const file = path.join(this.dir, name);
      const st = await fs.promises.stat(file).catch(() => null);
      if (st && st.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
    }
  }
}
