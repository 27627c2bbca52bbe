/**
 * What an organisation may use now: its tier in the gating table (@askdb/contracts editions.ts)
 * from its subscriptions (billing on), or TEAM_PRO (server, billing off) / LOCAL (local mode).
 *
 * Billing on: a paid PERSONAL or TEAM subscription in force → PRO / TEAM_PRO; else a free-trial
 * subscription in force → PRO_TRIAL / TEAM_TRIAL; else the implicit trial (30 days from the
 * owner's trial start for a personal space, from its creation for a team); else COMMUNITY.
 * LOCAL subscriptions are offline device licences: they do not change the online edition.
 */
import { FOREVER_MEMBER_BEFORE, FOREVER_YEARS, GATING, TRIAL_LIMITS, type EditionInfo, type SubscriptionStatus, type Tier } from '@askdb/contracts';
import type { AppConfig } from '../../config.js';
import type { CommerceRepo, SubscriptionRecord } from '../../store/commerce.js';

const DAY = 86_400_000;
/** Seats of a team with no subscription (its trial, or community). */
export const UNPAID_TEAM_SEATS = 5;

export interface Entitlement extends EditionInfo {
  /** Key of the usage counters' current period. */
  periodKey: string | null;
  periodEnd: string | null;
  /** Members allowed (TEAM organisations with billing on); null = no cap. */
  seatLimit: number | null;
}

/** A subscription counts between start and end unless cancelled before it started. */
const inForce = (s: SubscriptionRecord, now: string) => (s.state === 'ACTIVE' || s.state === 'ENDING') && s.start_time <= now && now < s.end_time;

export function subscriptionStatus(s: SubscriptionRecord, now: string): SubscriptionStatus {
  if (s.state === 'CANCELLED') return 'CANCELLED';
  if (now < s.start_time) return 'NOT_STARTED';
  if (now >= s.end_time) return 'EXPIRED';
  return 'IN_USE';
}

/**
 * Spec 01 §4: "forever" when a paid subscription in force lasts over 90 years (from its own start to
 * its end, not from now), or when the member's paid subscription started before 2024-05-08.
 */
export function isForever(paid: Array<Pick<SubscriptionRecord, 'start_time' | 'end_time'>>): boolean {
  const years = FOREVER_YEARS * 365 * DAY;
  return paid.some((s) => Date.parse(s.end_time) - Date.parse(s.start_time) > years || s.start_time < FOREVER_MEMBER_BEFORE);
}

function monthPeriod(nowMs: number): { key: string; end: string } {
  const d = new Date(nowMs);
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return { key: `M:${d.toISOString().slice(0, 7)}`, end: end.toISOString() };
}

export async function entitlementOf(repo: CommerceRepo, config: AppConfig, organizationId: number | null, nowMs: number): Promise<Entitlement> {
  const billing = config.billing.enabled;
  const base = (tier: Tier, extra: Partial<Entitlement> = {}): Entitlement => {
    const row = GATING[tier];
    const month = monthPeriod(nowMs);
    return {
      tier, edition: row.edition, label: row.label, vip: false, billing, trialEndTime: null, subscriptionEndTime: null, seats: null,
      features: [...row.features], limits: row.limits, periodKey: row.limits.aiUsesPeriod === 'MONTH' ? month.key : null,
      periodEnd: row.limits.aiUsesPeriod === 'MONTH' ? month.end : null, seatLimit: null, ...extra,
    };
  };
  if (!billing || organizationId === null) return base(config.mode === 'local' ? 'LOCAL' : 'TEAM_PRO');
  const org = await repo.organization(organizationId);
  if (!org) return base('COMMUNITY');
  const team = org.type !== 'PERSONAL';
  const now = new Date(nowMs).toISOString();
  const subs = (await repo.subscriptionsOf(organizationId)).filter((s) => s.product_type !== 'LOCAL');
  const live = subs.filter((s) => inForce(s, now));
  const paid = live.filter((s) => !s.free_trial);
  if (paid.length) {
    const end = paid.map((s) => s.end_time).sort().at(-1)!;
    const seats = team ? paid.filter((s) => s.product_type === 'TEAM').reduce((n, s) => n + s.seats, 0) : 1;
    const forever = isForever(paid);
    const tier: Tier = team ? 'TEAM_PRO' : 'PRO';
    return base(tier, { vip: true, subscriptionEndTime: end, seats, seatLimit: team ? seats : null, label: forever && !team ? 'forever' : GATING[tier].label });
  }
  const trialTier: Tier = team ? 'TEAM_TRIAL' : 'PRO_TRIAL';
  const trialSub = live.find((s) => s.free_trial);
  let trialStart: string | null = trialSub?.start_time ?? null;
  let trialEnd: string | null = trialSub?.end_time ?? null;
  if (!trialSub && !subs.length) {
    // The implicit trial: from the owner's trial start (personal) or the team's creation.
    const start = (!team ? await repo.trialStartOf(org.owner_id) : null) ?? org.created_at;
    const end = new Date(Date.parse(start) + TRIAL_LIMITS.trialDays! * DAY).toISOString();
    if (now < end) {
      trialStart = start;
      trialEnd = end;
    }
  }
  if (trialStart && trialEnd) {
    return base(trialTier, {
      trialEndTime: trialEnd, periodKey: `T:${trialStart}`, periodEnd: trialEnd,
      seats: trialSub?.seats ?? null, seatLimit: team ? Math.max(trialSub?.seats ?? 0, UNPAID_TEAM_SEATS) : null,
    });
  }
  return base('COMMUNITY', { seatLimit: team ? UNPAID_TEAM_SEATS : null });
}
