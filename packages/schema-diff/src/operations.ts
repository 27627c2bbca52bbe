/**
 * The diff's output: typed operations, in an order a script can run them. A dialect's DDL
 * generator turns each into SQL (or folds several into one rebuild where ALTER cannot).
 */
import type {
  CheckModel, ColumnModel, ForeignKeyModel, IndexModel, PrimaryKeyModel, SchemaModel, SequenceModel, TableModel,
  UniqueModel, ViewModel,
} from './model.js';

export type ColumnChange = 'type' | 'nullable' | 'default' | 'identity' | 'collation' | 'comment' | 'generated';

export type Operation =
  /** Without its foreign keys: they follow as addForeignKey once every table exists. */
  | { kind: 'createTable'; table: TableModel }
  | { kind: 'dropTable'; table: TableModel }
  | { kind: 'renameTable'; from: string; to: string }
  | { kind: 'setTableComment'; table: string; comment: string | null; previous: string | null }
  /** MySQL family: engine, default charset or collation changes (ALTER TABLE … ENGINE=…, DEFAULT CHARSET=…). */
  | { kind: 'setTableOptions'; table: string; options: NonNullable<TableModel['options']> }
  | { kind: 'addColumn'; table: string; column: ColumnModel }
  | { kind: 'dropColumn'; table: string; column: ColumnModel }
  | { kind: 'alterColumn'; table: string; from: ColumnModel; to: ColumnModel; changes: ColumnChange[] }
  | { kind: 'renameColumn'; table: string; from: string; to: string }
  | { kind: 'addPrimaryKey'; table: string; primaryKey: PrimaryKeyModel }
  | { kind: 'dropPrimaryKey'; table: string; primaryKey: PrimaryKeyModel }
  | { kind: 'addUnique'; table: string; unique: UniqueModel }
  | { kind: 'dropUnique'; table: string; unique: UniqueModel }
  | { kind: 'addCheck'; table: string; check: CheckModel }
  | { kind: 'dropCheck'; table: string; check: CheckModel }
  | { kind: 'addForeignKey'; table: string; foreignKey: ForeignKeyModel }
  | { kind: 'dropForeignKey'; table: string; foreignKey: ForeignKeyModel }
  | { kind: 'addIndex'; table: string; index: IndexModel }
  | { kind: 'dropIndex'; table: string; index: IndexModel }
  | { kind: 'createView'; view: ViewModel }
  | { kind: 'dropView'; view: ViewModel }
  | { kind: 'createSequence'; sequence: SequenceModel }
  | { kind: 'alterSequence'; from: SequenceModel; to: SequenceModel }
  | { kind: 'dropSequence'; sequence: SequenceModel };

export type OperationKind = Operation['kind'];

/**
 * A diff result: the operations plus both schemas they connect. `desired` is what the target
 * becomes (the source, merged with what the options keep of the target, in the target's names);
 * generators that rebuild tables read the whole desired table from it.
 */
export interface SchemaDiff {
  operations: Operation[];
  current: SchemaModel;
  desired: SchemaModel;
}

/** The table an operation belongs to, if any. */
export function operationTable(op: Operation): string | null {
  switch (op.kind) {
    case 'createTable': case 'dropTable':
      return op.table.name;
    case 'renameTable':
      return op.to;
    case 'createView': case 'dropView': case 'createSequence': case 'alterSequence': case 'dropSequence':
      return null;
    default:
      return op.table;
  }
}
