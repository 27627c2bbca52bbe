/** Checks of the pricing and seat forms (spec 01 §5, spec 02 §5). */
import { COMMERCE_LIMITS, INVITATION_CODE_PATTERN, type ProductType } from '@askdb/contracts';

export type CodeState = 'none' | 'valid' | 'invalid';

/** An invitation code is checked only at exactly 6 characters; other lengths reset to none. Null: check with the server. */
export function localCodeState(code: string): CodeState | null {
  const c = code.trim();
  if (c.length !== COMMERCE_LIMITS.invitationCodeLength) return 'none';
  return INVITATION_CODE_PATTERN.test(c) ? null : 'invalid';
}

/** Seats a product type allows: team 5–5000, offline ≥ 1, personal exactly 1. */
export function seatRange(type: ProductType): { min: number; max: number } {
  if (type === 'TEAM') return { min: COMMERCE_LIMITS.teamMinSeats, max: COMMERCE_LIMITS.teamMaxSeats };
  if (type === 'LOCAL') return { min: COMMERCE_LIMITS.offlineMinSeats, max: COMMERCE_LIMITS.offlineMaxSeats };
  return { min: COMMERCE_LIMITS.personalSeats, max: COMMERCE_LIMITS.personalSeats };
}

export function seatsValid(type: ProductType, seats: number): boolean {
  const r = seatRange(type);
  return Number.isInteger(seats) && seats >= r.min && seats <= r.max;
}

/** The seats to start with: the requested number within the range, else the minimum (or the team's current seats to add). */
export function initialSeats(type: ProductType, requested?: number | null): number {
  const r = seatRange(type);
  if (requested && Number.isInteger(requested)) return Math.min(r.max, Math.max(r.min, requested));
  return r.min;
}
