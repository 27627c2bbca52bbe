import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { countSql, pageSql } from './query';

describe('page queries', () => {
  it('filters, sorts and pages per dialect', () => {
    const q = { where: "status = 'new';", orderBy: [{ column: 'Total', desc: true }], limit: 101, offset: 200 };
    expect(pageSql(dialectFor('POSTGRESQL'), 'public.orders', q)).toBe(`SELECT * FROM public.orders WHERE status = 'new' ORDER BY "Total" DESC LIMIT 101 OFFSET 200`);
    expect(pageSql(dialectFor('SQLSERVER'), '[o]', { limit: 10, offset: 0 })).toBe('SELECT * FROM [o] ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 10 ROWS ONLY');
    expect(pageSql(dialectFor('SQLITE'), 'o', { limit: 10, offset: 0, where: '  ' })).toBe('SELECT * FROM o LIMIT 10');
    expect(countSql('o', 'a > 1')).toBe('SELECT COUNT(*) FROM o WHERE a > 1');
  });
});
