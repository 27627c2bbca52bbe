/** Spec 01 §4 edition type: forever when a subscription lasts over 90 years, or started before 2024-05-08. */
import { describe, expect, it } from 'vitest';
import { isForever } from './entitlement.js';

const YEAR = 365 * 86_400_000;
const sub = (start: string, years: number) => ({ start_time: start, end_time: new Date(Date.parse(start) + years * YEAR).toISOString() });

describe('forever label', () => {
  it('a subscription lasting over 90 years is forever, also years after it started', () => {
    expect(isForever([sub('2026-01-01T00:00:00.000Z', 100)])).toBe(true);
    expect(isForever([sub('2026-01-01T00:00:00.000Z', 91)])).toBe(true);
    expect(isForever([sub('2026-01-01T00:00:00.000Z', 1)])).toBe(false);
    expect(isForever([sub('2026-01-01T00:00:00.000Z', 90)])).toBe(false);
  });
  it('a subscription started before 2024-05-08 shows the forever-member badge', () => {
    expect(isForever([sub('2024-05-07T23:59:59.000Z', 1)])).toBe(true);
    expect(isForever([sub('2024-05-08T00:00:00.000Z', 1)])).toBe(false);
    expect(isForever([sub('2026-01-01T00:00:00.000Z', 1), sub('2023-01-01T00:00:00.000Z', 5)])).toBe(true);
    expect(isForever([])).toBe(false);
  });
});
