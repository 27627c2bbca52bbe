/**
 * Bulk catalogs per (data source, database, schema), shared by completion, hover, AI schema linking and
 * schema diff: read once through the driver's `metadata.catalog`, kept 5 minutes, concurrent readers
 * share one read, `refresh` forces a new one.
 */
import type { Catalog } from '@askdb/drivers';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { ConnectionService } from './connections.js';

interface Entry { at: number; fingerprint: string; value: Promise<Catalog> }

export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly connections: ConnectionService, private readonly ttlMs = 5 * 60_000) {}

  get(record: DataSourceRecord, databaseName?: string | null, schemaName?: string | null, opts: { refresh?: boolean } = {}): Promise<Catalog> {
    const key = `${record.id}\u0000${databaseName ?? ''}\u0000${schemaName ?? ''}`;
    const hit = this.entries.get(key);
    if (hit && !opts.refresh && hit.fingerprint === record.updatedAt && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.connections.with(record, (c) => c.metadata.catalog({ databaseName, schemaName }));
    const entry = { at: Date.now(), fingerprint: record.updatedAt, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forget a data source's catalogs (after DDL ran or its settings changed). */
  invalidate(dataSourceId: number): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${dataSourceId}\u0000`)) this.entries.delete(k);
  }
}
