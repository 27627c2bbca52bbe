/**
 * Which model answers, and whether it is counted (issue 14 point 5): the organisation's own key
 * (any configured source but ASKDB) is never counted; the vendor's managed model (AI source
 * ASKDB, or nothing configured, when ASKDB_MANAGED_AI_URL is set) counts one AI use per request
 * (plus an AI report for report questions) against the plan, refusing with
 * FREE_TRIAL_USAGE_LIMIT when a limit is reached.
 */
import { createProvider, type LlmProvider } from '@askdb/ai';
import type { Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AiConfigService, isConfigured, type StoredAiConfig } from '../ai/ai-config.js';
import { assertLocalFeature, assertManagedAiAllowed, managedAiRefused } from '../licence/index.js';
import { commerce } from './service.js';
import { isReportQuestion, meterManagedAi } from './usage.js';

/** The managed model's name when this deployment offers one. */
export const managedModelName = (deps: Pick<AppDeps, 'config'>) => deps.config.billing.managedAi?.model ?? null;

/** Uses the managed model for this organisation's settings (nothing of its own configured, or ASKDB chosen). */
export function usesManagedModel(deps: Pick<AppDeps, 'config'>, stored: StoredAiConfig | null): boolean {
  return !!deps.config.billing.managedAi && (!stored || stored.aiSqlSource === 'ASKDB' || !isConfigured(stored));
}

/**
 * Whether this organisation's AI is the managed model and may use it now (what the web is told:
 * GET /api/config/system_config/ai says configured with source ASKDB, the model list names it):
 * the deployment offers one, the organisation has no usable key of its own, its plan includes the
 * managed model, and this is not an offline-activated device (spec 02 §6).
 */
export async function managedModelAvailable(deps: AppDeps, organizationId: number | null, stored: StoredAiConfig | null): Promise<boolean> {
  if (organizationId === null || isConfigured(stored) || !usesManagedModel(deps, stored)) return false;
  if (!(await commerce(deps).entitlement(organizationId)).features.includes('AI_MANAGED_MODEL')) return false;
  return !(await managedAiRefused(deps));
}

/**
 * The provider for a request: the own key (uncounted), else the managed model (counted first), else
 * null (the caller answers AI_NOT_CONFIGURED as before).
 */
export async function aiProviderFor(
  deps: AppDeps, organizationId: number | null, stored: StoredAiConfig | null, questionType: string | undefined, lang: Language,
): Promise<{ provider: LlmProvider; managed: boolean } | null> {
  // A local install's AI reports need its trial or licence, whichever model answers (LOCAL_LICENSED_FEATURES).
  if (isReportQuestion(questionType)) await assertLocalFeature(deps, 'AI_REPORTS', lang);
  if (isConfigured(stored)) return { provider: createProvider(new AiConfigService(deps.kv, deps.secrets).providerConfig(stored!)), managed: false };
  const m = deps.config.billing.managedAi;
  if (!m || !usesManagedModel(deps, stored) || organizationId === null) return null;
  // Not on an offline-activated device, nor on a local install whose trial or licence is over; checked before counting.
  await assertManagedAiAllowed(deps, 'ASKDB', lang);
  await meterManagedAi(commerce(deps), organizationId, questionType, lang);
  return { provider: createProvider({ source: 'OPENAI', apiHost: m.apiHost, apiKey: m.apiKey, model: m.model }), managed: true };
}
