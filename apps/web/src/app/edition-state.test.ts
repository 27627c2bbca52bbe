import { describe, expect, it } from 'vitest';
import type { LicenceStatus } from '@askdb/contracts';
import { editionState, leadsToPricing } from './edition-state';

const base: LicenceStatus = {
  scope: 'local', state: 'TRIAL', reason: null, trialStartTime: '2026-01-01T00:00:00Z', trialEndTime: '2026-01-15T00:00:00Z', expireTime: null,
  mode: null, product: null, code: null, activatedAt: null, device: {} as LicenceStatus['device'], guides: false, authorityConfigured: false,
};
const now = Date.parse('2026-01-05T12:00:00Z');

describe('editionState', () => {
  it('a running trial counts its days; it leads to pricing', () => {
    const s = editionState(base, now);
    expect(s).toEqual({ label: 'trial', daysLeft: 10 });
    expect(leadsToPricing(s)).toBe(true);
  });
  it('an activated licence is pro until its expiry, or forever', () => {
    expect(editionState({ ...base, state: 'ACTIVATED', activatedAt: '2026-01-02T00:00:00Z', expireTime: '2027-01-02T00:00:00Z' }, now)).toEqual({ label: 'pro', until: '2027-01-02T00:00:00Z' });
    const forever = editionState({ ...base, state: 'ACTIVATED', activatedAt: '2026-01-02T00:00:00Z' }, now);
    expect(forever).toEqual({ label: 'forever' });
    expect(leadsToPricing(forever)).toBe(false);
  });
  it('tells an ended trial from an expired licence', () => {
    expect(editionState({ ...base, state: 'EXPIRED', reason: 'TRIAL_EXPIRED' }, now).label).toBe('trialExpired');
    expect(editionState({ ...base, state: 'EXPIRED', reason: 'LICENCE_EXPIRED' }, now).label).toBe('licenceExpired');
  });
});
