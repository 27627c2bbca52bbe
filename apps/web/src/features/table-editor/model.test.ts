import { describe, expect, it } from 'vitest';
import type { TableEditColumn, TableEditModel } from '@askdb/contracts';
import { columnFromModel, columnRenames, splitType, stateFromModel, toEditModel, validate, type EditorState } from './model';

const col = (over: Partial<TableEditColumn> & { name: string; type: string }): TableEditColumn => ({
  nullable: true, default: null, comment: null, autoIncrement: false, identity: null, collation: null, primaryKey: false, ...over,
});

/** A table as POST /api/rdb/table/edit_model returns it. */
const current: TableEditModel = {
  name: 'notes',
  comment: 'user notes',
  primaryKeyName: 'notes_pkey',
  constraints: { uniques: [{ name: 'notes_code_key', columns: ['code'] }], checks: [], foreignKeys: [] },
  columns: [
    col({ name: 'id', type: 'integer', nullable: false, autoIncrement: true, identity: 'by-default', primaryKey: true }),
    col({ name: 'body', type: 'character varying(40)', default: "'x'::character varying", collation: 'C', comment: 'text' }),
    col({ name: 'amount', type: 'int(11) unsigned', default: '0' }),
    col({ name: 'code', type: 'text' }),
  ],
  indexes: [
    { name: 'notes_body', unique: false, method: 'hash', where: "body <> ''", columns: [{ name: 'body', expression: null, order: 'DESC' }] },
    { name: 'notes_lower', unique: true, method: null, where: null, columns: [{ name: null, expression: 'lower(code)', order: 'ASC' }] },
  ],
};

describe('table editor model', () => {
  it('sends an untouched table back exactly as read, so the server sees no change (key name and hidden constraints stay on the server side)', () => {
    const { primaryKeyName: _name, constraints: _constraints, ...rest } = current;
    expect(toEditModel(stateFromModel(current))).toEqual(rest);
  });

  it('shows sizes and modifiers apart from the type, and joins them back', () => {
    expect(splitType('character varying(40)')).toEqual({ type: 'character varying', size: '40', suffix: '' });
    expect(splitType('int(11) unsigned')).toEqual({ type: 'int', size: '11', suffix: 'unsigned' });
    const s = stateFromModel(current);
    s.columns[2]!.size = '20';
    expect(toEditModel(s).columns[2]!.type).toBe('int(20) unsigned');
  });

  it('renames, edits and adds: renames are listed, indexes follow them, new columns leave the kind of numbering to the server', () => {
    const s: EditorState = stateFromModel(current);
    s.columns[1]!.name = 'content';
    s.columns[1]!.default = '';
    s.columns[3]!.primaryKey = true;
    s.columns.push({ ...columnFromModel(col({ name: '', type: 'varchar(255)' }), false), name: 'seq', type: 'bigint', size: '', autoIncrement: true });
    s.indexes[1]!.columns = ['code', 'content'];
    const m = toEditModel(s);
    expect(columnRenames(s)).toEqual({ body: 'content' });
    expect(m.columns[1]).toEqual({ name: 'content', type: 'character varying(40)', nullable: true, default: null, comment: 'text', autoIncrement: false, identity: null, collation: 'C', primaryKey: false });
    expect(m.columns[3]).toMatchObject({ name: 'code', primaryKey: true, nullable: false });
    expect(m.columns[4]).toEqual({ name: 'seq', type: 'bigint', nullable: true, default: null, comment: null, autoIncrement: true, identity: null, primaryKey: false });
    // The untouched index keeps its method, predicate and order under the column's new name; the edited one is rebuilt plain.
    expect(m.indexes).toEqual([
      { name: 'notes_body', unique: false, method: 'hash', where: "body <> ''", columns: [{ name: 'content', expression: null, order: 'DESC' }] },
      { name: 'notes_lower', unique: true, method: null, where: null, columns: [{ name: 'code', order: 'ASC' }, { name: 'content', order: 'ASC' }] },
    ]);
  });

  it('starter columns from the server are new rows; rows without a name are not sent', () => {
    const key = columnFromModel(col({ name: 'id', type: 'INTEGER', nullable: false, autoIncrement: true, primaryKey: true }), false);
    const blank = columnFromModel(col({ name: '', type: 'TEXT' }), false);
    expect(key.orig).toBeNull();
    const m = toEditModel({ name: ' tags ', comment: ' ', columns: [key, blank], indexes: [{ id: 'i', orig: null, name: 'tags_idx1', kind: 'FULLTEXT', method: '', columns: ['id'], include: [] }], options: {} });
    expect(m).toEqual({
      name: 'tags', comment: null,
      columns: [{ name: 'id', type: 'INTEGER', nullable: false, default: null, comment: null, autoIncrement: true, identity: null, primaryKey: true }],
      indexes: [{ name: 'tags_idx1', unique: false, method: 'FULLTEXT', where: null, columns: [{ name: 'id', order: 'ASC' }] }],
    });
  });

  it('lists what stops the DDL before asking the server', () => {
    const s = stateFromModel(current);
    expect(validate(s)).toEqual([]);
    s.name = ' ';
    s.columns[1]!.name = 'ID';
    s.columns[2]!.type = '';
    expect(validate(s)).toEqual(['tableEditor.err.tableName', 'tableEditor.err.duplicate', 'tableEditor.err.type']);
    expect(validate({ ...s, name: 'x', columns: [] })).toEqual(['tableEditor.err.noColumns']);
  });

  it('sends ON UPDATE with the column precision, a chosen collation, and INCLUDE columns; taking ON UPDATE away sends null', () => {
    const stamped: TableEditModel = { name: 's', comment: null, indexes: [], columns: [col({ name: 'at', type: 'datetime(3)', onUpdate: 'current_timestamp(3)' })] };
    const s = stateFromModel(stamped);
    expect(s.columns[0]!.onUpdate).toBe(true);
    expect(toEditModel(s).columns[0]!.onUpdate).toBe('current_timestamp(3)');
    s.columns[0]!.onUpdate = false;
    expect(toEditModel(s).columns[0]!.onUpdate).toBeNull();
    const fresh = columnFromModel(col({ name: 'changed', type: 'timestamp' }), false);
    const m = toEditModel({ ...s, columns: [{ ...fresh, onUpdate: true, collation: '' }, { ...columnFromModel(col({ name: 'w', type: 'text' }), false), collation: 'utf8mb4_bin' }] });
    expect(m.columns[0]).toMatchObject({ onUpdate: 'current_timestamp()' });
    expect(m.columns[0]).not.toHaveProperty('collation');
    expect(m.columns[1]).toMatchObject({ collation: 'utf8mb4_bin' });
    const t = stateFromModel(current);
    t.indexes[0]!.include = ['code'];
    expect(toEditModel(t).indexes[0]).toMatchObject({ name: 'notes_body', include: ['code'] });
  });

  it('keeps index prefix lengths as read, and sends a changed or added one with its column', () => {
    const keyed: TableEditModel = {
      name: 'people', comment: null, columns: [col({ name: 'name', type: 'varchar(200)' }), col({ name: 'city', type: 'varchar(40)' })],
      indexes: [{ name: 'by_name', unique: false, method: null, where: null, columns: [{ name: 'name', expression: null, order: 'ASC', length: 10 }, { name: 'city', expression: null, order: 'ASC' }] }],
    };
    const s = stateFromModel(keyed);
    expect(s.indexes[0]!.lengths).toEqual({ name: 10 });
    expect(toEditModel(s).indexes).toEqual(keyed.indexes);
    s.indexes[0]!.lengths = { name: 20, city: 4 };
    expect(toEditModel(s).indexes[0]!.columns).toEqual([{ name: 'name', order: 'ASC', length: 20 }, { name: 'city', order: 'ASC', length: 4 }]);
    s.indexes[0]!.lengths = {};
    expect(toEditModel(s).indexes[0]!.columns).toEqual([{ name: 'name', order: 'ASC' }, { name: 'city', order: 'ASC' }]);
  });

  it('sends SPARSE only when it changes or the column has it, and an Oracle length unit inside the type', () => {
    const sparse: TableEditModel = { name: 'r', comment: null, indexes: [], columns: [col({ name: 'note', type: 'nvarchar(200)', sparse: true }), col({ name: 'other', type: 'int' })] };
    const s = stateFromModel(sparse);
    expect(toEditModel(s).columns.map((c) => c.sparse)).toEqual([true, undefined]);
    s.columns[0]!.sparse = false;
    s.columns[1]!.sparse = true;
    expect(toEditModel(s).columns.map((c) => c.sparse)).toEqual([false, true]);

    const oracle: TableEditModel = { name: 'o', comment: null, indexes: [], columns: [col({ name: 'title', type: 'VARCHAR2(50 CHAR)' })] };
    const o = stateFromModel(oracle);
    expect(o.columns[0]).toMatchObject({ type: 'VARCHAR2', size: '50', unit: 'CHAR' });
    expect(toEditModel(o).columns[0]!.type).toBe('VARCHAR2(50 CHAR)');
    o.columns[0]!.unit = 'BYTE';
    expect(toEditModel(o).columns[0]!.type).toBe('VARCHAR2(50 BYTE)');
    o.columns[0]!.unit = '';
    expect(toEditModel(o).columns[0]!.type).toBe('VARCHAR2(50)');
  });
});
