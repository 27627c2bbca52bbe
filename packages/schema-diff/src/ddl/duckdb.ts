/**
 * DuckDB DDL. DuckDB's ALTER TABLE refuses most changes to a table that has indexes or is
 * referenced by a foreign key, cannot add or drop constraints, and foreign keys have no actions.
 * So beyond adding plain columns, comments and indexes, tables are rebuilt: their rows are set
 * aside, the table and every table referencing it are dropped (dependents first), then created
 * again from the desired model (parents first) and refilled.
 */
import type { ColumnModel, TableModel } from '../model.js';
import type { ColumnChange, Operation, SchemaDiff } from '../operations.js';
import { DdlGenerator } from './base.js';
import { planSteps, type BuildTable } from './rebuild.js';

export class DuckdbDdl extends DdlGenerator {
  script(diff: SchemaDiff): string[] {
    const out: string[] = [];
    for (const s of planSteps(diff, { canAlter, rebuildReferencing: true, canRename })) {
      if (s.kind === 'op') out.push(...this.operation(s.op, diff));
      else if (s.kind === 'stash') {
        for (const b of s.tables) {
          out.push(`CREATE TABLE ${this.name(stashName(b))} AS SELECT * FROM ${this.name(b.current!.name)}`);
          out.push(`DROP TABLE ${this.name(b.current!.name)}`);
        }
      } else for (const b of s.tables) out.push(...this.build(b));
    }
    return out;
  }

  private build(b: BuildTable): string[] {
    const t = b.desired;
    const [create] = this.createTable({ ...t, indexes: [] });
    const refill = b.current && b.copy.length
      ? [`INSERT INTO ${this.name(t.name)} (${b.copy.map(([to]) => this.q(to)).join(', ')}) SELECT ${b.copy.map(([, f]) => this.q(f)).join(', ')} FROM ${this.name(stashName(b))}`]
      : [];
    return [
      create!,
      ...refill,
      ...(b.current ? [`DROP TABLE ${this.name(stashName(b))}`] : []),
      ...t.indexes.map((ix) => this.createIndex(t.name, ix)),
      ...this.createTableComments(t),
    ];
  }

  columnDefinition(c: ColumnModel): string {
    return [this.q(c.name), c.type, this.defaultClause(c).trim(), c.nullable ? '' : 'NOT NULL'].filter(Boolean).join(' ');
  }

  alterColumn(table: string, _from: ColumnModel, to: ColumnModel, _changes: ColumnChange[]): string[] {
    return this.columnComment(table, to.name, to.comment); // other changes rebuild the table (canAlter)
  }

  protected sequenceOptions(s: Parameters<DdlGenerator['createSequence']>[0]): string {
    return super.sequenceOptions({ ...s, dataType: null });
  }

  protected alterSequence(from: Parameters<DdlGenerator['createSequence']>[0], to: Parameters<DdlGenerator['createSequence']>[0]): string[] {
    // DuckDB has no ALTER SEQUENCE; a sequence no default uses can be replaced.
    return [`DROP SEQUENCE ${this.name(from.name)}`, this.createSequence(to)];
  }
}

function stashName(b: BuildTable): string {
  return `__askdb_old_${b.current!.name}`;
}

function canAlter(op: Operation, _current: TableModel, desired: TableModel): boolean {
  switch (op.kind) {
    case 'addIndex': case 'dropIndex': case 'setTableComment':
      return true;
    case 'alterColumn':
      return op.changes.every((c) => c === 'comment');
    case 'addColumn': {
      const c = op.column;
      const keyed = desired.primaryKey?.columns.includes(c.name) || desired.uniques.some((u) => u.columns.includes(c.name))
        || desired.foreignKeys.some((f) => f.columns.includes(c.name));
      return c.nullable && !keyed;
    }
    default:
      return false;
  }
}

/** DuckDB refuses to rename a table that has indexes or that a foreign key points at. */
function canRename(current: TableModel, all: TableModel[]): boolean {
  return !current.indexes.length && !all.some((t) => t.name !== current.name && t.foreignKeys.some((f) => !f.refSchema && f.refTable === current.name));
}
