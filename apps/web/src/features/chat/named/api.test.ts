import { describe, expect, it } from 'vitest';
import { slashMagic } from './api';

describe('slash magic in the chat input', () => {
  it('takes /query_table and /query_chart off the question', () => {
    expect(slashMagic('/query_table top customers')).toEqual({ magic: 'query_table', question: 'top customers' });
    expect(slashMagic('  /query_chart sales per month')).toEqual({ magic: 'query_chart', question: 'sales per month' });
  });
  it('leaves other text, and a command not at the start, as the question', () => {
    expect(slashMagic('how many /query_table')).toEqual({ question: 'how many /query_table' });
    expect(slashMagic('/query_tables x')).toEqual({ question: '/query_tables x' });
  });
});
