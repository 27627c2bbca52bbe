/**
 * Which model answers a named chat — chosen exactly like POST /api/v2/ai/chat does: the
 * organisation's own key (never counted), else the deployment's managed model through
 * `aiProviderFor` (one AI use counted against the organisation's plan; FREE_TRIAL_USAGE_LIMIT when
 * a limit is reached), refused with LICENSE_NOT_SUPPORTED on an offline-activated local install.
 * Chosen once per run (ask or retry), the first time a step needs the model.
 */
import { AiError, type LlmProvider } from '@askdb/ai';
import type { Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { isConfigured, type StoredAiConfig } from '../ai/ai-config.js';
import { aiProviderFor, managedModelName, usesManagedModel } from '../commerce/managed-ai.js';
import { assertManagedAiAllowed } from '../licence/index.js';

export interface ChatModel { provider: LlmProvider; model?: string; managed: boolean }

export function chatModelChooser(deps: AppDeps, organizationId: number | null, stored: StoredAiConfig | null, lang: Language, asked?: string) {
  let chosen: Promise<ChatModel | null> | null = null;
  const choose = async (): Promise<ChatModel | null> => {
    // The managed model answers when nothing of the organisation's own is configured: an offline-activated
    // install is refused then too (LICENSE_NOT_SUPPORTED), not only when ASKDB was chosen by name.
    await assertManagedAiAllowed(deps, !isConfigured(stored) && usesManagedModel(deps, stored) ? 'ASKDB' : stored?.aiSqlSource, lang);
    const c = await aiProviderFor(deps, organizationId, stored, 'NL_2_SQL', lang);
    if (!c) return null;
    return { provider: c.provider, managed: c.managed, model: c.managed ? (managedModelName(deps) ?? asked) : asked };
  };
  return {
    /** The model, or null when none is configured or offered (nothing counted then). */
    maybe: () => (chosen ??= choose()),
    /** The model; AI_NOT_CONFIGURED when there is none. */
    async need(): Promise<ChatModel> {
      const c = await (chosen ??= choose());
      if (!c) throw new AiError('AI_NOT_CONFIGURED', 'notConfigured');
      return c;
    },
  };
}
