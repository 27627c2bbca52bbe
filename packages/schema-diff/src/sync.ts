/** Schema sync in one call: two catalogs in, the script that makes the target like the source out. */
import type { DatabaseType } from '@askdb/contracts';
import { SCHEMA_TOKEN, type Catalog, type SchemaObjectInfo } from '@askdb/drivers';
import { ddlGeneratorFor } from './ddl/index.js';
import { diffSchemas, type DiffOptions } from './diff.js';
import { engineFamily } from './engine.js';
import { fromCatalog } from './normalize/catalog.js';
import { diffObjects, placeSchema } from './objects.js';
import type { Operation, SchemaDiff } from './operations.js';

export interface SyncOptions extends DiffOptions {
  /** Qualify names with the target schema (default: the target catalog's schema, for engines with schemas). */
  qualify?: boolean;
}

export interface SyncPlan {
  diff: SchemaDiff;
  /** Identities of schema objects only the target has, which the script drops. */
  destructive?: string[];
  statements: string[];
  /** The statements as one script in the target engine's syntax (what the user edits and runs). */
  text: string;
}

export class UnsupportedEngineError extends Error {
  constructor(readonly type: DatabaseType) {
    super(`Schema sync does not support ${type}.`);
    this.name = 'UnsupportedEngineError';
  }
}

/** The diff and its statements, for callers that run or show statements one by one. */
export function syncPlan(source: Catalog, target: Catalog, targetType: DatabaseType, options: SyncOptions = {}): SyncPlan {
  const family = engineFamily(targetType);
  if (!family) throw new UnsupportedEngineError(targetType);
  const diff = diffSchemas(fromCatalog(source, family), fromCatalog(target, family), options);
  const schemaName = options.qualify === false || !HAS_SCHEMAS.has(family) ? null : target.schemaName;
  const generator = ddlGeneratorFor(targetType, { schemaName })!;
  const ops = diff.operations;
  // Views a table change drops and re-creates take their triggers, rules and indexes with them.
  const viewsDropped = new Set(ops.flatMap((op) => (op.kind === 'dropView' ? [op.view.name] : [])));
  const tablesDropped = new Set(ops.flatMap((op) => (op.kind === 'dropTable' ? [op.table.name] : [])));
  // SQLite rebuilds a table to change it: the old one's triggers go with it.
  const rebuilt = generator.rebuiltTables(diff);
  const objects = diffObjects(source.objects ?? [], target.objects ?? [], {
    noDrops: options.noDrops,
    recreate: (o) => !!o.table && (viewsDropped.has(o.table) || rebuilt.has(o.table)),
  });
  const dropsGoneWithTheirTable = (o: SchemaObjectInfo) => !!o.table && (viewsDropped.has(o.table) || rebuilt.has(o.table) || (tablesDropped.has(o.table) && o.kind !== 'partition'));
  const place = (o: SchemaObjectInfo, texts: string[]) => texts.map((t) => placeSchema(t, SCHEMA_TOKEN, schemaName ?? target.schemaName, (n) => generator.q(n)));
  const creates = (phase: SchemaObjectInfo['phase']) => objects.create.filter((o) => o.phase === phase).flatMap((o) => place(o, o.create));
  // Dependants (triggers, policies, partitions) and changed objects go first; types, routines and
  // extensions only the target has go last, once nothing that uses them is left.
  const recreated = new Set(objects.create.map((o) => o.identity));
  const early = (o: SchemaObjectInfo) => o.phase !== 'beforeTables' || recreated.has(o.identity);
  const drops = (first: boolean) => objects.drop.filter((o) => early(o) === first && !dropsGoneWithTheirTable(o)).flatMap((o) => place(o, [o.drop]));
  // The generator sees each group as a diff of its own: engines fold a table's operations together (MySQL's one ALTER TABLE, SQLite's rebuild).
  const run = (list: Operation[]) => (list.length ? generator.script({ ...diff, operations: list }) : []);
  const statements = [
    ...drops(true),
    ...run(ops.filter((op) => op.kind === 'dropView')),
    ...creates('beforeTables'),
    ...run(ops.filter((op) => op.kind !== 'dropView' && op.kind !== 'createView')),
    ...creates('afterTables'),
    ...run(ops.filter((op) => op.kind === 'createView')),
    ...creates('afterViews'),
    ...drops(false),
  ];
  return { diff, statements, text: generator.scriptText(statements), destructive: objects.destructive };
}

/** The script text (statements ending in `;`), empty when the structures already match. */
export function syncSql(source: Catalog, target: Catalog, targetType: DatabaseType, options: SyncOptions = {}): string {
  return syncPlan(source, target, targetType, options).text;
}

const HAS_SCHEMAS = new Set(['postgresql', 'sqlserver', 'oracle']);
