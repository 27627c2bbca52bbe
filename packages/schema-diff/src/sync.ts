/** Schema sync in one call: two catalogs in, the script that makes the target like the source out. */
import type { DatabaseType, Language } from '@askdb/contracts';
import { SCHEMA_TOKEN, type Catalog, type SchemaObjectInfo } from '@askdb/drivers';
import type { DdlGenerator } from './ddl/base.js';
import { ddlGeneratorFor } from './ddl/index.js';
import { diffSchemas, type DiffOptions } from './diff.js';
import { engineFamily } from './engine.js';
import { fromCatalog } from './normalize/catalog.js';
import { diffObjects, placeSchema } from './objects.js';
import type { Operation, SchemaDiff } from './operations.js';
import { noteText, statementKind, typeChangeCanFail, type PlanItem } from './plan-items.js';

export interface SyncOptions extends DiffOptions {
  /** The language of the notes written into the script (default en-US). */
  lang?: Language;
  /** Qualify names with the target schema (default: the target catalog's schema, for engines with schemas). */
  qualify?: boolean;
}

export interface SyncPlan {
  diff: SchemaDiff;
  /** Identities of schema objects only the target has, which the script drops. */
  destructive?: string[];
  statements: string[];
  /** The statements with their kind, destructive flag and note (what the dialog groups and ticks). */
  items: PlanItem[];
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
  const place = (texts: string[]) => texts.map((t) => placeSchema(t, SCHEMA_TOKEN, schemaName ?? target.schemaName, (n) => generator.q(n)));
  const lang = options.lang ?? 'en-US';
  const destructive = new Set(objects.destructive);
  const replaced = new Set(objects.drop.filter((o) => !destructive.has(o.identity)).map((o) => o.identity));
  const objectItem = (o: SchemaObjectInfo, sql: string, isDrop: boolean): PlanItem => ({
    sql, kind: o.kind, destructive: isDrop && destructive.has(o.identity),
    ...(isDrop && replaced.has(o.identity) ? { note: noteText(lang, o.kind === 'partition' ? 'partition' : 'replaced', { name: o.name }) } : {}),
  });
  const creates = (phase: SchemaObjectInfo['phase']) => objects.create.filter((o) => o.phase === phase).flatMap((o) => place(o.create).map((sql) => objectItem(o, sql, false)));
  // Dependants (triggers, policies, partitions) and changed objects go first; types, routines and
  // extensions only the target has go last, once nothing that uses them is left.
  const recreated = new Set(objects.create.map((o) => o.identity));
  const early = (o: SchemaObjectInfo) => o.phase !== 'beforeTables' || recreated.has(o.identity);
  const drops = (first: boolean) => objects.drop.filter((o) => early(o) === first && !dropsGoneWithTheirTable(o)).flatMap((o) => place([o.drop]).map((sql) => objectItem(o, sql, true)));
  // The generator sees each group as a diff of its own: engines fold a table's operations together (MySQL's one ALTER TABLE, SQLite's rebuild).
  const run = (list: Operation[]) => (list.length ? tableItems(generator, { ...diff, operations: list }, rebuilt, lang) : []);
  const items = [
    ...drops(true),
    ...run(ops.filter((op) => op.kind === 'dropView')),
    ...creates('beforeTables'),
    ...run(ops.filter((op) => op.kind !== 'dropView' && op.kind !== 'createView')),
    ...creates('afterTables'),
    ...run(ops.filter((op) => op.kind === 'createView')),
    ...creates('afterViews'),
    ...drops(false),
  ];
  const statements = items.map((i) => i.sql);
  return { diff, statements, items, text: scriptWithNotes(generator, items), destructive: objects.destructive };
}

/**
 * The table generator's statements as items: a statement that is exactly the drop of a table, view or
 * sequence only the target has is destructive; a type change that converts values, and a rebuilt
 * table, carry a note.
 */
function tableItems(generator: DdlGenerator, diff: SchemaDiff, rebuilt: Set<string>, lang: Language): PlanItem[] {
  const squeeze = (s: string) => s.trim();
  const destructiveSql = new Set(diff.operations
    .filter((op) => op.kind === 'dropTable' || op.kind === 'dropSequence' || (op.kind === 'dropView' && !diff.desired.views.some((v) => v.name === op.view.name)))
    .flatMap((op) => generator.operation(op, diff).map(squeeze)));
  const notes: { match: (sql: string) => boolean; note: string }[] = [];
  for (const op of diff.operations) {
    if (op.kind !== 'alterColumn' || !op.changes.includes('type') || rebuilt.has(op.table) || !typeChangeCanFail(op.from, op.to)) continue;
    const [table, column] = [generator.name(op.table), generator.q(op.to.name)];
    notes.push({ match: (sql) => sql.includes(table) && sql.includes(column) && /\b(TYPE|MODIFY|CHANGE|ALTER)\b/i.test(sql), note: noteText(lang, 'typeCast', { column: `${op.table}.${op.to.name}`, from: op.from.type, to: op.to.type }) });
  }
  for (const name of rebuilt) {
    const head = `CREATE TABLE ${generator.name(`__askdb_new_${name}`)} (`;
    notes.push({ match: (sql) => sql.startsWith(head), note: noteText(lang, 'rebuild', { name }) });
  }
  return generator.script(diff).map((sql) => {
    const i = notes.findIndex((n) => n.match(sql));
    const note = i >= 0 ? notes.splice(i, 1)[0]!.note : undefined;
    return { sql, kind: statementKind(sql), destructive: destructiveSql.has(squeeze(sql)), ...(note ? { note } : {}) };
  });
}

/** The script: each statement as the engine's script text, a note above it as a line comment. */
function scriptWithNotes(generator: DdlGenerator, items: PlanItem[]): string {
  if (!items.some((i) => i.note)) return generator.scriptText(items.map((i) => i.sql));
  return items.map((i) => `${i.note ? `-- ${i.note.replace(/\s*\n\s*/g, ' ')}\n` : ''}${generator.scriptText([i.sql]).trimEnd()}`).join('\n\n') + '\n';
}

/** The script for the statements a user kept (the dialog unticks destructive drops), notes included. */
export function scriptOf(targetType: DatabaseType, items: PlanItem[]): string {
  return scriptWithNotes(ddlGeneratorFor(targetType)!, items);
}

/** The script text (statements ending in `;`), empty when the structures already match. */
export function syncSql(source: Catalog, target: Catalog, targetType: DatabaseType, options: SyncOptions = {}): string {
  return syncPlan(source, target, targetType, options).text;
}

const HAS_SCHEMAS = new Set(['postgresql', 'sqlserver', 'oracle']);
