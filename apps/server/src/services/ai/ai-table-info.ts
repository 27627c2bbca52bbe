/**
 * "Change AI table info" in the AI's path (issue 29 item 1): the info stored for a place (data source,
 * database, schema; optionally an AI data collection, whose info overrides the source's) applied to
 * the AI catalog that schema linking, the prompt, the sampled values and the SQL check read. The
 * applied catalog is kept per catalog object and info version, so schema linking keeps its index
 * until the schema or the info changes.
 */
import type { Catalog } from '@askdb/ai';
import type { Catalog as DriverCatalog } from '@askdb/drivers';
import type { AppDeps } from '../../deps.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { AiTableInfoRepo, type StoredTableInfo, type TableInfoPlace } from '../../store/ai-table-info.js';
import { permissions } from '../permissions/index.js';
import { applyTableInfo, infoLookup } from './table-info-apply.js';
import { mergeInfo, type AiTableInfo } from './table-info-schema.js';

/**
 * The stored place of a request's database and schema: the source's defaults filled in as a
 * statement would run (so the tree's "public" and a chat without a schema name meet), '' where the
 * engine has no such level.
 */
export function infoPlace(deps: Pick<AppDeps, 'store' | 'kv' | 'catalogs'>, record: DataSourceRecord, at: { databaseName?: string | null; schemaName?: string | null }, collectionId = 0): TableInfoPlace {
  const p = permissions(deps as AppDeps).placeOf(record, at, 'exec');
  const type = record.input.type;
  // A file engine's own default names ("main") are what a request without them means too.
  const databaseName = type === 'DUCKDB' || (type === 'SQLITE' && p.databaseName === 'main') ? '' : (p.databaseName ?? '');
  const schemaName = type === 'DUCKDB' && p.schemaName === 'main' ? '' : (p.schemaName ?? '');
  return { dataSourceId: record.id, databaseName, schemaName, collectionId };
}

/** The info in effect per table: the source's, overridden by the collection's (mergeInfo). */
export function effectiveInfos(rows: StoredTableInfo[], collectionId = 0): Map<string, AiTableInfo> {
  const source = new Map<string, AiTableInfo>();
  const own = new Map<string, AiTableInfo>();
  for (const r of rows) (r.collectionId === 0 ? source : r.collectionId === collectionId ? own : null)?.set(r.tableName, r.info);
  const out = new Map<string, AiTableInfo>();
  for (const name of new Set([...source.keys(), ...own.keys()])) out.set(name, mergeInfo(source.get(name), own.get(name))!);
  return out;
}

const applied = new WeakMap<Catalog, { stamp: string; catalog: Catalog }>();
const stamps = new WeakMap<Catalog, string>();

/** What distinguishes an applied catalog from the bare one ('' for a catalog without info): part of cache keys built from it. */
export function tableInfoStamp(catalog: Catalog): string {
  return stamps.get(catalog) ?? '';
}

/** The AI catalog of a place with its AI table info applied (the same object while neither changes). */
export async function catalogWithTableInfo(
  deps: Pick<AppDeps, 'store' | 'kv' | 'catalogs'>, organizationId: number, record: DataSourceRecord,
  at: { databaseName?: string | null; schemaName?: string | null }, base: Catalog, collectionId = 0,
): Promise<Catalog> {
  const place = infoPlace(deps, record, at);
  const rows = await new AiTableInfoRepo(deps.store.db).forPlace(organizationId, place, collectionId ? [collectionId] : []);
  const relevant = rows.filter((r) => r.collectionId === 0 || r.collectionId === collectionId);
  if (!relevant.length) return base;
  const stamp = `${record.id}/${collectionId}:` + relevant.map((r) => `${r.collectionId}.${r.version}.${r.tableName}`).join('|');
  const hit = applied.get(base);
  if (hit?.stamp === stamp) return hit.catalog;
  const catalog = applyTableInfo(base, infoLookup(effectiveInfos(relevant, collectionId)));
  applied.set(base, { stamp, catalog });
  if (catalog !== base) stamps.set(catalog, stamp);
  return catalog;
}

/** The driver catalog without the indexes and keys that name a column the AI catalog left out (SQL_OPTIMIZER's index list). */
export function withoutExcludedColumns(dc: DriverCatalog, ai: Catalog): DriverCatalog {
  if (!stamps.has(ai)) return dc;
  const kept = new Map(ai.tables.map((t) => [t.name.toLowerCase().split('.').pop()!, new Set(t.columns.map((c) => c.name))]));
  return {
    ...dc,
    tables: dc.tables.map((t) => {
      const cols = kept.get(t.name.toLowerCase());
      if (!cols) return t;
      return { ...t, columns: t.columns.filter((c) => cols.has(c.name)), indexes: t.indexes.filter((ix) => ix.columns.every((c) => c.expression != null ? false : cols.has(c.name))), keys: t.keys.filter((k) => k.columns.every((c) => cols.has(c))) };
    }),
  };
}

/** The data source's own AI info of every table at a place (no collection), by table name. */
export async function sourceTableInfos(deps: Pick<AppDeps, 'store' | 'kv' | 'catalogs'>, organizationId: number, record: DataSourceRecord, at: { databaseName?: string | null; schemaName?: string | null }): Promise<(tableName: string) => AiTableInfo | undefined> {
  const rows = await new AiTableInfoRepo(deps.store.db).forPlace(organizationId, infoPlace(deps, record, at));
  return infoLookup(effectiveInfos(rows));
}
