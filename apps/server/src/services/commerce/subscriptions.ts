/** Subscription records (spec 02 §3), end time, cancel (issue 14 point 4). */
import { COMMERCE_ERROR_CODES, type Language, type ProductType, type SubscriptionEndTime, type SubscriptionRow, type SubscriptionType } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { OrganizationRepo } from '../../store/organizations.js';
import type { SubscriptionRecord } from '../../store/commerce.js';
import { subscriptionStatus } from './entitlement.js';
import { commerceMsg } from './messages.js';
import { reverseInvitationReward } from '../rewards/reversals.js';
import type { CommerceService } from './service.js';

/** The organisation asked about, if the caller is a VALID member of it (admins only for `admin`). */
async function memberOrg(svc: CommerceService, ctx: RequestContext, organizationId: number | undefined, admin = false): Promise<number> {
  const id = organizationId ?? ctx.organizationId!;
  const me = await new OrganizationRepo(svc.deps.store.db).membership(id, ctx.user!.id);
  if (!me || me.status !== 'VALID') throw new AppError(403, COMMERCE_ERROR_CODES.WRONG_ORGANIZATION_TYPE, commerceMsg(ctx.lang, 'NOT_A_MEMBER'));
  if (admin && me.roleCode !== 'ADMIN' && me.roleCode !== 'SUPER_ADMIN') throw new AppError(403, 'PERMISSION_DENIED', commerceMsg(ctx.lang, 'ADMIN_ONLY'));
  return id;
}

export function subscriptionRow(s: SubscriptionRecord, now: string): SubscriptionRow {
  return {
    id: s.id, orderId: s.order_id, organizationId: s.organization_id, productType: s.product_type as ProductType, subscriptionType: s.subscription_type as SubscriptionType,
    seats: s.seats, purchaseTime: s.created_at, startTime: s.start_time, endTime: s.end_time, status: subscriptionStatus(s, now), price: s.price, currency: s.currency,
    freeTrial: !!s.free_trial,
  };
}

export async function listSubscriptions(svc: CommerceService, ctx: RequestContext, organizationId?: number): Promise<SubscriptionRow[]> {
  const id = await memberOrg(svc, ctx, organizationId);
  const now = svc.nowIso();
  return (await svc.repo.subscriptionsOf(id)).map((s) => subscriptionRow(s, now)).reverse();
}

export async function subscriptionEndTime(svc: CommerceService, ctx: RequestContext, organizationId?: number): Promise<SubscriptionEndTime> {
  const id = await memberOrg(svc, ctx, organizationId);
  const ent = await svc.entitlement(id);
  const now = svc.nowIso();
  const live = (await svc.repo.subscriptionsOf(id)).filter((s) => s.product_type !== 'LOCAL' && subscriptionStatus(s, now) === 'IN_USE');
  return { startTime: live[0]?.start_time ?? null, endTime: ent.subscriptionEndTime ?? ent.trialEndTime };
}

/**
 * Cancel: a subscription not started yet stops and its price is credited back (a ledger row); one
 * in use stays until its end (state ENDING, no renewal).
 */
export async function cancelSubscription(svc: CommerceService, ctx: RequestContext, id: number, lang: Language): Promise<SubscriptionRow> {
  const s = await svc.repo.subscription(id);
  if (!s) throw new AppError(404, COMMERCE_ERROR_CODES.SUBSCRIPTION_NOT_FOUND, commerceMsg(lang, 'SUBSCRIPTION_NOT_FOUND', { id }));
  await memberOrg(svc, ctx, s.organization_id, true);
  const now = svc.nowIso();
  const status = subscriptionStatus(s, now);
  if (s.state !== 'ACTIVE' || status === 'EXPIRED') throw new AppError(400, COMMERCE_ERROR_CODES.SUBSCRIPTION_NOT_FOUND, commerceMsg(lang, 'SUBSCRIPTION_NOT_CANCELLABLE'));
  await svc.deps.store.db.transaction().execute(async (tx) => {
    if (status === 'NOT_STARTED') {
      if (!(await svc.repo.cancelSubscription(s.id, now, tx))) return;
      if (s.price > 0) {
        await svc.repo.book({ organizationId: s.organization_id, userId: ctx.user!.id, orderId: s.order_id, kind: 'CUSTOMER_CREDIT', amount: -s.price, currency: s.currency, ref: `subscription-cancel:${s.id}`, note: 'cancelled before it started', at: now }, tx);
      }
      // The money goes back to the buyer: the invitation reward paid from it goes back too.
      if (s.order_id != null) await reverseInvitationReward(svc.deps, s.order_id, tx, now);
    } else {
      await svc.repo.c(tx).updateTable('subscriptions').set({ state: 'ENDING', cancelled_at: now }).where('id', '=', s.id).where('state', '=', 'ACTIVE').execute();
    }
  });
  return subscriptionRow((await svc.repo.subscription(s.id))!, now);
}
