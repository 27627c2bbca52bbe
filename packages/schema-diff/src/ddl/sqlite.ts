/**
 * SQLite DDL. ALTER TABLE only adds, drops and renames plain columns; everything else rebuilds the
 * table the documented way (create the new table, copy the rows, drop the old one, rename, re-create
 * the indexes) inside one transaction with foreign key enforcement off, so that rows referencing
 * the table survive the swap.
 */
import type { ColumnModel, IndexModel, TableModel } from '../model.js';
import type { ColumnChange, Operation, SchemaDiff } from '../operations.js';
import { identifiersOf } from '../diff/views.js';
import { DdlGenerator } from './base.js';
import { planSteps, rebuiltBy, type BuildTable } from './rebuild.js';

const LITERAL = /^([-+]?\d+(\.\d+)?([eE][-+]?\d+)?|'(?:[^']|'')*'|[xX]'[0-9a-fA-F]*'|null|true|false|current_time|current_date|current_timestamp)$/i;

export class SqliteDdl extends DdlGenerator {
  script(diff: SchemaDiff): string[] {
    const steps = planSteps(diff, { canAlter, rebuildReferencing: false });
    const out: string[] = [];
    let rebuilds = false;
    for (const s of steps) {
      if (s.kind === 'op') out.push(...this.operation(s.op, diff));
      else if (s.kind === 'build') {
        for (const b of s.tables) {
          if (b.current) rebuilds = true;
          out.push(...(b.current ? this.rebuild(b) : this.createTable(b.desired)));
        }
      }
    }
    // PRAGMA foreign_keys cannot change inside a transaction: it goes around it. legacy_alter_table
    // lets the rename of the rebuilt table run while triggers of other tables name the table that is
    // momentarily gone (the modern rename re-checks every trigger and view and refuses).
    return rebuilds
      ? ['PRAGMA foreign_keys = OFF', 'PRAGMA legacy_alter_table = ON', 'BEGIN', ...out, 'COMMIT', 'PRAGMA legacy_alter_table = OFF', 'PRAGMA foreign_keys = ON']
      : out;
  }

  /** The rebuild of one table (https://www.sqlite.org/lang_altertable.html#otheralter). */
  rebuild(b: BuildTable): string[] {
    const t = b.desired;
    const temp = `__askdb_new_${t.name}`;
    const [create] = this.createTable({ ...t, name: temp, indexes: [] });
    // Generated columns compute their own values: they are not copied.
    const copy = b.copy.filter(([to]) => !t.columns.find((c) => c.name === to)?.generated);
    const into = copy.map(([to]) => this.q(to)).join(', ');
    const from = copy.map(([, f]) => this.q(f)).join(', ');
    return [
      create!,
      ...(copy.length ? [`INSERT INTO ${this.q(temp)} (${into}) SELECT ${from} FROM ${this.q(b.current!.name)}`] : []),
      `DROP TABLE ${this.q(b.current!.name)}`,
      `ALTER TABLE ${this.q(temp)} RENAME TO ${this.q(t.name)}`,
      ...t.indexes.map((ix) => this.createIndex(t.name, ix)),
    ];
  }

  columnDefinition(c: ColumnModel, t?: TableModel): string {
    const inlinePk = t && this.inlinePrimaryKey(t) && t.primaryKey!.columns[0] === c.name;
    return [
      this.q(c.name),
      c.type,
      inlinePk ? 'PRIMARY KEY AUTOINCREMENT' : '',
      c.nullable ? '' : 'NOT NULL',
      c.generated ? `GENERATED ALWAYS AS (${c.generated.expression}) ${c.generated.stored ? 'STORED' : 'VIRTUAL'}` : '',
      c.default !== null && !c.generated ? `DEFAULT ${LITERAL.test(c.default) ? c.default : `(${c.default})`}` : '',
      c.collation ? `COLLATE ${c.collation}` : '',
    ].filter(Boolean).join(' ');
  }

  /** An expression key is written as the source has it: SQLite needs no parentheses around it. */
  protected indexColumns(ix: IndexModel): string {
    return ix.columns.map((c) => `${c.name !== null ? this.q(c.name) : c.expression}${c.order === 'DESC' ? ' DESC' : ''}`).join(', ');
  }

  /** WITHOUT ROWID and STRICT, as the source table has them. */
  protected tableOptions(t: TableModel): string {
    const o = t.options;
    return [o?.withoutRowid ? 'WITHOUT ROWID' : '', o?.strict ? 'STRICT' : ''].filter(Boolean).join(', ').replace(/^(?=.)/, ' ');
  }

  /** Tables the script rebuilds (and so drops and re-creates, taking their triggers with them). */
  rebuiltTables(diff: SchemaDiff): Set<string> {
    return rebuiltBy(planSteps(diff, { canAlter, rebuildReferencing: false }));
  }

  /** AUTOINCREMENT exists only as a column constraint on an INTEGER PRIMARY KEY. */
  protected inlinePrimaryKey(t: TableModel): boolean {
    const pk = t.primaryKey;
    return !!pk && pk.columns.length === 1 && t.columns.some((c) => c.name === pk.columns[0] && c.identity === 'auto-increment');
  }

  alterColumn(_table: string, _from: ColumnModel, _to: ColumnModel, _changes: ColumnChange[]): string[] {
    return []; // only comment changes get here (canAlter): SQLite keeps no comments
  }

  tableComment(): string[] {
    return [];
  }

  columnComment(): string[] {
    return [];
  }

  protected viewComment(): string[] {
    return [];
  }
}

function canAlter(op: Operation, current: TableModel, desired: TableModel): boolean {
  switch (op.kind) {
    case 'addIndex': case 'dropIndex': case 'setTableComment': case 'renameColumn':
      return true;
    case 'alterColumn':
      return op.changes.every((c) => c === 'comment');
    case 'addColumn': {
      const c = op.column;
      const d = c.default;
      // ADD COLUMN takes a VIRTUAL generated column, never a STORED one.
      if (c.generated?.stored) return false;
      return !inKey(desired, c.name) && !c.identity && (d === null || (LITERAL.test(d) && !/^current_/i.test(d))) && (c.nullable || d !== null);
    }
    case 'dropColumn': {
      const n = op.column.name;
      return !inKey(current, n) && !op.column.generated?.stored
        && !current.columns.some((c) => c.generated && identifiersOf(c.generated.expression).has(n))
        && !current.checks.some((ck) => identifiersOf(ck.expression).has(n))
        && !current.indexes.some((ix) => ix.where && identifiersOf(ix.where).has(n));
    }
    default:
      return false;
  }
}

function inKey(t: TableModel, column: string): boolean {
  return !!t.primaryKey?.columns.includes(column) || t.uniques.some((u) => u.columns.includes(column))
    || t.foreignKeys.some((f) => f.columns.includes(column));
}
