import { describe, expect, it } from 'vitest';
import { sqlOfAnswer } from './inline-ai-answer';

describe('the SQL of an inline AI answer', () => {
  it('takes the SQL block of a markdown answer, once', () => {
    expect(sqlOfAnswer('Here you are:\n\n```sql\nSELECT id, name\nFROM customers\n```\n')).toBe('SELECT id, name\nFROM customers');
  });
  it('takes a bare SQL answer, and refuses prose', () => {
    expect(sqlOfAnswer('  select 1  ')).toBe('select 1');
    expect(sqlOfAnswer('I cannot answer that.')).toBeNull();
  });
});
