import { describe, expect, it } from 'vitest';
import { sqlFileName, sqlToRun, statementAt, statementStartingAt, toggleCase } from './sql-actions';

describe('console commands', () => {
  it('runs the selection, else everything, else nothing', () => {
    expect(sqlToRun('select 1;\nselect 2;', 'select 2')).toBe('select 2');
    expect(sqlToRun('select 1;', '   ')).toBe('select 1;');
    expect(sqlToRun('  \n ', '')).toBeNull();
  });

  it('finds the statement under the cursor, or the nearest on the line', () => {
    const text = 'select 1;\nselect 2; select 3;\n\nselect\n  4';
    expect(statementAt(text, 'POSTGRESQL', 1, 3)?.sql).toBe('select 1');
    expect(statementAt(text, 'POSTGRESQL', 2, 3)?.sql).toBe('select 2');
    expect(statementAt(text, 'POSTGRESQL', 2, 15)?.sql).toBe('select 3');
    // After the last semicolon of line 2: the nearest by column distance.
    expect(statementAt(text, 'POSTGRESQL', 2, 21)?.sql).toBe('select 3');
    expect(statementAt(text, 'POSTGRESQL', 5, 2)?.sql).toBe('select\n  4');
    expect(statementAt(text, 'POSTGRESQL', 3, 1)).toBeNull();
  });

  it('gives the statement a glyph line starts', () => {
    const text = 'select 1;\n\n-- c\nselect $$a;b$$;';
    expect(statementStartingAt(text, 'POSTGRESQL', 4)?.sql).toBe('select $$a;b$$');
    expect(statementStartingAt(text, 'POSTGRESQL', 2)).toBeNull();
  });

  it('names the saved file after the tab, else the binding', () => {
    expect(sqlFileName('My report', {})).toBe('My report.sql');
    expect(sqlFileName('', { dataSourceName: 'Demo shop', databaseName: 'main', schemaName: null })).toBe('Demo shop_main.sql');
    expect(sqlFileName(null, { dataSourceName: 'pg', databaseName: 'db', schemaName: 'public' })).toBe('pg_db_public.sql');
    expect(sqlFileName('a/b:c', {})).toBe('a_b_c.sql');
    expect(sqlFileName('x.sql', {})).toBe('x.sql');
  });

  it('toggles case', () => {
    expect(toggleCase('select a')).toBe('SELECT A');
    expect(toggleCase('SELECT A')).toBe('select a');
  });
});
