import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { formatCopy, tableOfSelect } from './copy-formats';
import { viewOf } from './grid-view';

const headers = [
  { name: 'id', dataType: 'NUMERIC', columnType: 'int4' },
  { name: 'name', dataType: 'STRING', columnType: 'text' },
];
const rows = [
  ['1', "O'Hara"],
  ['2', null],
  ['10', 'NULL'],
];

describe('copy formats', () => {
  it('keeps SQL NULL apart from the text NULL in every format', () => {
    expect(formatCopy('text', headers, rows)).toBe("1\tO'Hara\n2\t\n10\tNULL");
    expect(formatCopy('tsv', headers, rows).split('\n')[0]).toBe('id\tname');
    expect(JSON.parse(formatCopy('json', headers, rows))).toEqual([{ id: '1', name: "O'Hara" }, { id: '2', name: null }, { id: '10', name: 'NULL' }]);
    const sql = formatCopy('insert', headers, rows, { dialect: dialectFor('POSTGRESQL'), tableName: 'shop.customers' });
    expect(sql.split('\n')).toEqual([
      "INSERT INTO shop.customers (id, name) VALUES (1, 'O''Hara');",
      'INSERT INTO shop.customers (id, name) VALUES (2, NULL);',
      "INSERT INTO shop.customers (id, name) VALUES (10, 'NULL');",
    ]);
  });

  it('quotes TSV cells holding tabs or newlines', () => {
    expect(formatCopy('text', headers, [['1', 'a\tb']])).toBe('1\t"a\tb"');
  });

  it('finds the table of a single-table select', () => {
    expect(tableOfSelect('SELECT * FROM public.orders WHERE id > 1')).toBe('public.orders');
    expect(tableOfSelect('select a from t1 join t2 on 1=1')).toBeUndefined();
  });
});

describe('sort and filter of loaded rows', () => {
  it('sorts numbers as numbers and filters case-insensitively', () => {
    expect(Array.from(viewOf(rows, headers, '', { column: 0, dir: 'desc' })!)).toEqual([2, 1, 0]);
    expect(Array.from(viewOf(rows, headers, 'o\'h', null)!)).toEqual([0]);
    expect(Array.from(viewOf(rows, headers, '', { column: 1, dir: 'asc' })!)).toEqual([1, 2, 0]);
  });
});
