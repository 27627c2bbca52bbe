/**
 * SQLite schema objects for schema sync (issue 26): triggers, with the CREATE text exactly as
 * sqlite_master keeps it (SQLite stores what the user wrote, so running it again recreates the same
 * object). Tables, indexes and views are read by the catalog.
 */
import type { SchemaObjectInfo } from '../driver.js';
import type { ObjectRow } from './catalog-sql.js';

export function sqliteSchemaObjects(rows: ObjectRow[], quote: (name: string) => string): SchemaObjectInfo[] {
  const kindOf = new Map(rows.map((r) => [r.name, r.type]));
  return rows
    .filter((r) => r.type === 'trigger' && r.sql)
    .map((r) => ({
      kind: 'trigger' as const,
      identity: `trigger ${r.name}`,
      name: r.name,
      table: r.tbl_name,
      create: [r.sql!],
      drop: `DROP TRIGGER ${quote(r.name)}`,
      dependsOn: [`${kindOf.get(r.tbl_name) === 'view' ? 'view' : 'table'} ${r.tbl_name}`],
      // INSTEAD OF triggers hang on views; a trigger body may use any table or view.
      phase: 'afterViews' as const,
    }));
}
