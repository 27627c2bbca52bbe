/**
 * The value index schema linking uses when the AI privacy setting allows sample values
 * (SCHEMA_AND_SAMPLES): distinct short text values from the first rows of each table, so a
 * question naming "Helsinki" finds the table holding it. Built from the bound database through
 * the pooled connections, at most MAX_TABLES tables (text columns only), within a time budget;
 * cached per data source and location for CACHE_MS. Never built under SCHEMA_ONLY or NOTHING.
 */
import { buildValueIndex, type Catalog, type ColumnValues, type ValueIndex } from '@askdb/ai';
import type { AiPrivacy } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { sampleColumnValues, type Location } from './ai-database.js';
import { tableInfoStamp } from './ai-table-info.js';

const MAX_TABLES = 100;
const ROWS = 200;
const BUDGET_MS = 3000;
const CACHE_MS = 10 * 60_000;
const TEXT_TYPE = /char|text|string|clob|enum|name|varchar|citext/i;

const cache = new Map<string, { at: number; index: Promise<ValueIndex> }>();

export async function linkValues(
  deps: AppDeps, record: DataSourceRecord, loc: Location, catalog: Catalog, privacy: AiPrivacy, signal?: AbortSignal,
): Promise<ValueIndex | undefined> {
  if (privacy !== 'SCHEMA_AND_SAMPLES') return undefined;
  // The AI table info's stamp: a column excluded since the last build is never in a cached index.
  const key = `${record.id}\u0000${loc.databaseName ?? ''}\u0000${loc.schemaName ?? ''}\u0000${catalog.tables.length}\u0000${tableInfoStamp(catalog)}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.index;
  const index = build(deps, record, loc, catalog, signal);
  cache.set(key, { at: Date.now(), index });
  // A cancelled or failed build is not kept: the next question builds it again.
  index.then(() => signal?.aborted && cache.delete(key), () => cache.delete(key));
  return index;
}

async function build(deps: AppDeps, record: DataSourceRecord, loc: Location, catalog: Catalog, signal?: AbortSignal): Promise<ValueIndex> {
  const started = Date.now();
  const columns: ColumnValues[] = [];
  for (const table of catalog.tables.slice(0, MAX_TABLES)) {
    if (Date.now() - started > BUDGET_MS || signal?.aborted) break;
    const text = new Set(table.columns.filter((c) => !c.type || TEXT_TYPE.test(c.type)).map((c) => c.name));
    if (text.size === 0) continue;
    for (const c of await sampleColumnValues(deps, record, loc, table.name, ROWS, signal)) {
      if (text.has(c.column)) columns.push({ table: table.name, column: c.column, values: c.values });
    }
  }
  return buildValueIndex(columns);
}
