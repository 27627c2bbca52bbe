/**
 * Invitation codes (issue 14 point 5; spec 02 §5): one code of 6 letters and digits per user. The
 * commerce service calls `checkInvitationCode` when an order carries a code: a valid code answers
 * its owner (who is rewarded when the order is paid) and the buyer's discount.
 */
import crypto from 'node:crypto';
import { INVITATION_CODE_PATTERN, INVITATION_DISCOUNT_BASIS_POINTS } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { StoreDb } from '../../store/db.js';
import { nowIso } from '../../store/db.js';
import { rewardsDb } from '../../store/rewards-schema.js';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function normalizeInvitationCode(code: string): string | null {
  const c = code.trim();
  return INVITATION_CODE_PATTERN.test(c) ? c.toUpperCase() : null;
}

export function randomInvitationCode(): string {
  let s = '';
  for (const b of crypto.randomBytes(6)) s += ALPHABET[b % ALPHABET.length];
  return s;
}

/** A code's owner and the discount it gives, or null when the code is malformed or unknown. */
export async function checkInvitationCode(deps: Pick<AppDeps, 'store'>, code: string): Promise<{ ownerUserId: number; discountBasisPoints: number } | null> {
  return findInvitationCode(deps.store.db, code);
}

export async function findInvitationCode(db: StoreDb, code: string): Promise<{ ownerUserId: number; discountBasisPoints: number } | null> {
  const c = normalizeInvitationCode(code);
  if (!c) return null;
  const row = await rewardsDb(db).selectFrom('invitation_codes').select('user_id').where('code', '=', c).executeTakeFirst();
  return row ? { ownerUserId: row.user_id, discountBasisPoints: INVITATION_DISCOUNT_BASIS_POINTS } : null;
}

export async function myInvitationCode(db: StoreDb, userId: number): Promise<string | null> {
  const row = await rewardsDb(db).selectFrom('invitation_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
  return row?.code ?? null;
}

/** The user's code, created on first call (one per user: a second call, or a concurrent one, answers the same code). */
export async function createInvitationCode(db: StoreDb, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await myInvitationCode(db, userId);
    if (existing) return existing;
    try {
      await rewardsDb(db).insertInto('invitation_codes').values({ user_id: userId, code: randomInvitationCode(), created_at: nowIso() }).execute();
    } catch {
      // A unique clash: this user's code was created concurrently (read it next) or the random code is taken (draw again).
    }
  }
  const code = await myInvitationCode(db, userId);
  if (!code) throw new Error('Could not create an invitation code');
  return code;
}
