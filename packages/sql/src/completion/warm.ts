/**
 * Builds what the first tip on a catalog would build (its index and the sorted list of all tables), so
 * a server can do it once when a catalog arrives instead of inside the first request that uses it.
 */
import type { Dialect } from '../dialect.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { catalogIndex } from '../catalog/catalog-index.js';
import { allTablesGroup } from './items.js';

export function warmCompletion(catalog: SchemaCatalog, dialect: Dialect, sel: { databaseName?: string | null; schemaName?: string | null } = {}): void {
  const index = catalogIndex(catalog);
  allTablesGroup(index, { dialect, databaseName: sel.databaseName, schemaName: sel.schemaName });
}
