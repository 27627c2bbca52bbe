/**
 * The shared DDL generator: operations → statements. Each engine subclass overrides only what its
 * SQL does differently; identifiers go through the dialect's `quoteIdentifier`, comments through
 * its `quoteString`.
 */
import type { Dialect } from '@askdb/sql';
import type {
  CheckModel, ColumnModel, ForeignKeyModel, IndexModel, PrimaryKeyModel, SequenceModel, TableModel, UniqueModel, ViewModel,
} from '../model.js';
import type { ColumnChange, Operation, SchemaDiff } from '../operations.js';

export interface DdlOptions {
  /** Qualify object names with this schema (engines with schemas); null leaves names bare. */
  schemaName?: string | null;
}

export abstract class DdlGenerator {
  protected readonly schemaName: string | null;

  constructor(protected readonly dialect: Dialect, options: DdlOptions = {}) {
    this.schemaName = options.schemaName ?? null;
  }

  /** Every statement of the diff, in order, without trailing semicolons. */
  script(diff: SchemaDiff): string[] {
    return diff.operations.flatMap((op) => this.operation(op, diff));
  }

  /** The statements as script text the engine's splitter reads back into the same statements. */
  scriptText(statements: string[]): string {
    return joinStatements(statements);
  }

  operation(op: Operation, _diff?: SchemaDiff): string[] {
    switch (op.kind) {
      case 'createTable': return this.createTable(op.table);
      case 'dropTable': return [`DROP TABLE ${this.name(op.table.name)}`];
      case 'renameTable': return [this.renameTable(op.from, op.to)];
      case 'setTableComment': return this.tableComment(op.table, op.comment, op.previous);
      case 'setTableOptions': return [];
      case 'addColumn': return this.addColumn(op.table, op.column);
      case 'dropColumn': return [`ALTER TABLE ${this.name(op.table)} DROP COLUMN ${this.q(op.column.name)}`];
      case 'alterColumn': return this.alterColumn(op.table, op.from, op.to, op.changes);
      case 'renameColumn': return [`ALTER TABLE ${this.name(op.table)} RENAME COLUMN ${this.q(op.from)} TO ${this.q(op.to)}`];
      case 'addPrimaryKey': return [this.alterAdd(op.table, this.primaryKeyClause(op.primaryKey))];
      case 'dropPrimaryKey': return [this.dropPrimaryKey(op.table, op.primaryKey)];
      case 'addUnique': return [this.alterAdd(op.table, this.uniqueClause(op.unique))];
      case 'dropUnique': return [this.dropConstraint(op.table, op.unique.name, 'unique')];
      case 'addCheck': return [this.alterAdd(op.table, this.checkClause(op.check))];
      case 'dropCheck': return [this.dropConstraint(op.table, op.check.name, 'check')];
      case 'addForeignKey': return [this.alterAdd(op.table, this.foreignKeyClause(op.foreignKey))];
      case 'dropForeignKey': return [this.dropConstraint(op.table, op.foreignKey.name, 'foreign')];
      case 'addIndex': return [this.createIndex(op.table, op.index)];
      case 'dropIndex': return [this.dropIndex(op.table, op.index)];
      case 'createView': return this.createView(op.view);
      case 'dropView': return [`DROP ${op.view.materialized ? 'MATERIALIZED VIEW' : 'VIEW'} ${this.name(op.view.name)}`];
      case 'createSequence': return [this.createSequence(op.sequence)];
      case 'alterSequence': return this.alterSequence(op.from, op.to);
      case 'dropSequence': return [`DROP SEQUENCE ${this.name(op.sequence.name)}`];
    }
  }

  // ---- names and literals ----

  q(name: string): string {
    return this.dialect.quoteIdentifier(name);
  }

  /** An object name, qualified with the schema when there is one. */
  name(object: string): string {
    return this.schemaName ? `${this.q(this.schemaName)}.${this.q(object)}` : this.q(object);
  }

  protected columnList(names: string[]): string {
    return names.map((n) => this.q(n)).join(', ');
  }

  protected literal(value: string): string {
    return this.dialect.quoteString(value);
  }

  // ---- tables ----

  /** CREATE TABLE plus its indexes and comments. Foreign keys are included when the table has them. */
  createTable(t: TableModel): string[] {
    const parts = [...t.columns.map((c) => this.columnDefinition(c, t)), ...this.tableConstraints(t)];
    const create = `CREATE TABLE ${this.name(t.name)} (\n  ${parts.join(',\n  ')}\n)${this.tableOptions(t)}`;
    return [create, ...t.indexes.map((ix) => this.createIndex(t.name, ix)), ...this.createTableComments(t)];
  }

  protected tableConstraints(t: TableModel): string[] {
    return [
      ...(t.primaryKey && !this.inlinePrimaryKey(t) ? [this.primaryKeyClause(t.primaryKey)] : []),
      ...t.uniques.map((u) => this.uniqueClause(u)),
      ...t.checks.map((c) => this.checkClause(c)),
      ...t.foreignKeys.map((f) => this.foreignKeyClause(f)),
    ];
  }

  /** Whether the primary key is written on its column instead of as a table constraint. */
  protected inlinePrimaryKey(_t: TableModel): boolean {
    return false;
  }

  protected tableOptions(_t: TableModel): string {
    return '';
  }

  /** Tables the script for `diff` drops and re-creates to change them (engines whose ALTER cannot). */
  rebuiltTables(_diff: SchemaDiff): Set<string> {
    return new Set();
  }

  /** COMMENT ON statements for a new table (engines that keep comments apart from the definition). */
  protected createTableComments(t: TableModel): string[] {
    return [
      ...(t.comment ? this.tableComment(t.name, t.comment) : []),
      ...t.columns.filter((c) => c.comment).flatMap((c) => this.columnComment(t.name, c.name, c.comment)),
    ];
  }

  tableComment(table: string, comment: string | null, _previous: string | null = null): string[] {
    return [`COMMENT ON TABLE ${this.name(table)} IS ${comment === null ? 'NULL' : this.literal(comment)}`];
  }

  columnComment(table: string, column: string, comment: string | null): string[] {
    return [`COMMENT ON COLUMN ${this.name(table)}.${this.q(column)} IS ${comment === null ? 'NULL' : this.literal(comment)}`];
  }

  protected renameTable(from: string, to: string): string {
    return `ALTER TABLE ${this.name(from)} RENAME TO ${this.q(to)}`;
  }

  // ---- columns ----

  /** `name type …` as written inside CREATE TABLE and ADD COLUMN. */
  abstract columnDefinition(c: ColumnModel, t?: TableModel): string;

  protected defaultClause(c: ColumnModel): string {
    return c.default !== null ? ` DEFAULT ${c.default}` : '';
  }

  protected addColumn(table: string, c: ColumnModel): string[] {
    return [`ALTER TABLE ${this.name(table)} ADD COLUMN ${this.columnDefinition(c)}`, ...(c.comment ? this.columnComment(table, c.name, c.comment) : [])];
  }

  abstract alterColumn(table: string, from: ColumnModel, to: ColumnModel, changes: ColumnChange[]): string[];

  // ---- constraints and indexes ----

  protected constraintName(name: string | null): string {
    return name ? `CONSTRAINT ${this.q(name)} ` : '';
  }

  primaryKeyClause(pk: PrimaryKeyModel): string {
    return `${this.constraintName(pk.name)}PRIMARY KEY (${this.columnList(pk.columns)})${pk.deferrable ? ` ${pk.deferrable}` : ''}`;
  }

  uniqueClause(u: UniqueModel): string {
    return `${this.constraintName(u.name)}UNIQUE (${this.columnList(u.columns)})${u.deferrable ? ` ${u.deferrable}` : ''}`;
  }

  checkClause(c: CheckModel): string {
    return `${this.constraintName(c.name)}CHECK (${c.expression})`;
  }

  foreignKeyClause(f: ForeignKeyModel): string {
    const ref = f.refSchema ? `${this.q(f.refSchema)}.${this.q(f.refTable)}` : this.name(f.refTable);
    const actions = (f.onDelete !== 'NO ACTION' ? ` ON DELETE ${f.onDelete}` : '') + (f.onUpdate !== 'NO ACTION' ? ` ON UPDATE ${f.onUpdate}` : '');
    return `${this.constraintName(f.name)}FOREIGN KEY (${this.columnList(f.columns)}) REFERENCES ${ref} (${this.columnList(f.refColumns)})${actions}${f.deferrable ? ` ${f.deferrable}` : ''}`;
  }

  protected alterAdd(table: string, clause: string): string {
    return `ALTER TABLE ${this.name(table)} ADD ${clause}`;
  }

  protected dropConstraint(table: string, name: string | null, _kind: 'unique' | 'check' | 'foreign' | 'primary'): string {
    return `ALTER TABLE ${this.name(table)} DROP CONSTRAINT ${this.q(name ?? '')}`;
  }

  protected dropPrimaryKey(table: string, pk: PrimaryKeyModel): string {
    return this.dropConstraint(table, pk.name, 'primary');
  }

  /** A column part may carry a prefix length (MySQL family reads and sends one; `Number` keeps it a number). */
  protected indexColumns(ix: IndexModel): string {
    return ix.columns.map((c) => `${c.name !== null ? `${this.q(c.name)}${c.length ? `(${Number(c.length)})` : ''}` : `(${c.expression})`}${c.order === 'DESC' ? ' DESC' : ''}`).join(', ');
  }

  createIndex(table: string, ix: IndexModel): string {
    return `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${this.q(ix.name)} ON ${this.name(table)} (${this.indexColumns(ix)})${ix.where ? ` WHERE ${ix.where}` : ''}`;
  }

  protected dropIndex(_table: string, ix: IndexModel): string {
    return `DROP INDEX ${this.name(ix.name)}`;
  }

  // ---- views and sequences ----

  protected createView(v: ViewModel): string[] {
    const kind = v.materialized ? 'MATERIALIZED VIEW' : 'VIEW';
    return [`CREATE ${kind} ${this.name(v.name)} AS ${v.definition}`, ...(v.comment ? this.viewComment(v) : [])];
  }

  protected viewComment(v: ViewModel): string[] {
    return [`COMMENT ON ${v.materialized ? 'MATERIALIZED VIEW' : 'VIEW'} ${this.name(v.name)} IS ${this.literal(v.comment ?? '')}`];
  }

  protected sequenceOptions(s: SequenceModel): string {
    return [
      s.dataType ? ` AS ${s.dataType}` : '',
      s.increment ? ` INCREMENT BY ${s.increment}` : '',
      s.minValue ? ` MINVALUE ${s.minValue}` : '',
      s.maxValue ? ` MAXVALUE ${s.maxValue}` : '',
      s.start ? ` START WITH ${s.start}` : '',
      s.cycle ? ' CYCLE' : ' NO CYCLE',
    ].join('');
  }

  protected createSequence(s: SequenceModel): string {
    return `CREATE SEQUENCE ${this.name(s.name)}${this.sequenceOptions(s)}`;
  }

  protected alterSequence(_from: SequenceModel, to: SequenceModel): string[] {
    return [`ALTER SEQUENCE ${this.name(to.name)}${this.sequenceOptions(to)}`];
  }
}

/** Statements joined into script text: each ends with `;` and a blank line between them. */
export function joinStatements(statements: string[]): string {
  return statements.length ? statements.map((s) => `${s};`).join('\n\n') + '\n' : '';
}
