/**
 * The drivers' bulk catalog (packages/drivers `Catalog`) → the schema-linking catalog. Typed
 * structurally so packages/ai does not depend on the drivers package.
 */
import type { Catalog, CatalogTable } from './catalog.js';

interface DriverColumn { name: string; columnType: string; nullable: boolean; comment: string | null; primaryKey: boolean }
interface DriverKey { type: string; columns: string[]; referencedTable?: string | null; referencedSchema?: string | null; referencedColumns?: string[] }
interface DriverTable { name: string; comment: string | null; columns: DriverColumn[]; keys?: DriverKey[] }
interface DriverView { name: string; comment: string | null; columns: DriverColumn[] }
export interface DriverCatalogLike { tables: DriverTable[]; views?: DriverView[] }

export function catalogFromDriver(c: DriverCatalogLike, annotations: Record<string, string> = {}): Catalog {
  const columns = (cols: DriverColumn[]) =>
    cols.map((x) => ({ name: x.name, type: x.columnType, nullable: x.nullable, primaryKey: x.primaryKey, ...(x.comment ? { comment: x.comment } : {}) }));
  const tables: CatalogTable[] = c.tables.map((t) => ({
    name: t.name,
    kind: 'TABLE',
    ...(t.comment ? { comment: t.comment } : {}),
    ...(annotations[t.name] ? { annotation: annotations[t.name] } : {}),
    columns: columns(t.columns),
    foreignKeys: (t.keys ?? [])
      .filter((k) => k.type === 'FOREIGN' && k.referencedTable)
      .map((k) => ({ columns: k.columns, referencedTable: k.referencedTable!, referencedColumns: k.referencedColumns ?? [] })),
  }));
  for (const v of c.views ?? []) {
    tables.push({
      name: v.name,
      kind: 'VIEW',
      ...(v.comment ? { comment: v.comment } : {}),
      ...(annotations[v.name] ? { annotation: annotations[v.name] } : {}),
      columns: columns(v.columns),
    });
  }
  return { tables };
}
