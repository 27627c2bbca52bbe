/**
 * The DDL of the table editor: @askdb/schema-diff's CREATE / ALTER generators (the same ones schema
 * sync uses) plus the MySQL-family table options (engine, character set, collation, next
 * auto-increment value) that the schema model does not carry.
 */
import { alterTableSql, createTableSql, engineFamily, type TableModel } from '@askdb/schema-diff';
import type { DatabaseType } from '@askdb/contracts';
import type { Dialect } from '@askdb/sql';
import { columnRenames, toTableModel, type EditorState, type EngineOptions } from './model';

export const hasEngineOptions = (type: DatabaseType) => engineFamily(type) === 'mysql';

const OPTION_NAME = /^[A-Za-z0-9_]+$/;
function optionClauses(o: EngineOptions, base: EngineOptions = {}): string[] {
  const out: string[] = [];
  if (o.engine && o.engine !== base.engine && OPTION_NAME.test(o.engine)) out.push(`ENGINE=${o.engine}`);
  if (o.charset && o.charset !== base.charset && OPTION_NAME.test(o.charset)) out.push(`DEFAULT CHARSET=${o.charset}`);
  if (o.collation && o.collation !== base.collation && OPTION_NAME.test(o.collation)) out.push(`COLLATE=${o.collation}`);
  if (o.autoIncrement && o.autoIncrement !== base.autoIncrement && /^\d+$/.test(o.autoIncrement)) out.push(`AUTO_INCREMENT=${o.autoIncrement}`);
  return out;
}

export interface DdlRequest {
  type: DatabaseType;
  dialect: Dialect;
  schemaName: string | null;
  state: EditorState;
  /** The table as it is (edit mode), null when creating. */
  current: TableModel | null;
  currentOptions?: EngineOptions;
}

export function editorDdl(r: DdlRequest): string[] {
  const family = engineFamily(r.type);
  const schemaName = r.dialect.supportsSchema ? r.schemaName : null;
  const desired = toTableModel(family, r.state, r.current);
  const mysql = family === 'mysql';
  if (!r.current) {
    const out = createTableSql(r.type, desired, { schemaName });
    const opts = mysql ? optionClauses(r.state.options) : [];
    if (opts.length) out[0] = `${out[0]} ${opts.join(' ')}`;
    return out;
  }
  const out = alterTableSql(r.type, r.current, desired, { schemaName, columnRenames: columnRenames(r.state) });
  const opts = mysql ? optionClauses(r.state.options, r.currentOptions) : [];
  if (opts.length) {
    const name = schemaName ? `${r.dialect.quoteIdentifier(schemaName)}.${r.dialect.quoteIdentifier(desired.name)}` : r.dialect.quoteIdentifier(desired.name);
    out.push(`ALTER TABLE ${name} ${opts.join(', ')}`);
  }
  return out;
}
