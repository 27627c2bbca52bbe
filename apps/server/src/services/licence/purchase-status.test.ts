/** Purchase details statuses of an activation code (spec 02 §2): in use, used, unused, expired. */
import { describe, expect, it } from 'vitest';
import { purchaseStatus } from './authority.js';

const now = Date.parse('2026-06-01T00:00:00Z');

describe('purchase status of an activation code', () => {
  it('unused without a device, in use with a bound one, used once every device was unbound', () => {
    expect(purchaseStatus(null, [], now)).toBe('UNUSED');
    expect(purchaseStatus(null, [{ unbound_at: null }], now)).toBe('IN_USE');
    expect(purchaseStatus(null, [{ unbound_at: '2026-05-01T00:00:00Z' }, { unbound_at: null }], now)).toBe('IN_USE');
    expect(purchaseStatus(null, [{ unbound_at: '2026-05-01T00:00:00Z' }], now)).toBe('USED');
  });
  it('expired past its validity, whatever is bound', () => {
    expect(purchaseStatus('2026-05-31T23:59:59Z', [{ unbound_at: null }], now)).toBe('EXPIRED');
    expect(purchaseStatus('2026-06-01T00:00:00Z', [], now)).toBe('EXPIRED');
    expect(purchaseStatus('2027-06-01T00:00:00Z', [], now)).toBe('UNUSED');
  });
});
