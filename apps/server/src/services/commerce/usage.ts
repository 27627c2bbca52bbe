/**
 * Usage limits (issue 14 points 1 and 5): AI uses of the organisation's managed model (never its
 * own key) and AI reports, counted per organisation and period with a conditional update (never
 * over the limit, even across replicas); reaching a limit → 403 FREE_TRIAL_USAGE_LIMIT.
 */
import { AI_REPORT_QUESTION_TYPES, ERROR_CODES, type Feature, type Language, type RemainingUses } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { Entitlement } from './entitlement.js';
import { commerceMsg, type CommerceMessageKey } from './messages.js';
import type { CommerceService } from './service.js';

export const isReportQuestion = (questionType?: string | null) => !!questionType && (AI_REPORT_QUESTION_TYPES as readonly string[]).includes(questionType);

export function usageLimitError(lang: Language, key: CommerceMessageKey, ent: Entitlement, data: Record<string, unknown>, params?: Record<string, string | number>): AppError {
  return new AppError(403, ERROR_CODES.FREE_TRIAL_USAGE_LIMIT, commerceMsg(lang, key, params), undefined, { tier: ent.tier, edition: ent.edition, ...data });
}

export function requireFeature(ent: Entitlement, feature: Feature, lang: Language): void {
  if (!ent.features.includes(feature)) throw usageLimitError(lang, 'FEATURE_LOCKED', ent, { feature });
}

/** Counts one managed-model AI use (and one report for report questions), or refuses. */
export async function meterManagedAi(svc: CommerceService, organizationId: number, questionType: string | undefined, lang: Language): Promise<void> {
  const ent = await svc.entitlement(organizationId);
  requireFeature(ent, 'AI_MANAGED_MODEL', lang);
  const report = isReportQuestion(questionType);
  if (report) requireFeature(ent, 'AI_REPORTS', lang);
  const period = ent.periodKey ?? 'ALL';
  const now = svc.nowIso();
  if (report && !(await svc.repo.consume(organizationId, period, 'AI_REPORT', ent.limits.aiReports, now))) {
    throw usageLimitError(lang, 'AI_REPORT_LIMIT', ent, { limit: 'aiReports' });
  }
  if (!(await svc.repo.consume(organizationId, period, 'AI_USE', ent.limits.aiUses, now))) {
    throw usageLimitError(lang, 'AI_USAGE_LIMIT', ent, { limit: 'aiUses' });
  }
}

export async function remainingUses(svc: CommerceService, organizationId: number): Promise<RemainingUses> {
  const ent = await svc.entitlement(organizationId);
  const period = ent.periodKey ?? 'ALL';
  const uses = await svc.repo.used(organizationId, period, 'AI_USE');
  const reports = await svc.repo.used(organizationId, period, 'AI_REPORT');
  const left = (limit: number | null, used: number) => (limit === null ? null : Math.max(0, limit - used));
  const managed = ent.features.includes('AI_MANAGED_MODEL');
  return {
    tier: ent.tier,
    remainingUses: managed ? left(ent.limits.aiUses, uses) : 0,
    aiUses: { used: uses, limit: managed ? ent.limits.aiUses : 0 },
    aiReports: { used: reports, limit: ent.limits.aiReports, remaining: left(ent.limits.aiReports, reports) },
    period: ent.limits.aiUsesPeriod,
    periodEnd: ent.periodEnd,
  };
}
