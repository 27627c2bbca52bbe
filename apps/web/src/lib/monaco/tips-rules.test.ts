import { describe, expect, it } from 'vitest';
import { decideTips } from './tips-rules.js';

describe('when the editor asks the server for tips', () => {
  const base = { now: 10_000, registeredAt: 0, hasContext: true, cacheFilled: true };
  it('asks after a delimiter and reuses the list while a word is typed', () => {
    expect(decideTips({ ...base, cacheFilled: false, charBefore: ' ' })).toEqual({ fetch: true, reason: 'delimiter' });
    expect(decideTips({ ...base, sameAnchor: false, charBefore: ' ' })).toEqual({ fetch: true, reason: 'delimiter' });
    expect(decideTips({ ...base, sameAnchor: true, charBefore: 't' })).toEqual({ fetch: false, reason: 'cached' });
  });
  it('does not ask twice for the delimiter whose list was prefetched when it was typed', () => {
    expect(decideTips({ ...base, sameAnchor: true, charBefore: ' ' })).toEqual({ fetch: false, reason: 'cached' });
  });
  it('a list fetched at another place is not offered for the word typed here (a cleared console, a moved cursor)', () => {
    expect(decideTips({ ...base, sameAnchor: false, charBefore: 'u' })).toEqual({ fetch: true, reason: 'moved' });
    expect(decideTips({ ...base, sameAnchor: false, charBefore: undefined })).toEqual({ fetch: true, reason: 'delimiter' });
  });
  it('asks again at every keystroke while the list is incomplete (capped, or the schema still loading)', () => {
    expect(decideTips({ ...base, charBefore: 't', cacheIncomplete: true })).toEqual({ fetch: true, reason: 'incomplete' });
    expect(decideTips({ ...base, now: 100, charBefore: 't', cacheIncomplete: true })).toEqual({ fetch: false, reason: 'registration' });
  });
});
