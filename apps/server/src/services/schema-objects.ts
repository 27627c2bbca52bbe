/**
 * The tree's listing of a schema's objects beyond tables, views and routines (issue 26): types,
 * domains, sequences, partitions, policies, rules, extensions, events, … each with its CREATE text as
 * the schema-sync model reads it (the schema token written as the schema's own quoted name).
 */
import type { DatabaseType } from '@askdb/contracts';
import { SCHEMA_TOKEN, type Connection } from '@askdb/drivers';
import { ddlGeneratorFor, engineFamily, fromCatalog, joinStatements } from '@askdb/schema-diff';
import { dialectFor } from '@askdb/sql';

export interface SchemaObjectEntry {
  kind: string;
  name: string;
  /** Unique within the schema (kind, name, and signature or table). */
  identity: string;
  /** The table or view it hangs on. */
  table: string | null;
  /** Its CREATE statements as a script. */
  ddl: string;
}

export async function listSchemaObjects(conn: Connection, type: DatabaseType, loc: { databaseName: string | null; schemaName: string | null }): Promise<SchemaObjectEntry[]> {
  const dialect = dialectFor(type);
  const own = loc.schemaName ?? loc.databaseName;
  const place = (text: string) => (own ? text.split(SCHEMA_TOKEN).join(dialect.quoteIdentifier(own)) : text.split(`${SCHEMA_TOKEN}.`).join(''));
  const objects = (await conn.metadata.schemaObjects?.(loc)) ?? [];
  const out: SchemaObjectEntry[] = objects.map((o) => ({ kind: o.kind, name: o.name, identity: o.identity, table: o.table ?? null, ddl: joinStatements(o.create.map(place)) }));
  const family = engineFamily(type);
  const sequences = conn.metadata.sequences ? await conn.metadata.sequences(loc) : [];
  if (family && sequences.length) {
    const model = fromCatalog({ databaseName: loc.databaseName, schemaName: loc.schemaName, tables: [], views: [], functions: [], procedures: [], sequences }, family);
    const generator = ddlGeneratorFor(type, { schemaName: loc.schemaName })!;
    for (const s of model.sequences) {
      const ownedBy = sequences.find((x) => x.name === s.name)?.ownedBy ?? null;
      out.push({ kind: 'sequence', name: s.name, identity: `sequence ${s.name}`, table: ownedBy ? ownedBy.split('.')[0]! : null, ddl: joinStatements(generator.operation({ kind: 'createSequence', sequence: s })) });
    }
  }
  return out.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}
