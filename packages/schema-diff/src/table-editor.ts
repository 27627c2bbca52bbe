/**
 * DDL for the table editor: CREATE TABLE for a new table, and the statements that turn an existing
 * table into the edited one, with the same generators schema sync uses.
 */
import type { DatabaseType } from '@askdb/contracts';
import { ddlGeneratorFor } from './ddl/index.js';
import { diffSchemas } from './diff.js';
import { engineFamily } from './engine.js';
import { emptySchema, type TableModel } from './model.js';
import { UnsupportedEngineError } from './sync.js';

export interface TableEditOptions {
  /** Schema to qualify names with (engines with schemas). */
  schemaName?: string | null;
  /** Columns the user renamed: old name → new name. */
  columnRenames?: Record<string, string>;
  /**
   * The engine's index access methods (case-insensitive); an index naming another is refused. Absent:
   * any single bare word. Never raw text: the method is written into the statement unquoted.
   */
  indexMethods?: readonly string[];
}

/** An index method that is not one of the engine's access methods (`btree (id); drop table x; --`). */
export class InvalidIndexMethodError extends Error {
  constructor(readonly index: string, readonly method: string) {
    super(`Index ${index}: "${method}" is not an index method of this database`);
    this.name = 'InvalidIndexMethodError';
  }
}

const BARE_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every index's method is a bare word and, when the engine's list is given, one of it. */
export function checkIndexMethods(table: TableModel, allowed?: readonly string[]): void {
  const known = allowed ? new Set(allowed.map((m) => m.toLowerCase())) : null;
  for (const ix of table.indexes) {
    if (ix.method == null) continue;
    if (!BARE_WORD.test(ix.method) || (known && !known.has(ix.method.toLowerCase()))) throw new InvalidIndexMethodError(ix.name ?? '', ix.method);
  }
}

/** CREATE TABLE (with keys, checks, foreign keys), its indexes and comments. */
export function createTableSql(type: DatabaseType, table: TableModel, options: TableEditOptions = {}): string[] {
  const generator = ddlGeneratorFor(type, { schemaName: options.schemaName ?? null });
  if (!generator) throw new UnsupportedEngineError(type);
  checkIndexMethods(table, options.indexMethods);
  return generator.createTable(table);
}

/** The statements that turn `current` into `desired` (a renamed table keeps its columns' data). */
export function alterTableSql(type: DatabaseType, current: TableModel, desired: TableModel, options: TableEditOptions = {}): string[] {
  const family = engineFamily(type);
  const generator = ddlGeneratorFor(type, { schemaName: options.schemaName ?? null });
  if (!family || !generator) throw new UnsupportedEngineError(type);
  checkIndexMethods(desired, options.indexMethods);
  const diff = diffSchemas({ ...emptySchema(family), tables: [desired] }, { ...emptySchema(family), tables: [current] }, {
    includeViews: false,
    renames: {
      tables: current.name !== desired.name ? { [current.name]: desired.name } : {},
      columns: { [desired.name]: options.columnRenames ?? {} },
    },
  });
  return generator.script(diff);
}
