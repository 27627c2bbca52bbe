import { describe, expect, it } from 'vitest';
import { estimateTokens, identifierTerms, questionTerms, splitWords, stem } from './text-tokens.js';

describe('text tokens', () => {
  it('splits snake_case, camelCase, acronyms and digits', () => {
    expect(splitWords('customerOrderID')).toEqual(['customer', 'order', 'id']);
    expect(splitWords('HTTPServerLog_2024')).toEqual(['http', 'server', 'log', '2024']);
    expect(splitWords('order_items')).toEqual(['order', 'items']);
    expect(splitWords('Home Town')).toEqual(['home', 'town']);
  });

  it('stems plurals and verb endings lightly', () => {
    expect(stem('countries')).toBe('country');
    expect(stem('singers')).toBe('singer');
    expect(stem('addresses')).toBe('address');
    expect(stem('status')).toBe('status');
    expect(stem('managed')).toBe('manag');
    expect(stem('running')).toBe('run');
    expect(identifierTerms('Student_Enrolment_Courses')).toEqual(['student', 'enrolment', 'course']);
  });

  it('drops stopwords and numbers from questions and offers joined pairs', () => {
    const t = questionTerms('What is the home town of the 3 oldest singers?');
    expect(t).toContain('home');
    expect(t).toContain('town');
    expect(t).toContain('hometown');
    expect(t).toContain('singer');
    expect(t).not.toContain('what');
    expect(t).not.toContain('3');
  });

  it('drops how to sort the answer, keeps orders the question asks about', () => {
    expect(questionTerms('List singers in descending order of age')).not.toContain('order');
    expect(questionTerms('names ordered by age, in alphabetical order')).not.toContain('order');
    expect(questionTerms('How many orders did each customer place?')).toContain('order');
  });

  it('keeps the names of an evidence note, not its connective or its SQL', () => {
    const t = questionTerms("gold card refers to type = 'gold'; rate = DIVIDE(SUM(amount), COUNT(id))");
    expect(t).toEqual(expect.arrayContaining(['gold', 'card', 'type', 'rate', 'amount']));
    expect(t).not.toContain('refer');
    expect(t).not.toContain('divide');
    expect(t).not.toContain('sum');
  });

  it('turns Chinese and Japanese text into bigrams', () => {
    expect(splitWords('订单明细')).toEqual(['订单', '单明', '明细']);
  });

  it('estimates tokens: ~4 Latin characters or 1 CJK character each', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('订单')).toBe(2);
  });
});
