/** The pricing modal's title (spec 01 §2): start-free after a usage limit; upgrade (PersonalUpdate, TeamUpdate), add seats (TeamAddSeat), offline. */
import type { PricingRequest } from './commerce-store';

export function pricingTitleKey(req: PricingRequest | null): string | null {
  if (!req) return null;
  if (req.usageLimit) return 'commerce.title.startFree';
  if (req.mode === 'TeamAddSeat') return 'commerce.title.addSeats';
  if (req.mode === 'Offline') return 'commerce.title.offline';
  return 'commerce.title.upgrade';
}
