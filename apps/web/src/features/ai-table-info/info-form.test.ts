import { describe, expect, it } from 'vitest';
import { changeCount, formOf, saveBody } from './info-form';
import type { AiTableInfoAnswer } from './api';

const answer: AiTableInfoAnswer = {
  dataSourceId: 1, databaseName: null, schemaName: 'public', tableName: 'orders', collectionId: null, canEdit: true, version: 3,
  aiTableName: 'sales', aiTableComment: null,
  columns: [{ name: 'id', columnType: 'int', comment: null }, { name: 'total', columnType: 'int', comment: 'sum', aliasName: 'amount' }],
};

describe('the AI table info form', () => {
  it('counts changed columns, ignores whitespace-only edits, and saves only what was set', () => {
    const base = formOf(answer);
    const edited = { ...base, columns: { ...base.columns, id: { excluded: true, aliasComment: '  ' }, total: { aliasName: ' amount ' } } };
    expect(changeCount(base, edited)).toBe(1);
    expect(saveBody(answer, edited)).toEqual({
      dataSourceId: 1, databaseName: null, schemaName: 'public', tableName: 'orders', collectionId: null, version: 3, aiTableName: 'sales', aiTableComment: '',
      columns: [{ name: 'id', excluded: true }, { name: 'total', aliasName: 'amount' }],
    });
    expect(changeCount(base, { ...base, aiTableName: 'sales ' })).toBe(0);
  });
});
