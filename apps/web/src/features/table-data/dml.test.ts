import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { generateDml, type GridColumn } from './dml';

const cols = (pk: boolean): GridColumn[] => [
  { name: 'id', dataType: 'NUMERIC', columnType: 'integer', primaryKey: pk },
  { name: 'Name', dataType: 'STRING', columnType: 'varchar(20)', primaryKey: false },
  { name: 'note', dataType: 'STRING', columnType: 'text', primaryKey: false },
];

describe('generateDml', () => {
  it('updates only changed columns, keyed by primary key, quoting per dialect', () => {
    const pg = { dialect: dialectFor('POSTGRESQL'), databaseType: 'POSTGRESQL' as const, table: 'public.t', columns: cols(true) };
    const [s] = generateDml(pg, [{ kind: 'update', original: ['7', "O'Brien", null], values: ['7', "O'Neil", ''] }]);
    expect(s!.sql).toBe(`UPDATE public.t SET "Name" = 'O''Neil', note = '' WHERE id = 7`);
    const my = { ...pg, dialect: dialectFor('MYSQL'), databaseType: 'MYSQL' as const, table: '`t`' };
    expect(generateDml(my, [{ kind: 'update', original: ['7', 'a\\b', null], values: ['7', 'a\\b', 'x'] }])[0]!.sql).toBe("UPDATE `t` SET note = 'x' WHERE id = 7");
  });

  it('keeps NULL and empty string apart', () => {
    const t = { dialect: dialectFor('SQLITE'), databaseType: 'SQLITE' as const, table: 't', columns: cols(true) };
    const [a, b] = generateDml(t, [
      { kind: 'update', original: ['1', 'x', ''], values: ['1', 'x', null] },
      { kind: 'update', original: ['2', 'x', null], values: ['2', 'x', ''] },
    ]);
    expect(a!.sql).toBe('UPDATE t SET note = NULL WHERE id = 1');
    expect(b!.sql).toBe("UPDATE t SET note = '' WHERE id = 2");
  });

  it('matches on all comparable columns with a one-row limit without a key', () => {
    const base = { table: 't', columns: cols(false) };
    const row = ['1', 'a', 'long text'];
    expect(generateDml({ ...base, dialect: dialectFor('MARIADB'), databaseType: 'MARIADB' }, [{ kind: 'delete', original: row }])[0]!.sql).toBe("DELETE FROM t WHERE id = 1 AND Name = 'a' AND note = 'long text' LIMIT 1");
    // SQL Server cannot compare text columns: they are left out of the match.
    expect(generateDml({ ...base, table: '[t]', dialect: dialectFor('SQLSERVER'), databaseType: 'SQLSERVER' }, [{ kind: 'delete', original: row }])[0]!.sql).toBe("DELETE TOP (1) FROM [t] WHERE id = 1 AND Name = 'a'");
    expect(generateDml({ ...base, dialect: dialectFor('SQLITE'), databaseType: 'SQLITE' }, [{ kind: 'delete', original: ['1', null, 'x'] }])[0]!.sql).toBe(
      'DELETE FROM t WHERE rowid IN (SELECT rowid FROM t WHERE id = 1 AND Name IS NULL AND note = \'x\' LIMIT 1)',
    );
    expect(generateDml({ ...base, dialect: dialectFor('POSTGRESQL'), databaseType: 'POSTGRESQL' }, [{ kind: 'update', original: row, values: ['1', 'b', 'long text'] }])[0]!.sql).toBe(
      `UPDATE t SET "Name" = 'b' WHERE ctid IN (SELECT ctid FROM t WHERE id = 1 AND "Name" = 'a' AND note = 'long text' LIMIT 1)`,
    );
  });

  it('inserts only the given columns, DEFAULT VALUES when none', () => {
    const t = { dialect: dialectFor('POSTGRESQL'), databaseType: 'POSTGRESQL' as const, table: 't', columns: cols(true) };
    const out = generateDml(t, [{ kind: 'insert', values: [undefined, 'n', null] }, { kind: 'insert', values: [undefined, undefined, undefined] }]);
    expect(out.map((s) => s.sql)).toEqual([`INSERT INTO t ("Name", note) VALUES ('n', NULL)`, 'INSERT INTO t DEFAULT VALUES']);
  });

  it('writes non-numeric text in a numeric column as a string literal', () => {
    const t = { dialect: dialectFor('POSTGRESQL'), databaseType: 'POSTGRESQL' as const, table: 't', columns: cols(true) };
    expect(generateDml(t, [{ kind: 'update', original: ['1', 'a', null], values: ['1; DROP TABLE t', 'a', null] }])[0]!.sql).toBe(`UPDATE t SET id = '1; DROP TABLE t' WHERE id = 1`);
  });
});
