import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { warningsFor } from './checks.js';

const t = ((key: string, o?: Record<string, string>) => (o ? `${key}:${Object.values(o).join(',')}` : key)) as unknown as TFunction;

describe('SQL check warnings', () => {
  it('puts the server check of each statement on the block that holds it', () => {
    const events = [
      {
        checks: [
          { index: 0, sql: 'SELECT name FROM customer', changesData: false, changesStructure: false, unknownTables: ['customer'], unknownColumns: [] },
          { index: 1, sql: 'DELETE FROM orders WHERE id = 1', changesData: true, changesStructure: false, unknownTables: [], unknownColumns: [], explainError: 'locked' },
        ],
        round: 1,
      },
    ];
    const w = warningsFor(events, t);
    expect(w(0, 'SELECT name\nFROM customer;')).toEqual([{ kind: 'unknownTable', message: 'chat.sql.unknownTable:customer' }]);
    expect(w(1, 'DELETE FROM orders WHERE id = 1;').map((x) => x.kind)).toEqual(['writes', 'explain']);
    expect(w(2, 'SELECT 1')).toEqual([]);
  });
  it('a structure change is marked as such', () => {
    const w = warningsFor([{ checks: [{ sql: 'DROP TABLE t', changesData: false, changesStructure: true }] }], t);
    expect(w(0, 'DROP TABLE t')).toEqual([{ kind: 'structure', message: 'chat.sql.changesStructure' }]);
  });
});
