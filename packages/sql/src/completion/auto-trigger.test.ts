import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { shouldAutoSuggest } from './auto-trigger.js';

describe('the suggestion list opens by itself', () => {
  const pg = dialectFor('POSTGRESQL');
  const opens = (before: string, after = '') => shouldAutoSuggest(before, after, pg);
  it('after FROM, JOIN, ON, WHERE and the other clause words that take a name or a condition', () => {
    for (const s of ['SELECT * FROM ', 'SELECT * FROM orders o JOIN ', 'SELECT * FROM orders o LEFT JOIN customers c ON ', 'SELECT * FROM orders WHERE ',
      'SELECT * FROM orders WHERE id = 1 AND ', 'SELECT ', 'UPDATE ', 'INSERT INTO ', 'SELECT * FROM orders ORDER BY ', 'UPDATE orders SET ', 'DELETE FROM ']) {
      expect(opens(s), s).toBe(true);
    }
  });
  it('after a comma in a select, FROM or ORDER BY list, also once a space follows it', () => {
    for (const s of ['SELECT id,', 'SELECT id, ', 'SELECT o.id, o.total,', 'SELECT * FROM orders,', 'SELECT * FROM orders ORDER BY id, ', 'INSERT INTO orders (id,']) {
      expect(opens(s, ' FROM orders'.repeat(s.includes('FROM') || s.includes('INSERT') ? 0 : 1)), s).toBe(true);
    }
  });
  it('after a dot that follows an alias or a table', () => {
    expect(opens('SELECT o.', ' FROM orders o')).toBe(true);
    expect(opens('SELECT * FROM orders o WHERE o.')).toBe(true);
    expect(opens('SELECT * FROM public.')).toBe(true);
  });
  it('not inside strings or comments, not after a value, not in VALUES, not after a second space', () => {
    for (const s of ["SELECT 'FROM ", '-- FROM ', '/* WHERE ', 'SELECT 1.', "INSERT INTO t VALUES (1,", 'SELECT * FROM orders ', 'SELECT * FROM orders WHERE id = 1 ', 'SELECT * FROM  ', 'CREATE TABLE x (a int,']) {
      expect(opens(s), s).toBe(false);
    }
  });
  it('only for the characters that end a word', () => {
    expect(opens('SELECT * FROM o')).toBe(false);
    expect(opens('SELECT * FROM orders WHERE (')).toBe(false);
  });
});
