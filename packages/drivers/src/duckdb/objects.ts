/**
 * DuckDB schema objects for schema sync (issue 26): user-defined ENUM types, which tables' columns use
 * and so must exist before them. Macros are not synced: duckdb_functions() does not expose a macro's
 * parameter defaults, so a re-created macro could silently differ.
 */
import type { SchemaObjectInfo } from '../driver.js';
import { SCHEMA_TOKEN } from '../driver.js';
import type { UserTypeRow } from './catalog-sql.js';

export function duckdbSchemaObjects(types: UserTypeRow[], quote: (name: string) => string): SchemaObjectInfo[] {
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  return types
    .filter((t) => t.logical_type === 'ENUM' && t.labels)
    .map((t) => ({
      kind: 'type' as const,
      identity: `type ${t.name}`,
      name: t.name,
      create: [`CREATE TYPE ${SCHEMA_TOKEN}.${quote(t.name)} AS ENUM (${t.labels!.map(literal).join(', ')})`],
      drop: `DROP TYPE ${SCHEMA_TOKEN}.${quote(t.name)}`,
      dependsOn: [],
      phase: 'beforeTables' as const,
    }));
}
