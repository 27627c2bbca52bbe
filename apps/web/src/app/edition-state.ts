/**
 * What the header badge of a local install says (spec 02: plan labels forever / pro / trial; offline
 * states trial, trial expired, licence expired), from GET /api/licence/status. Pure.
 */
import type { LicenceStatus } from '@askdb/contracts';

export type EditionState =
  | { label: 'trial'; daysLeft: number }
  | { label: 'trialExpired' }
  | { label: 'licenceExpired' }
  | { label: 'pro'; until: string }
  | { label: 'forever' };

export function editionState(s: LicenceStatus, now = Date.now()): EditionState {
  if (s.state === 'ACTIVATED') return s.expireTime ? { label: 'pro', until: s.expireTime } : { label: 'forever' };
  if (s.state === 'EXPIRED') return s.reason === 'TRIAL_EXPIRED' || (!s.activatedAt && s.reason !== 'LICENCE_EXPIRED') ? { label: 'trialExpired' } : { label: 'licenceExpired' };
  const end = s.trialEndTime ? Date.parse(s.trialEndTime) : NaN;
  return { label: 'trial', daysLeft: Number.isNaN(end) ? 14 : Math.max(0, Math.ceil((end - now) / 86_400_000)) };
}

/** A trial (running or over) and an expired licence lead to buying or activating; a paid edition does not. */
export const leadsToPricing = (e: EditionState) => e.label === 'trial' || e.label === 'trialExpired' || e.label === 'licenceExpired';
