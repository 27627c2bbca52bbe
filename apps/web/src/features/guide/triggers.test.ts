import { describe, expect, it } from 'vitest';
import type { LicenceStatus } from '@askdb/contracts';
import { pickGuide, type GuideInput } from './triggers';

const now = Date.parse('2026-05-01T00:00:00Z');
const status = (over: Partial<LicenceStatus>): LicenceStatus => ({
  scope: 'local', state: 'TRIAL', reason: null, trialStartTime: null, trialEndTime: null, expireTime: null, mode: null, product: null, code: null, activatedAt: null,
  device: { id: 'D', name: 'pc', os: 'Linux' }, guides: true, authorityConfigured: false, ...over,
});
const base: GuideInput = { mode: 'local', signedIn: true, seen: [], dismissed: [], billing: false, expiredShown: [], now };

describe('guide dialog triggers', () => {
  it('local install: trial, trial expired (also clock set back or record removed), licence expired, activated', () => {
    expect(pickGuide({ ...base, status: status({}) })).toBe('OfflineTrial');
    expect(pickGuide({ ...base, status: status({}), dismissed: ['OfflineTrial'] })).toBeNull();
    for (const reason of ['TRIAL_EXPIRED', 'CLOCK_ROLLBACK', 'STATE_REMOVED', 'STATE_INVALID'] as const) {
      expect(pickGuide({ ...base, status: status({ state: 'EXPIRED', reason }) })).toBe('OfflineTrialExpired');
    }
    expect(pickGuide({ ...base, status: status({ state: 'EXPIRED', reason: 'LICENCE_EXPIRED' }) })).toBe('OfflineLicenseExpired');
    expect(pickGuide({ ...base, status: status({ state: 'ACTIVATED', mode: 'online' }) })).toBeNull();
    expect(pickGuide({ ...base, status: status({ guides: false }) })).toBeNull();
  });

  it('server: first login once, then Expired once per ended plan', () => {
    const srv = { ...base, mode: 'server', status: status({ scope: 'server', state: 'ACTIVATED' }) };
    expect(pickGuide(srv)).toBe('FirstLogin');
    expect(pickGuide({ ...srv, signedIn: false })).toBeNull();
    const seen = { ...srv, seen: ['FirstLogin'] };
    expect(pickGuide(seen)).toBeNull();
    const ended = { ...seen, billing: true, edition: { vip: false, label: 'community', subscriptionEndTime: '2026-04-01T00:00:00Z', trialEndTime: null } };
    expect(pickGuide(ended)).toBe('Expired');
    expect(pickGuide({ ...ended, expiredShown: ['2026-04-01T00:00:00Z'] })).toBeNull();
    expect(pickGuide({ ...ended, edition: { ...ended.edition, vip: true } })).toBeNull();
    expect(pickGuide({ ...ended, billing: false })).toBeNull();
    expect(pickGuide({ ...ended, edition: { ...ended.edition, subscriptionEndTime: '2026-06-01T00:00:00Z' } })).toBeNull();
  });
});
