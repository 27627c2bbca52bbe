import { describe, expect, it } from 'vitest';
import { preferredName } from './meta.js';

describe('default database / schema', () => {
  it('prefers the configured one, then the usual default, then a non-system one', () => {
    expect(preferredName(['askdb_tmp', 'postgres', 'shop'], 'shop')).toBe('shop');
    expect(preferredName(['information_schema', 'pg_catalog', 'public', 'sales'])).toBe('public');
    expect(preferredName(['information_schema', 'pg_catalog', 'sales'])).toBe('sales');
    expect(preferredName(['main'], 'gone')).toBe('main');
    expect(preferredName([])).toBeUndefined();
  });
});
