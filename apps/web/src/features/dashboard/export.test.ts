import { describe, expect, it } from 'vitest';
import { fileBase, toCsv } from './export';

describe('chart CSV export', () => {
  it('quotes commas, quotes and line breaks; NULL is an empty field; BOM first', () => {
    const csv = toCsv({ headerList: [{ name: 'name', dataType: 'STRING', columnType: 'text' }, { name: 'n', dataType: 'NUMERIC', columnType: 'int' }], dataList: [['a,b', '1'], ['say "hi"', null], ['x\ny', '3']] });
    expect(csv).toBe('\ufeffname,n\r\n"a,b",1\r\n"say ""hi""",\r\n"x\ny",3\r\n');
  });
  it('makes a safe file name', () => {
    expect(fileBase('Sales / region: 2024')).toBe('Sales_region_2024');
    expect(fileBase('  ')).toBe('chart');
  });
});
