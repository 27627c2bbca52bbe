/**
 * SQL Server DDL (generated and unit-tested; no server runs in this repository's tests).
 * Defaults are constraints with server-chosen names, so dropping one looks its name up first;
 * comments are MS_Description extended properties.
 */
import type { ColumnModel, ForeignKeyModel, IndexModel, SequenceModel } from '../model.js';
import type { ColumnChange } from '../operations.js';
import { DdlGenerator } from './base.js';

export class SqlServerDdl extends DdlGenerator {
  /** GO after each statement: CREATE VIEW must be alone in its batch. */
  scriptText(statements: string[]): string {
    return statements.map((st) => `${st};\nGO\n`).join('\n');
  }

  columnDefinition(c: ColumnModel): string {
    return [
      this.q(c.name),
      c.type,
      c.sparse ? 'SPARSE' : '',
      c.collation ? `COLLATE ${c.collation}` : '',
      c.identity ? 'IDENTITY(1,1)' : '',
      c.nullable || c.sparse ? 'NULL' : 'NOT NULL',
      c.default !== null ? `DEFAULT (${c.default})` : '',
    ].filter(Boolean).join(' ');
  }

  protected addColumn(table: string, c: ColumnModel): string[] {
    return [`ALTER TABLE ${this.name(table)} ADD ${this.columnDefinition(c)}`, ...(c.comment ? this.columnComment(table, c.name, c.comment, null) : [])];
  }

  operation(...args: Parameters<DdlGenerator['operation']>): string[] {
    const [op] = args;
    if (op.kind === 'dropColumn') {
      const drop = `ALTER TABLE ${this.name(op.table)} DROP COLUMN ${this.q(op.column.name)}`;
      return op.column.default !== null ? [this.dropDefault(op.table, op.column.name), drop] : [drop];
    }
    if (op.kind === 'renameColumn') return [`EXEC sp_rename ${this.literal(`${this.name(op.table)}.${this.q(op.from)}`)}, ${this.literal(op.to)}, N'COLUMN'`];
    return super.operation(...args);
  }

  protected renameTable(from: string, to: string): string {
    return `EXEC sp_rename ${this.literal(this.name(from))}, ${this.literal(to)}`;
  }

  alterColumn(table: string, from: ColumnModel, to: ColumnModel, changes: ColumnChange[]): string[] {
    const t = this.name(table);
    const out: string[] = [];
    const shape = changes.some((c) => c === 'type' || c === 'nullable' || c === 'collation');
    // SPARSE is switched on its own (ALTER COLUMN … ADD/DROP SPARSE); with a new type it is written with the type.
    const sparseOnly = !!from.sparse !== !!to.sparse && from.type === to.type && from.nullable === to.nullable && (from.collation ?? '') === (to.collation ?? '');
    const redoDefault = changes.includes('default') || (shape && from.default !== null);
    if (redoDefault && from.default !== null) out.push(this.dropDefault(table, from.name));
    if (sparseOnly) out.push(`ALTER TABLE ${t} ALTER COLUMN ${this.q(to.name)} ${to.sparse ? 'ADD' : 'DROP'} SPARSE`);
    else if (shape) {
      const collate = to.collation ? ` COLLATE ${to.collation}` : '';
      out.push(`ALTER TABLE ${t} ALTER COLUMN ${this.q(to.name)} ${to.type}${to.sparse ? ' SPARSE' : ''}${collate} ${to.nullable || to.sparse ? 'NULL' : 'NOT NULL'}`);
    }
    if (redoDefault && to.default !== null) out.push(`ALTER TABLE ${t} ADD DEFAULT (${to.default}) FOR ${this.q(to.name)}`);
    if (changes.includes('identity')) {
      out.push(`-- ${t}.${this.q(to.name)}: SQL Server cannot add or remove IDENTITY on an existing column; re-create the table to change it`);
    }
    if (changes.includes('comment')) out.push(...this.columnComment(table, to.name, to.comment, from.comment));
    return out;
  }

  /** Drops the default constraint of a column, whatever the server named it. */
  private dropDefault(table: string, column: string): string {
    const t = this.name(table);
    return [
      'DECLARE @df sysname = (SELECT dc.name FROM sys.default_constraints dc',
      '  JOIN sys.columns c ON c.object_id = dc.parent_object_id AND c.column_id = dc.parent_column_id',
      `  WHERE dc.parent_object_id = OBJECT_ID(${this.literal(t)}) AND c.name = ${this.literal(column)})`,
      `IF @df IS NOT NULL EXEC(N'ALTER TABLE ${t.replace(/'/g, "''")} DROP CONSTRAINT [' + @df + N']')`,
    ].join('\n');
  }

  private property(proc: string, table: string, column: string | null, value: string | null): string {
    const schema = this.schemaName ?? 'dbo';
    const parts = [
      `@name = N'MS_Description'`,
      ...(value !== null ? [`@value = ${this.literal(value)}`] : []),
      `@level0type = N'SCHEMA', @level0name = ${this.literal(schema)}`,
      `@level1type = N'TABLE', @level1name = ${this.literal(table)}`,
      ...(column ? [`@level2type = N'COLUMN', @level2name = ${this.literal(column)}`] : []),
    ];
    return `EXEC ${proc} ${parts.join(', ')}`;
  }

  tableComment(table: string, comment: string | null, previous: string | null = null): string[] {
    if (comment === null) return [this.property('sp_dropextendedproperty', table, null, null)];
    return [this.property(previous === null ? 'sp_addextendedproperty' : 'sp_updateextendedproperty', table, null, comment)];
  }

  columnComment(table: string, column: string, comment: string | null, previous: string | null = null): string[] {
    if (comment === null) return [this.property('sp_dropextendedproperty', table, column, null)];
    return [this.property(previous === null ? 'sp_addextendedproperty' : 'sp_updateextendedproperty', table, column, comment)];
  }

  protected viewComment(): string[] {
    return [];
  }

  foreignKeyClause(f: ForeignKeyModel): string {
    const noRestrict = (a: ForeignKeyModel['onDelete']) => (a === 'RESTRICT' ? 'NO ACTION' : a);
    return super.foreignKeyClause({ ...f, onDelete: noRestrict(f.onDelete), onUpdate: noRestrict(f.onUpdate) });
  }

  protected dropIndex(table: string, ix: IndexModel): string {
    return `DROP INDEX ${this.q(ix.name)} ON ${this.name(table)}`;
  }

  createIndex(table: string, ix: IndexModel): string {
    const kind = ix.method ? `${ix.method.toUpperCase()} ` : '';
    return `CREATE ${ix.unique ? 'UNIQUE ' : ''}${kind}INDEX ${this.q(ix.name)} ON ${this.name(table)} (${this.indexColumns(ix)})${ix.where ? ` WHERE ${ix.where}` : ''}`;
  }

  protected alterSequence(_from: SequenceModel, to: SequenceModel): string[] {
    const opts = [
      to.increment ? ` INCREMENT BY ${to.increment}` : '',
      to.minValue ? ` MINVALUE ${to.minValue}` : '',
      to.maxValue ? ` MAXVALUE ${to.maxValue}` : '',
      to.cycle ? ' CYCLE' : ' NO CYCLE',
    ].join('');
    return [`ALTER SEQUENCE ${this.name(to.name)}${opts}`];
  }
}
