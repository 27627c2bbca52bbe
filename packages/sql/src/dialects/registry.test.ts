import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES, supportsDatabase, supportsSchema } from '@askdb/contracts';
import { dialectFor } from './registry.js';

describe('dialectFor', () => {
  it('maps every database type per spec 01 §3', () => {
    const expected: Record<string, string> = {
      MYSQL: 'mysql', MARIADB: 'mysql', TIDB: 'mysql', OCEANBASE: 'mysql', DORIS: 'mysql', STARROCKS: 'mysql', HIVE: 'mysql',
      ORACLE: 'oracle', DM: 'oracle', OCEANBASE_ORACLE: 'oracle',
      POSTGRESQL: 'postgresql', KINGBASE: 'postgresql', OPENGAUSS: 'postgresql', COCKROACHDB: 'postgresql', REDSHIFT: 'postgresql', GAUSSDB: 'postgresql',
      SQLSERVER: 'sqlserver', SQLITE: 'sqlite', DUCKDB: 'duckdb', CLICKHOUSE: 'clickhouse', REDIS: 'redis',
    };
    for (const t of DATABASE_TYPES) {
      const d = dialectFor(t);
      expect(d.name).toBe(expected[t] ?? 'mysql');
      expect(d.supportsDatabase).toBe(supportsDatabase(t));
      expect(d.supportsSchema).toBe(supportsSchema(t));
      expect(d.databaseType).toBe(t);
    }
    expect(dialectFor('NO_SUCH_ENGINE').name).toBe('mysql');
    expect(dialectFor('postgresql').name).toBe('postgresql');
  });

  it('quotes identifiers by the spec 01 §5 characters', () => {
    const name = 'order items';
    const q = (t: string) => dialectFor(t).quoteIdentifier(name);
    for (const t of ['POSTGRESQL', 'ORACLE', 'DB2', 'DM', 'H2', 'SQLITE', 'OCEANBASE_ORACLE', 'KINGBASE', 'SNOWFLAKE', 'OPENGAUSS', 'SUNDB', 'COCKROACHDB', 'KYLIN', 'XUGUDB', 'PRESTO']) {
      expect(q(t), t).toBe('"order items"');
    }
    expect(q('SQLSERVER')).toBe('[order items]');
    for (const t of ['MYSQL', 'MARIADB', 'TIDB', 'CLICKHOUSE', 'OCEANBASE', 'HIVE']) expect(q(t), t).toBe('`order items`');
  });

  it('quotes only when needed', () => {
    const pg = dialectFor('POSTGRESQL');
    expect(pg.quoteIdentifier('order_items')).toBe('order_items');
    expect(pg.quoteIdentifier('OrderItems')).toBe('"OrderItems"'); // PostgreSQL folds to lower case
    expect(pg.quoteIdentifier('1st')).toBe('"1st"');
    expect(pg.quoteIdentifier('user')).toBe('"user"'); // reserved
    expect(pg.quoteIdentifier('name')).toBe('name');
    expect(pg.quoteIdentifier('a"b')).toBe('"a""b"');
    expect(pg.quoteIdentifier('plain', true)).toBe('"plain"');
    expect(pg.quoteIdentifier('用户表')).toBe('用户表');
    const my = dialectFor('MYSQL');
    expect(my.quoteIdentifier('OrderItems')).toBe('OrderItems');
    expect(my.quoteIdentifier('order')).toBe('`order`');
    expect(my.quoteIdentifier('a`b')).toBe('`a``b`');
    const ora = dialectFor('ORACLE');
    expect(ora.quoteIdentifier('CUSTOMERS')).toBe('CUSTOMERS');
    expect(ora.quoteIdentifier('customers')).toBe('"customers"'); // Oracle folds to upper case
    expect(ora.quoteIdentifier('_X')).toBe('"_X"');
    expect(dialectFor('SQLSERVER').quoteIdentifier('a]b')).toBe('[a]]b]');
    expect(dialectFor('SQLSERVER').quoteIdentifier('select')).toBe('[select]');
    expect(dialectFor('SQLITE').quoteIdentifier('My Table')).toBe('"My Table"');
  });

  it('quotes strings with the engine escaping', () => {
    expect(dialectFor('POSTGRESQL').quoteString("it's \\ ok")).toBe("'it''s \\ ok'");
    expect(dialectFor('MYSQL').quoteString("it's \\ ok\0")).toBe("'it''s \\\\ ok\\0'");
    expect(dialectFor('SQLSERVER').quoteString('abc')).toBe("'abc'");
    expect(dialectFor('SQLSERVER').quoteString('数据')).toBe("N'数据'");
  });

  it('maps native types to spec column types', () => {
    const pg = dialectFor('POSTGRESQL');
    const cases: [string, string][] = [
      ['varchar(20)', 'STRING'], ['character varying(255)', 'STRING'], ['int8', 'NUMERIC'], ['numeric(38,10)', 'NUMERIC'],
      ['timestamp(6) with time zone', 'DATETIME'], ['timestamptz', 'DATETIME'], ['double precision', 'NUMERIC'], ['boolean', 'BOOLEAN'],
      ['bytea', 'BINARY'], ['jsonb', 'DOCUMENT'], ['integer[]', 'ARRAY'], ['_int4', 'ARRAY'], ['uuid', 'STRING'], ['interval', 'STRING'],
      ['bit(3)', 'STRING'], ['my_enum_type', 'UNKNOWN'],
    ];
    for (const [n, t] of cases) expect(pg.columnType(n), n).toBe(t);
    const my = dialectFor('MYSQL');
    expect(my.columnType('int(11) unsigned')).toBe('NUMERIC');
    expect(my.columnType('bit(1)')).toBe('BINARY');
    expect(my.columnType('longblob')).toBe('BINARY');
    expect(my.columnType('datetime(3)')).toBe('DATETIME');
    expect(my.columnType('enum(\'a\',\'b\')')).toBe('STRING');
    expect(dialectFor('SQLSERVER').columnType('bit')).toBe('BOOLEAN');
    expect(dialectFor('SQLSERVER').columnType('nvarchar(max)')).toBe('STRING');
    expect(dialectFor('SQLSERVER').columnType('datetimeoffset(7)')).toBe('DATETIME');
    expect(dialectFor('ORACLE').columnType('NUMBER(10,2)')).toBe('NUMERIC');
    expect(dialectFor('ORACLE').columnType('CLOB')).toBe('CONTENT');
    expect(dialectFor('ORACLE').columnType('LONG RAW')).toBe('BINARY');
    expect(dialectFor('ORACLE').columnType('ROWID')).toBe('ROWID');
    expect(dialectFor('CLICKHOUSE').columnType('Nullable(LowCardinality(String))')).toBe('STRING');
    expect(dialectFor('CLICKHOUSE').columnType('Array(UInt8)')).toBe('ARRAY');
    expect(dialectFor('CLICKHOUSE').columnType("DateTime64(3, 'UTC')")).toBe('DATETIME');
    expect(dialectFor('SQLITE').columnType('VARYING CHARACTER(20)')).toBe('STRING');
    expect(dialectFor('SQLITE').columnType('UNSIGNED BIG INT')).toBe('NUMERIC');
    expect(dialectFor('SQLITE').columnType('')).toBe('UNKNOWN');
  });
});
