import { describe, expect, it } from 'vitest';
import { answerMessage, slashMagic } from './api';

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

describe('answer stream messages', () => {
  it('FREE_TRIAL_USAGE_LIMIT goes out as the global usage-limit event (the pricing modal), not as an error toast', () => {
    const target = new EventTarget();
    const got: unknown[] = [];
    target.addEventListener('askdb:ai-usage-limit', (e) => got.push((e as CustomEvent).detail));
    const errors: string[] = [];
    const parts: unknown[] = [];
    const ev = { onPart: (_id: number, p: unknown) => parts.push(p), onError: (m: string) => errors.push(m) };
    answerMessage({ answerId: 7, part: { step: 0, partType: 'UNDERSTANDING', status: 'FAIL', error: 'limit', errorCode: 'FREE_TRIAL_USAGE_LIMIT' } }, ev, target);
    answerMessage({ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit reached: upgrade to continue' }, ev, target);
    expect(got).toEqual([{ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit reached: upgrade to continue' }]);
    expect(parts).toHaveLength(1);
    expect(errors).toEqual([]);
    answerMessage({ errorCode: 'INTERNAL_ERROR', errorMessage: 'boom' }, ev, target);
    expect(errors).toEqual(['boom']);
    expect(got).toHaveLength(1);
  });
});
