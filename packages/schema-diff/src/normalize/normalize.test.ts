import { describe, expect, it } from 'vitest';
import type { Catalog, ColumnInfo } from '@askdb/drivers';
import { fromCatalog } from './catalog.js';
import { normalizeDefault } from './defaults.js';
import { expressionKey, stripQualifier, tidySql } from './expression.js';
import { parseType } from './type-text.js';
import { canonicalType, typeDetail } from './types.js';

describe('type text', () => {
  it('splits base, arguments, suffix and array brackets', () => {
    expect(parseType('timestamp(3) with time zone')).toEqual({ base: 'timestamp', args: ['3'], suffix: 'with time zone', array: '' });
    expect(parseType("enum('a,b','c')")).toEqual({ base: 'enum', args: ["'a,b'", "'c'"], suffix: '', array: '' });
    expect(parseType('int(11) unsigned zerofill')).toEqual({ base: 'int', args: ['11'], suffix: 'unsigned zerofill', array: '' });
    expect(parseType('integer[]')).toEqual({ base: 'integer', args: null, suffix: '', array: '[]' });
  });

  it('resolves PostgreSQL aliases so equal types compare equal', () => {
    const pg = (t: string) => canonicalType('postgresql', t);
    expect(pg('int4')).toBe('integer');
    expect(pg('serial')).toBe('integer');
    expect(pg('VARCHAR(20)')).toBe('character varying(20)');
    expect(pg('decimal(10)')).toBe('numeric(10,0)');
    expect(pg('timestamptz')).toBe('timestamp with time zone');
    expect(pg('timestamp(6) without time zone')).toBe('timestamp without time zone');
    expect(pg('timestamp(3) with time zone')).toBe('timestamp(3) with time zone');
    expect(pg('_int4')).toBe('integer[]');
    expect(pg('char')).toBe('character(1)');
    expect(pg('float')).toBe('double precision');
    expect(pg('float(10)')).toBe('real');
    expect(pg('"MyEnum"')).toBe('"MyEnum"');
  });

  it('resolves MySQL aliases and drops integer display widths', () => {
    const my = (t: string) => canonicalType('mysql', t);
    expect(my('int(11)')).toBe('int');
    expect(my('INTEGER')).toBe('int');
    expect(my('bigint(20) unsigned')).toBe('bigint unsigned');
    expect(my('tinyint(1)')).toBe('tinyint(1)');
    expect(my('boolean')).toBe('tinyint(1)');
    expect(my('decimal')).toBe('decimal(10,0)');
    expect(my('numeric(8,2)')).toBe('decimal(8,2)');
    expect(my("enum('x','y')")).toBe("enum('x','y')");
    expect(my('int zerofill')).toBe('int unsigned zerofill');
  });

  it('keeps SQLite declared types, only tidied', () => {
    expect(canonicalType('sqlite', 'varchar ( 10 )')).toBe('VARCHAR(10)');
    expect(canonicalType('sqlite', 'int')).toBe('INT'); // INT is not INTEGER: only INTEGER PRIMARY KEY is the rowid
  });

  it('resolves DuckDB aliases', () => {
    const duck = (t: string) => canonicalType('duckdb', t);
    expect(duck('int')).toBe('INTEGER');
    expect(duck('varchar(20)')).toBe('VARCHAR');
    expect(duck('text')).toBe('VARCHAR');
    expect(duck('numeric')).toBe('DECIMAL(18,3)');
    expect(duck('timestamptz')).toBe('TIMESTAMP WITH TIME ZONE');
  });

  it('gives length, precision and scale for the table editor', () => {
    expect(typeDetail('character varying(20)')).toEqual({ length: 20, precision: null, scale: null });
    expect(typeDetail('numeric(10,2)')).toEqual({ length: null, precision: 10, scale: 2 });
    expect(typeDetail('timestamp(3) with time zone')).toEqual({ length: null, precision: 3, scale: null });
  });
});

describe('expressions and defaults', () => {
  it('compares expressions regardless of spacing, keyword case and outer parentheses', () => {
    expect(expressionKey('((price > 0))')).toBe(expressionKey('PRICE  >  0'));
    expect(expressionKey("lower( name ) = 'A'")).toBe(expressionKey("LOWER(name)='A'"));
    expect(expressionKey("'A'")).not.toBe(expressionKey("'a'"));
  });

  it('removes the own-schema qualifier outside strings', () => {
    expect(stripQualifier(`SELECT s1.t.id FROM "s1".t WHERE x = 's1.t'`, 's1')).toBe(`SELECT t.id FROM t WHERE x = 's1.t'`);
    expect(stripQualifier('select `db`.`t`.`a` from `db`.`t`', 'db')).toBe('select `t`.`a` from `t`');
    expect(stripQualifier('select xs1.t from s1x.t', 's1')).toBe('select xs1.t from s1x.t');
  });

  it('tidies view bodies', () => {
    expect(tidySql(' SELECT  a,\n   b\n FROM t;  ')).toBe('SELECT a, b FROM t');
  });

  it('normalises defaults per engine', () => {
    expect(normalizeDefault('postgresql', 'NULL::character varying', { qualifier: 'public' })).toBeNull();
    expect(normalizeDefault('postgresql', "nextval('s2.seq'::regclass)", { qualifier: 's2' })).toBe("nextval('seq'::regclass)");
    expect(normalizeDefault('mysql', 'NULL', { qualifier: null })).toBeNull();
    expect(normalizeDefault('mysql', 'CURRENT_TIMESTAMP', { qualifier: null })).toBe('current_timestamp()');
    expect(normalizeDefault('mysql', 'current_timestamp(3)', { qualifier: null })).toBe('current_timestamp(3)');
    expect(normalizeDefault('sqlite', "(datetime('now'))", { qualifier: null })).toBe("datetime('now')");
    expect(normalizeDefault('sqlserver', '((0))', { qualifier: null })).toBe('0');
  });
});

const col = (name: string, columnType: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name, columnType, dataType: 'UNKNOWN', nullable: true, defaultValue: null, comment: null, primaryKey: false, autoIncrement: false, ...extra,
});

describe('fromCatalog', () => {
  const catalog = (schemaName: string, seq: string): Catalog => ({
    databaseName: 'db', schemaName,
    tables: [{
      name: 'orders', comment: '',
      columns: [
        col('id', 'integer', { nullable: false, primaryKey: true, autoIncrement: true, defaultValue: `nextval('${seq}'::regclass)`, ordinal: 1 }),
        col('code', 'varchar(10)', { ordinal: 2, comment: '' }),
        col('n', 'int4', { ordinal: 3, identity: 'ALWAYS', autoIncrement: true, nullable: false }),
      ],
      keys: [
        { name: 'orders_pkey', type: 'PRIMARY', columns: ['id'] },
        { name: 'orders_code_key', type: 'UNIQUE', columns: ['code'] },
        { name: 'orders_fk', type: 'FOREIGN', columns: ['code'], referencedTable: 'codes', referencedSchema: schemaName, referencedColumns: ['c'], onDelete: 'CASCADE', onUpdate: null },
        { name: 'ck', type: 'CHECK', columns: [], checkExpression: 'CHECK ((n > 0))' },
      ],
      indexes: [
        { name: 'orders_pkey', unique: true, primary: true, method: 'btree', columns: [{ name: 'id' }] },
        { name: 'orders_code_key', unique: true, method: 'btree', columns: [{ name: 'code' }] },
        { name: 'ix_lower', unique: false, method: 'btree', columns: [{ name: 'lower(code)', expression: 'lower((code)::text)', order: 'DESC' }], where: '(n > 1)' },
      ],
    }],
    views: [{ name: 'v', comment: null, definition: ` SELECT orders.id\n   FROM ${schemaName}.orders;`, columns: [] }],
    functions: [], procedures: [],
    sequences: [
      { name: 'orders_id_seq', ownedBy: 'orders.id' },
      { name: 'orders_n_seq', ownedBy: 'orders.n' },
      { name: 'free_seq', start: '5', increment: '1', ownedBy: null },
    ],
  });

  it('reads serials, identities, keys, indexes, views and free sequences', () => {
    const m = fromCatalog(catalog('public', 'orders_id_seq'), 'postgresql');
    const t = m.tables[0]!;
    expect(t.comment).toBeNull();
    expect(t.columns.map((c) => [c.name, c.type, c.identity, c.default])).toEqual([
      ['id', 'integer', 'serial', null], ['code', 'character varying(10)', null, null], ['n', 'integer', 'always', null],
    ]);
    expect(t.primaryKey).toEqual({ name: 'orders_pkey', columns: ['id'] });
    expect(t.uniques).toEqual([{ name: 'orders_code_key', columns: ['code'] }]);
    expect(t.checks).toEqual([{ name: 'ck', expression: 'n > 0' }]);
    expect(t.foreignKeys[0]).toMatchObject({ refSchema: null, refTable: 'codes', onDelete: 'CASCADE', onUpdate: 'NO ACTION' });
    expect(t.indexes).toEqual([{ name: 'ix_lower', unique: false, method: null, where: 'n > 1', columns: [{ name: null, expression: 'lower((code)::text)', order: 'DESC' }] }]);
    expect(m.views[0]!.definition).toBe('SELECT orders.id FROM orders');
    expect(m.sequences.map((s) => s.name)).toEqual(['free_seq']);
  });

  it('reads the same schema in two schemas to the same model', () => {
    const a = fromCatalog(catalog('s1', 's1.orders_id_seq'), 'postgresql');
    const b = fromCatalog(catalog('s2', 'orders_id_seq'), 'postgresql');
    expect({ ...a, schemaName: null }).toEqual({ ...b, schemaName: null });
  });

  it('keeps SQLite autoindexes as unique constraints and MySQL RESTRICT as NO ACTION', () => {
    const base = catalog('main', 'x');
    const sqlite = fromCatalog({ ...base, tables: [{ ...base.tables[0]!, keys: [], indexes: [{ name: 'sqlite_autoindex_orders_1', unique: true, columns: [{ name: 'code' }] }] }] }, 'sqlite');
    expect(sqlite.tables[0]!.uniques).toEqual([{ name: null, columns: ['code'] }]);
    expect(sqlite.tables[0]!.indexes).toEqual([]);
    const my = fromCatalog({ ...base, tables: [{ ...base.tables[0]!, keys: [{ name: 'f', type: 'FOREIGN', columns: ['a'], referencedTable: 't', referencedColumns: ['b'], onDelete: 'RESTRICT', onUpdate: 'RESTRICT' }] }] }, 'mysql');
    expect(my.tables[0]!.foreignKeys[0]).toMatchObject({ onDelete: 'NO ACTION', onUpdate: 'NO ACTION' });
  });
});
