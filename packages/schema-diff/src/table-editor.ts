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
}

/** CREATE TABLE (with keys, checks, foreign keys), its indexes and comments. */
export function createTableSql(type: DatabaseType, table: TableModel, options: TableEditOptions = {}): string[] {
  const generator = ddlGeneratorFor(type, { schemaName: options.schemaName ?? null });
  if (!generator) throw new UnsupportedEngineError(type);
  return generator.createTable(table);
}

/** The statements that turn `current` into `desired` (a renamed table keeps its columns' data). */
export function alterTableSql(type: DatabaseType, current: TableModel, desired: TableModel, options: TableEditOptions = {}): string[] {
  const family = engineFamily(type);
  const generator = ddlGeneratorFor(type, { schemaName: options.schemaName ?? null });
  if (!family || !generator) throw new UnsupportedEngineError(type);
  const diff = diffSchemas({ ...emptySchema(family), tables: [desired] }, { ...emptySchema(family), tables: [current] }, {
    includeViews: false,
    renames: {
      tables: current.name !== desired.name ? { [current.name]: desired.name } : {},
      columns: { [desired.name]: options.columnRenames ?? {} },
    },
  });
  return generator.script(diff);
}
