import { describe, expect, it } from 'vitest';
import { columnKind } from './column-kind';

describe('columnKind', () => {
  it('follows the spec column type of a result header', () => {
    expect(columnKind('NUMERIC', 'int4')).toBe('number');
    expect(columnKind('DATETIME', 'timestamptz')).toBe('datetime');
    expect(columnKind('BOOLEAN', 'bool')).toBe('boolean');
    expect(columnKind('BINARY', 'bytea')).toBe('binary');
    expect(columnKind('STRING', 'jsonb')).toBe('json');
    expect(columnKind('STRING', 'varchar')).toBe('text');
  });
  it('reads native type names when there is no spec type (tree columns)', () => {
    for (const [t, k] of [['integer', 'number'], ['bigint', 'number'], ['numeric(10,2)', 'number'], ['double precision', 'number'], ['character varying(100)', 'text'], ['text', 'text'], ['timestamp without time zone', 'datetime'], ['date', 'datetime'], ['datetime(6)', 'datetime'], ['boolean', 'boolean'], ['tinyint(1)', 'boolean'], ['bytea', 'binary'], ['longblob', 'binary'], ['json', 'json'], ['jsonb', 'json'], ['integer[]', 'json'], ['geometry', 'other']] as const) {
      expect([t, columnKind(null, t)]).toEqual([t, k]);
    }
  });
});
