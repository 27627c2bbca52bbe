import { describe, expect, it } from 'vitest';
import { blockEffect, statementEffect } from './sql-kind.js';

describe('AI SQL effect marking', () => {
  it('tells reads from data and structure changes', () => {
    expect(statementEffect('-- top customers\nSELECT * FROM customers')).toBe('read');
    expect(statementEffect('WITH x AS (SELECT 1) DELETE FROM t WHERE id IN (SELECT * FROM x)')).toBe('data');
    expect(statementEffect('/* c */ update orders set status = 1')).toBe('data');
    expect(statementEffect('ALTER TABLE orders ADD COLUMN note text')).toBe('structure');
  });
  it('takes the strongest effect of a script', () => {
    expect(blockEffect('SELECT 1; SELECT 2;', 'SQLITE')).toBe('read');
    expect(blockEffect("SELECT 1;\nINSERT INTO t VALUES (';');", 'SQLITE')).toBe('data');
    expect(blockEffect('insert into t values (1);\ndrop table t;', 'POSTGRESQL')).toBe('structure');
  });
});
