import { describe, expect, it } from 'vitest';
import { createTableSql, InvalidIndexMethodError } from './table-editor.js';
import type { TableModel } from './model.js';

const table = (method: string | null): TableModel => ({
  name: 't', comment: null, primaryKey: null, uniques: [], checks: [], foreignKeys: [],
  columns: [{ name: 'id', type: 'integer', nullable: false, default: null, identity: null, collation: null, comment: null }],
  indexes: [{ name: 't_id', unique: false, method, where: null, columns: [{ name: 'id', expression: null, order: 'ASC' }] }],
});

describe('table editor DDL: index methods are never raw text', () => {
  it('refuses anything but a bare word, on every engine', () => {
    for (const type of ['POSTGRESQL', 'MYSQL', 'SQLSERVER'] as const) {
      expect(() => createTableSql(type, table('btree (id); drop table important; --'))).toThrow(InvalidIndexMethodError);
    }
  });
  it('refuses a bare word outside the list given, case-insensitively accepts one in it', () => {
    expect(() => createTableSql('POSTGRESQL', table('bloom'), { indexMethods: ['btree', 'gin'] })).toThrow(InvalidIndexMethodError);
    expect(createTableSql('POSTGRESQL', table('GIN'), { indexMethods: ['btree', 'gin'] }).join('\n')).toContain('USING GIN');
  });
});
