/** Pure rules of the source/target picker (spec 01 §5): completeness, defaults, and how a side is named. */
import { isSelectionComplete, supportsDatabase, supportsSchema, type DataSourceSummary } from '@askdb/contracts';
import type { CompleteSide } from './api.js';
import type { SyncSide } from './events.js';

/** Engines' usual default database/schema names, chosen over the first when the connection names none. */
const USUAL_DEFAULTS = ['public', 'dbo', 'main'];

/**
 * The value to auto-choose when one is mandatory (spec 01 §5): the data source's own setting if
 * listed, else the engine's usual default if listed, else the first.
 */
export function defaultChoice(list: readonly string[], preferred?: string | null): string | null {
  if (preferred && list.includes(preferred)) return preferred;
  return USUAL_DEFAULTS.find((d) => list.includes(d)) ?? list[0] ?? null;
}

/** The side as the API wants it, or null while the spec's selection is incomplete. */
export function completeSide(side: SyncSide, dataSource: DataSourceSummary | undefined): CompleteSide | null {
  if (!dataSource || side.dataSourceId !== dataSource.id || !dataSource.hasPermission) return null;
  if (!isSelectionComplete(dataSource.type, side.databaseName, side.schemaName)) return null;
  return {
    dataSourceId: dataSource.id,
    databaseName: supportsDatabase(dataSource.type) ? side.databaseName ?? null : null,
    schemaName: supportsSchema(dataSource.type) ? side.schemaName ?? null : null,
  };
}

/** "alias / database / schema", the parts the engine has. */
export function describeSide(side: CompleteSide, dataSource: DataSourceSummary | undefined): string {
  return [dataSource?.alias ?? `#${side.dataSourceId}`, side.databaseName, side.schemaName].filter(Boolean).join(' / ');
}
