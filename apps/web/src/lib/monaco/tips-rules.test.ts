import { describe, expect, it } from 'vitest';
import { decideTips } from './tips-rules.js';

describe('when the editor asks the server for tips', () => {
  const base = { now: 10_000, registeredAt: 0, hasContext: true, cacheFilled: true };
  it('asks after a delimiter and reuses the list while a word is typed', () => {
    expect(decideTips({ ...base, charBefore: ' ' })).toEqual({ fetch: true, reason: 'delimiter' });
    expect(decideTips({ ...base, charBefore: 't' })).toEqual({ fetch: false, reason: 'cached' });
  });
  it('asks again at every keystroke while the list is incomplete (capped, or the schema still loading)', () => {
    expect(decideTips({ ...base, charBefore: 't', cacheIncomplete: true })).toEqual({ fetch: true, reason: 'incomplete' });
    expect(decideTips({ ...base, now: 100, charBefore: 't', cacheIncomplete: true })).toEqual({ fetch: false, reason: 'registration' });
  });
});
