/** Schema sync in one call: two catalogs in, the script that makes the target like the source out. */
import type { DatabaseType } from '@askdb/contracts';
import type { Catalog } from '@askdb/drivers';
import { ddlGeneratorFor } from './ddl/index.js';
import { diffSchemas, type DiffOptions } from './diff.js';
import { engineFamily } from './engine.js';
import { fromCatalog } from './normalize/catalog.js';
import type { SchemaDiff } from './operations.js';

export interface SyncOptions extends DiffOptions {
  /** Qualify names with the target schema (default: the target catalog's schema, for engines with schemas). */
  qualify?: boolean;
}

export interface SyncPlan {
  diff: SchemaDiff;
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
  const statements = generator.script(diff);
  return { diff, statements, text: generator.scriptText(statements) };
}

/** The script text (statements ending in `;`), empty when the structures already match. */
export function syncSql(source: Catalog, target: Catalog, targetType: DatabaseType, options: SyncOptions = {}): string {
  return syncPlan(source, target, targetType, options).text;
}

const HAS_SCHEMAS = new Set(['postgresql', 'sqlserver', 'oracle']);
