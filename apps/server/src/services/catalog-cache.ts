/**
 * Bulk catalogs per (data source, database, schema), shared by completion, hover, AI schema linking and
 * schema diff: read once through the driver's `metadata.catalog`, kept 5 minutes, concurrent readers
 * share one read, `refresh` forces a new one.
 *
 * Completion does not wait for the bulk read of a big schema (seconds on 30,000 tables): until it is
 * in and indexed, tips use a staged catalog (services/catalog/staged.ts) — the names of tables and
 * views, plus the columns of the tables the statement names, read first — and say they are incomplete.
 */
import type { Catalog } from '@askdb/drivers';
import { dialectFor, warmCompletion, type SchemaCatalog } from '@askdb/sql';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { ConnectionService } from './connections.js';
import { StagedCatalog } from './catalog/staged.js';

interface Entry {
  at: number;
  fingerprint: string;
  /** The bulk read; it begins at `start()` (tips start it once the staged names are in). */
  value: Promise<Catalog>;
  start: () => void;
  /** Set once the catalog is in and its completion index built. */
  ready?: Catalog;
  /** Resolves when `ready` is set (null when the read failed). */
  whenReady: Promise<Catalog | null>;
  staged?: Promise<StagedCatalog | null>;
}

export interface CompletionCatalog {
  catalog: SchemaCatalog | null;
  /** False while the answer comes from a staged catalog (the bulk read is still going). */
  complete: boolean;
}

export interface CompletionWait {
  /** Longest wait for the staged names and the named tables' columns. */
  budgetMs: number;
  /** Wait this long for the bulk catalog first (clients that cache one list and never ask again). */
  waitFullMs?: number;
}

export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly connections: ConnectionService, private readonly ttlMs = 5 * 60_000) {}

  private key(record: DataSourceRecord, databaseName?: string | null, schemaName?: string | null): string {
    return `${record.id}\u0000${databaseName ?? ''}\u0000${schemaName ?? ''}`;
  }

  private entry(record: DataSourceRecord, databaseName?: string | null, schemaName?: string | null, opts: { refresh?: boolean; start?: boolean } = {}): Entry {
    const key = this.key(record, databaseName, schemaName);
    const hit = this.entries.get(key);
    if (hit && !opts.refresh && hit.fingerprint === record.updatedAt && Date.now() - hit.at < this.ttlMs) {
      if (opts.start !== false) hit.start();
      return hit;
    }
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const value = started.then(() => this.connections.with(record, (c) => c.metadata.catalog({ databaseName, schemaName })));
    // Indexed for completion on a later turn of the event loop, then used by tips.
    const whenReady = value.then(
      (catalog) => new Promise<Catalog>((resolve) => setImmediate(() => {
        try {
          warmCompletion(catalog, dialectFor(record.input.type), { databaseName, schemaName });
        } finally {
          entry.ready = catalog;
          entry.staged = undefined;
          resolve(catalog);
        }
      })),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        return null;
      },
    );
    const entry: Entry = { at: Date.now(), fingerprint: record.updatedAt, value, start, whenReady };
    this.entries.set(key, entry);
    if (opts.start !== false) start();
    return entry;
  }

  get(record: DataSourceRecord, databaseName?: string | null, schemaName?: string | null, opts: { refresh?: boolean } = {}): Promise<Catalog> {
    return this.entry(record, databaseName, schemaName, opts).value;
  }

  /**
   * The catalog for a tip: the bulk catalog when it is in; else, within `budgetMs`, the staged one
   * with the columns of `tables` (the tables the statement names) read first; else null. The bulk
   * read starts once the staged names are in (not competing with them), and goes on in the background.
   */
  async forCompletion(record: DataSourceRecord, sel: { databaseName: string | null; schemaName: string | null }, tables: string[], wait: CompletionWait): Promise<CompletionCatalog> {
    const entry = this.entry(record, sel.databaseName, sel.schemaName, { start: !!wait.waitFullMs });
    if (entry.ready) return { catalog: entry.ready, complete: true };
    const full = entry.whenReady;
    entry.staged ??= this.connections
      .with(record, (c) => StagedCatalog.read(c, sel, dialectFor(record.input.type), (names) => this.connections.with(record, (cc) => cc.metadata.columnsOf!(sel, names))))
      .catch(() => null);
    const stagedRead = entry.staged;
    void stagedRead.then(entry.start);
    if (wait.waitFullMs) {
      const c = await within(full, wait.waitFullMs);
      if (c) return { catalog: c, complete: true };
    }
    const deadline = Date.now() + wait.budgetMs;
    const staged = await within(stagedRead, deadline - Date.now());
    if (entry.ready) return { catalog: entry.ready, complete: true };
    if (!staged) {
      // No staged catalog (not read yet, or an engine without per-table columns): the bulk one if it comes in time.
      const c = staged === null ? await within(full, deadline - Date.now()) : null;
      return { catalog: c ?? null, complete: !!c };
    }
    if (!staged.hasColumns(tables)) await within(staged.columnsOf(tables).catch(() => undefined), deadline - Date.now());
    return { catalog: staged.catalog, complete: false };
  }

  /**
   * The columns of the named tables (and views) of one place, read now from the database, by table
   * name; null when the engine cannot read some tables' columns alone (the caller then reads a fresh catalog).
   */
  async columnsNow(record: DataSourceRecord, sel: { databaseName: string | null; schemaName: string | null }, names: string[]): Promise<Map<string, string[]> | null> {
    return this.connections.with(record, async (c) => {
      if (!c.metadata.columnsOf) return null;
      const found = await c.metadata.columnsOf(sel, names);
      return new Map([...found].map(([table, cols]) => [table, cols.map((col) => col.name)]));
    });
  }

  /** Forget a data source's catalogs (after DDL ran or its settings changed). */
  invalidate(dataSourceId: number): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${dataSourceId}\u0000`)) this.entries.delete(k);
  }
}

/** The promise's value if it settles within `ms`, else undefined (it goes on). */
function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  if (ms <= 0) return Promise.race([p, Promise.resolve(undefined)]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * How long a tip waits for catalogs: paged clients (the web editor) ask again at the next keystroke
 * while an answer is incomplete, so they get what is ready within 40 ms; clients that cache one
 * array per delimiter get the bulk catalog if it comes within 300 ms, else the staged one.
 */
export const TIP_WAIT: Record<'paged' | 'whole', CompletionWait> = {
  paged: { budgetMs: 40 },
  whole: { budgetMs: 10_000, waitFullMs: 300 },
};
