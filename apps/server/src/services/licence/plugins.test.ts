/** The Plugins page's statuses, derived from the gating table. */
import { describe, expect, it } from 'vitest';
import { localFeatureStatus, pluginList, serverFeatureStatus } from './plugins.js';

describe('plugin statuses', () => {
  it('local install: trial and activation unlock the offline edition; team features need a purchase; expiry says so', () => {
    const trial = { state: 'TRIAL' as const, reason: null };
    expect(localFeatureStatus('DASHBOARDS', trial, false)).toBe('VALID');
    expect(localFeatureStatus('SQL_AUDIT', trial, false)).toBe('NEEDS_ACTIVATION');
    expect(localFeatureStatus('AI_MANAGED_MODEL', { state: 'ACTIVATED', reason: null }, true)).toBe('NEEDS_ACTIVATION');
    expect(localFeatureStatus('AI_MANAGED_MODEL', { state: 'ACTIVATED', reason: null }, false)).toBe('VALID');
    expect(localFeatureStatus('DASHBOARDS', { state: 'EXPIRED', reason: 'LICENCE_EXPIRED' }, false)).toBe('EXPIRED');
    expect(localFeatureStatus('DASHBOARDS', { state: 'EXPIRED', reason: 'TRIAL_EXPIRED' }, false)).toBe('NEEDS_ACTIVATION');
    expect(localFeatureStatus('DASHBOARDS', { state: 'EXPIRED', reason: 'CLOCK_ROLLBACK' }, false)).toBe('NEEDS_ACTIVATION');
    // AI with one's own key is never gated.
    expect(localFeatureStatus('AI_OWN_KEY', { state: 'EXPIRED', reason: 'TRIAL_EXPIRED' }, false)).toBe('VALID');
  });

  it('server: billing off unlocks everything; with billing the edition decides; drivers are always valid', () => {
    expect(serverFeatureStatus(false, 'COMMUNITY')('SQL_AUDIT')).toBe('VALID');
    expect(serverFeatureStatus(true, 'COMMUNITY')('DASHBOARDS')).toBe('NEEDS_ACTIVATION');
    expect(serverFeatureStatus(true, 'PRO')('DASHBOARDS')).toBe('VALID');
    expect(serverFeatureStatus(true, 'PRO')('APPROVALS')).toBe('NEEDS_ACTIVATION');
    const list = pluginList(serverFeatureStatus(true, 'COMMUNITY'));
    expect(list.filter((p) => p.kind === 'driver').every((p) => p.status === 'VALID')).toBe(true);
    expect(list.map((p) => p.key)).toContain('POSTGRESQL');
    expect(list.map((p) => p.key)).not.toContain('DB2');
  });
});
