import { describe, expect, it } from 'vitest';
import { AnswerBudget, limitText } from './answer-budget.js';

describe('AnswerBudget', () => {
  it('takes a prefix of rows up to the limit and then nothing more, whatever the next rows', () => {
    const b = new AnswerBudget(100);
    const row = ['abcdefghij', 'abcdefghij']; // 3 + 2 × 13 = 29
    expect(b.fit([row, row, row, row, row])).toBe(3);
    expect(b.exhausted).toBe(true);
    expect(b.fit([['x']])).toBe(0);
  });

  it('counts text JSON escapes or UTF-8 widens at its worst, and nulls', () => {
    const b = new AnswerBudget(40);
    expect(b.fit([['"quoted"']])).toBe(0); // 8 × 6 + 3 + 3 > 40
    const c = new AnswerBudget(40);
    expect(c.fit([[null, null, null, null, null, null, null]])).toBe(1); // 3 + 7 × 5 = 38
  });

  it('honours the most rows asked for', () => {
    const b = new AnswerBudget(1000);
    expect(b.fit([['a'], ['b'], ['c']], 2)).toBe(2);
    expect(b.exhausted).toBe(false);
  });

  it('names the limit for the notice', () => {
    expect([limitText(64 * 1024 * 1024), limitText(2048)]).toEqual(['64 MB', '2 KB']);
  });
});
