import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { trailingQualifier } from './qualifier.js';

const OLD = /([A-Za-z_][\w$]*)\.\w*$/;

describe('trailingQualifier', () => {
  it('finds the name before the dot the cursor follows', () => {
    expect(trailingQualifier('SELECT o.')).toBe('o');
    expect(trailingQualifier('SELECT * FROM sales.ord')).toBe('sales');
    expect(trailingQualifier('SELECT a.b.c')).toBe('b');
    expect(trailingQualifier('SELECT 1st$x.')).toBe('st$x');
    expect(trailingQualifier('SELECT o')).toBeUndefined();
    expect(trailingQualifier('SELECT 12.5')).toBeUndefined();
    expect(trailingQualifier('.')).toBeUndefined();
  });

  it('answers like the regular expression it replaces on random text', () => {
    const text = fc.array(fc.constantFrom('a', 'Z', '_', '1', '$', '.', ' ', "'", 'é'), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(fc.property(text, (t) => {
      expect(trailingQualifier(t)).toBe(OLD.exec(t)?.[1]);
    }), { numRuns: 2000 });
  });

  it('reads a 2,000,000-character token at once (the expression took minutes)', () => {
    const t0 = performance.now();
    expect(trailingQualifier(`SELECT '${'a'.repeat(2_000_000)}`)).toBeUndefined();
    expect(trailingQualifier(`SELECT ${'a'.repeat(2_000_000)}.x`)).toHaveLength(2_000_000);
    // Generous budget (the quadratic expression needs minutes here); the bench measures the real figure.
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
