/**
 * MySQL / MariaDB DDL. Column changes re-state the whole column (MODIFY); every change to one
 * table goes into a single ALTER TABLE, because MySQL checks the table after each statement
 * (an AUTO_INCREMENT column must be a key at every step, and so on).
 */
import type { ColumnModel, IndexModel, PrimaryKeyModel, TableModel } from '../model.js';
import { operationTable, type ColumnChange, type Operation, type SchemaDiff } from '../operations.js';
import { DdlGenerator } from './base.js';

/** Operations that become clauses of the table's one ALTER TABLE. */
const CLAUSE_KINDS = new Set<Operation['kind']>([
  'dropIndex', 'dropPrimaryKey', 'dropUnique', 'dropCheck', 'renameColumn', 'dropColumn', 'addColumn', 'alterColumn',
  'setTableComment', 'setTableOptions', 'addPrimaryKey', 'addUnique', 'addCheck', 'addIndex',
]);

const COMPOUND = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:FUNCTION|PROCEDURE|TRIGGER|EVENT)\b/i;

const PRE_RENAME = new Set<Operation['kind']>(['dropIndex', 'dropPrimaryKey', 'dropUnique', 'dropCheck']);

export class MysqlDdl extends DdlGenerator {
  script(diff: SchemaDiff): string[] {
    const renamed = new Map<string, string>();
    for (const op of diff.operations) if (op.kind === 'renameTable') renamed.set(op.from, op.to);
    // Drops name the table as it is before renames; group every clause under the final name.
    const groupOf = (op: Operation) => {
      const t = operationTable(op)!;
      return PRE_RENAME.has(op.kind) ? renamed.get(t) ?? t : t;
    };
    const grouped = new Map<string, Operation[]>();
    for (const op of diff.operations) {
      if (CLAUSE_KINDS.has(op.kind)) grouped.set(groupOf(op), [...(grouped.get(groupOf(op)) ?? []), op]);
    }
    const out: string[] = [];
    const emitted = new Set<string>();
    const renameDone = new Set<string>();
    for (const op of diff.operations) {
      if (op.kind === 'renameTable') renameDone.add(op.to);
      if (!CLAUSE_KINDS.has(op.kind)) {
        out.push(...this.operation(op, diff));
        continue;
      }
      const group = groupOf(op);
      if (emitted.has(group)) continue;
      emitted.add(group);
      const before = [...renamed].find(([, to]) => to === group)?.[0];
      out.push(...this.alterTable(before && !renameDone.has(group) ? before : group, grouped.get(group)!));
    }
    return out;
  }

  /** One ALTER TABLE with every clause for the table, in the order MySQL needs them. */
  private alterTable(table: string, ops: Operation[]): string[] {
    const clauses: string[] = [];
    const renamedTo = new Map<string, string>();
    for (const op of ops) if (op.kind === 'renameColumn') renamedTo.set(op.to, op.from);
    const altered = new Set(ops.filter((o) => o.kind === 'alterColumn').map((o) => (o.kind === 'alterColumn' ? o.to.name : '')));
    const order: Operation['kind'][] = ['dropIndex', 'dropUnique', 'dropCheck', 'dropPrimaryKey', 'renameColumn', 'dropColumn', 'addColumn', 'alterColumn', 'addPrimaryKey', 'addUnique', 'addCheck', 'addIndex', 'setTableComment', 'setTableOptions'];
    for (const kind of order) {
      for (const op of ops.filter((o) => o.kind === kind)) {
        switch (op.kind) {
          case 'dropIndex': clauses.push(`DROP INDEX ${this.q(op.index.name)}`); break;
          case 'dropUnique': clauses.push(`DROP INDEX ${this.q(op.unique.name ?? '')}`); break;
          case 'dropCheck': clauses.push(`DROP CONSTRAINT ${this.q(op.check.name ?? '')}`); break;
          case 'dropPrimaryKey': clauses.push('DROP PRIMARY KEY'); break;
          // A renamed column that also changes is written once, as CHANGE old new definition.
          case 'renameColumn': if (!altered.has(op.to)) clauses.push(`RENAME COLUMN ${this.q(op.from)} TO ${this.q(op.to)}`); break;
          case 'dropColumn': clauses.push(`DROP COLUMN ${this.q(op.column.name)}`); break;
          case 'addColumn': clauses.push(`ADD COLUMN ${this.columnDefinition(op.column)}`); break;
          case 'alterColumn': {
            const old = renamedTo.get(op.to.name);
            clauses.push(old ? `CHANGE COLUMN ${this.q(old)} ${this.columnDefinition(op.to)}` : `MODIFY COLUMN ${this.columnDefinition(op.to)}`);
            break;
          }
          case 'addPrimaryKey': clauses.push(`ADD ${this.primaryKeyClause(op.primaryKey)}`); break;
          case 'addUnique': clauses.push(`ADD ${this.uniqueClause(op.unique)}`); break;
          case 'addCheck': clauses.push(`ADD ${this.checkClause(op.check)}`); break;
          case 'addIndex': clauses.push(`ADD ${this.indexClause(op.index)}`); break;
          case 'setTableComment': clauses.push(`COMMENT = ${this.literal(op.comment ?? '')}`); break;
          case 'setTableOptions': clauses.push(...this.optionClauses({ options: op.options } as TableModel)); break;
        }
      }
    }
    return clauses.length ? [`ALTER TABLE ${this.name(table)}\n  ${clauses.join(',\n  ')}`] : [];
  }

  /**
   * Routines, triggers and events with compound bodies hold semicolons: they go between DELIMITER
   * lines, as mysqldump writes them, so the script splits back into the same statements.
   */
  scriptText(statements: string[]): string {
    if (!statements.length) return '';
    return statements.map((s) => (s.includes(';') && COMPOUND.test(s) ? `DELIMITER $$\n${s}$$\nDELIMITER ;` : `${s};`)).join('\n\n') + '\n';
  }

  columnDefinition(c: ColumnModel): string {
    return [
      this.q(c.name),
      c.type,
      c.collation ? `COLLATE ${c.collation}` : '',
      c.generated ? `GENERATED ALWAYS AS (${c.generated.expression}) ${c.generated.stored ? 'STORED' : 'VIRTUAL'}` : '',
      c.generated ? '' : c.nullable ? 'NULL' : 'NOT NULL',
      c.generated ? '' : this.defaultClause(c).trim(),
      c.onUpdate ? `ON UPDATE ${c.onUpdate}` : '',
      c.identity ? 'AUTO_INCREMENT' : '',
      c.comment ? `COMMENT ${this.literal(c.comment)}` : '',
    ].filter(Boolean).join(' ');
  }

  alterColumn(table: string, _from: ColumnModel, to: ColumnModel, _changes: ColumnChange[]): string[] {
    return [`ALTER TABLE ${this.name(table)} MODIFY COLUMN ${this.columnDefinition(to)}`];
  }

  primaryKeyClause(pk: PrimaryKeyModel): string {
    return `PRIMARY KEY (${this.columnList(pk.columns)})`;
  }

  protected tableOptions(t: TableModel): string {
    return this.optionClauses(t).map((o) => ` ${o}`).join('') + (t.comment ? ` COMMENT=${this.literal(t.comment)}` : '');
  }

  /** ENGINE, DEFAULT CHARSET and COLLATE as the source table has them. */
  optionClauses(t: TableModel): string[] {
    const o = t.options;
    if (!o) return [];
    return [o.engine ? `ENGINE=${o.engine}` : '', o.charset ? `DEFAULT CHARSET=${o.charset}` : '', o.collation ? `COLLATE=${o.collation}` : ''].filter(Boolean);
  }

  protected createTableComments(): string[] {
    return [];
  }

  tableComment(table: string, comment: string | null): string[] {
    return [`ALTER TABLE ${this.name(table)} COMMENT = ${this.literal(comment ?? '')}`];
  }

  columnComment(): string[] {
    return []; // comments are part of the column definition (MODIFY re-states it)
  }

  protected viewComment(): string[] {
    return [];
  }

  protected dropConstraint(table: string, name: string | null, kind: 'unique' | 'check' | 'foreign' | 'primary'): string {
    const what = kind === 'foreign' ? 'FOREIGN KEY' : kind === 'unique' ? 'INDEX' : 'CONSTRAINT';
    return `ALTER TABLE ${this.name(table)} DROP ${what} ${this.q(name ?? '')}`;
  }

  protected dropPrimaryKey(table: string): string {
    return `ALTER TABLE ${this.name(table)} DROP PRIMARY KEY`;
  }

  private indexKind(ix: IndexModel): string {
    return ix.method === 'FULLTEXT' || ix.method === 'SPATIAL' ? `${ix.method} ` : ix.unique ? 'UNIQUE ' : '';
  }

  private indexUsing(ix: IndexModel): string {
    return ix.method && ix.method !== 'FULLTEXT' && ix.method !== 'SPATIAL' ? ` USING ${ix.method}` : '';
  }

  private indexClause(ix: IndexModel): string {
    return `${this.indexKind(ix)}INDEX ${this.q(ix.name)} (${this.indexColumns(ix)})${this.indexUsing(ix)}`;
  }

  createIndex(table: string, ix: IndexModel): string {
    return `CREATE ${this.indexKind(ix)}INDEX ${this.q(ix.name)} ON ${this.name(table)} (${this.indexColumns(ix)})${this.indexUsing(ix)}`;
  }

  protected dropIndex(table: string, ix: IndexModel): string {
    return `DROP INDEX ${this.q(ix.name)} ON ${this.name(table)}`;
  }
}
