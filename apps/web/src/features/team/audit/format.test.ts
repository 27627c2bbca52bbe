import { describe, expect, it } from 'vitest';
import { formatDuration, formatStart } from './format';
import { auditStrings } from './i18n';

describe('audit page formatting and strings', () => {
  it('durations read naturally', () => {
    expect(formatDuration(12)).toBe('12 ms');
    expect(formatDuration(3_400)).toBe('3.40 s');
    expect(formatDuration(42_000)).toBe('42.0 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
  it('a start time is shown in the local time zone; an unreadable one as it came', () => {
    expect(formatStart('not a time')).toBe('not a time');
    expect(formatStart('2026-11-24T21:47:18.543Z', 'en-GB')).toMatch(/2026/);
  });
  it('every string exists in the three languages', () => {
    const keys = Object.keys(auditStrings['en-US']).sort();
    expect(Object.keys(auditStrings['zh-CN']).sort()).toEqual(keys);
    expect(Object.keys(auditStrings['ja-JP']).sort()).toEqual(keys);
  });
});
