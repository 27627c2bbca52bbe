/**
 * Seats (issue 14 point 4): on a billed team (billing on), the VALID members never exceed the paid
 * seats (a team without a subscription: UNPAID_TEAM_SEATS). Called where a member is added (join
 * approval, inside its transaction: the team row is locked so two approvals cannot both take the
 * last seat) and where one is asked for (invite link, join request) for an early, clear message.
 */
import { COMMERCE_ERROR_CODES, type Language } from '@askdb/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../http/errors.js';
import { commerceMsg } from './messages.js';
import type { CommerceService } from './service.js';

const byDb = new WeakMap<object, CommerceService>();
export function registerSeatGuard(db: object, svc: CommerceService): void {
  byDb.set(db, svc);
}

/** Refuses with SEATS_EXCEEDED (403, in the caller's language) when the team has no free seat. */
export async function assertSeatAvailable(db: object, organizationId: number, lang: Language, tx?: Kysely<any>): Promise<void> {
  const svc = byDb.get(db);
  if (!svc || !svc.billing) return;
  const org = await svc.repo.organization(organizationId);
  if (!org || org.type === 'PERSONAL') return;
  if (tx && svc.deps.store.dialect === 'postgres') await sql`select id from organizations where id = ${organizationId} for update`.execute(tx);
  const ent = await svc.entitlement(organizationId);
  if (ent.seatLimit === null) return;
  const members = await svc.repo.validMembers(organizationId, tx);
  if (members >= ent.seatLimit) {
    throw new AppError(403, COMMERCE_ERROR_CODES.SEATS_EXCEEDED, commerceMsg(lang, 'SEATS_EXCEEDED', { seats: ent.seatLimit, members }), undefined, { seats: ent.seatLimit, members });
  }
}
