/**
 * The Plugins page (spec 02 §2, §4): the installed engine drivers and the features of the gating
 * table (contracts/editions.ts), each valid, expired, or needing purchase or activation.
 * Drivers belong to the core loop, which no plan gates.
 */
import { DATABASE_TYPES, FEATURES, tierAllows, type Edition, type Feature, type PluginStatus, type PluginView, type Tier } from '@askdb/contracts';
import { isSupported } from '@askdb/drivers';
import type { Evaluation } from './local.js';

const TIER_OF_EDITION: Record<Edition, Tier> = { COMMUNITY: 'COMMUNITY', PRO: 'PRO', TEAM_PRO: 'TEAM_PRO', LOCAL: 'LOCAL' };

export function localFeatureStatus(f: Feature, ev: Pick<Evaluation, 'state' | 'reason'>, offline: boolean): PluginStatus {
  if (!tierAllows('LOCAL', f)) return 'NEEDS_ACTIVATION';
  // Never gated by any plan: AI with one's own key.
  if (tierAllows('COMMUNITY', f)) return 'VALID';
  if (ev.state === 'TRIAL') return 'VALID';
  if (ev.state === 'ACTIVATED') return f === 'AI_MANAGED_MODEL' && offline ? 'NEEDS_ACTIVATION' : 'VALID';
  return ev.reason === 'LICENCE_EXPIRED' ? 'EXPIRED' : 'NEEDS_ACTIVATION';
}

export function pluginList(featureStatus: (f: Feature) => PluginStatus): PluginView[] {
  const drivers: PluginView[] = DATABASE_TYPES.filter((t) => isSupported(t)).map((t) => ({ key: t, kind: 'driver', name: t, status: 'VALID' }));
  const features: PluginView[] = FEATURES.map((f) => ({ key: f, kind: 'feature', name: f, status: featureStatus(f) }));
  return [...features, ...drivers];
}

/** A server deployment: billing off unlocks everything; with billing the organisation's edition decides. */
export function serverFeatureStatus(billing: boolean, edition: Edition): (f: Feature) => PluginStatus {
  return (f) => (!billing || tierAllows(TIER_OF_EDITION[edition], f) ? 'VALID' : 'NEEDS_ACTIVATION');
}
