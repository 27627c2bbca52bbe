import { describe, expect, it } from 'vitest';
import { withTypmod } from './types.js';

describe('withTypmod', () => {
  it('names parameterised types as format_type does', () => {
    expect(withTypmod('numeric', ((38 << 16) | 10) + 4)).toBe('numeric(38,10)');
    expect(withTypmod('character varying', 24)).toBe('character varying(20)');
    expect(withTypmod('character varying[]', 24)).toBe('character varying(20)[]');
    expect(withTypmod('timestamp with time zone', 3)).toBe('timestamp(3) with time zone');
    expect(withTypmod('bit varying', 8)).toBe('bit varying(8)');
    expect(withTypmod('integer', -1)).toBe('integer');
  });
});
