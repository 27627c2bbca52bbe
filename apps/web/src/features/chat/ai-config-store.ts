/**
 * The AI settings as the browser knows them (GET /api/config/system_config/ai, never the key)
 * and the model list (GET /api/v2/ai/model/list). Shared by the chat and the Custom AI section.
 * A missing endpoint (404) reads as "not configured" so the rest of the app keeps working.
 */
import { create } from 'zustand';
import type { AiPrivacy, AiSource } from '@askdb/contracts';
import { api } from '../../lib/api.js';

export interface AiConfig {
  aiSqlSource?: AiSource | null;
  apiHost?: string | null;
  model?: string | null;
  deployment?: string | null;
  apiVersion?: string | null;
  privacy?: AiPrivacy | null;
  stream?: boolean | null;
  /** Whether a key is stored (the key itself never comes back). */
  apiKeyConfigured: boolean;
  /** An administrator manages the AI settings (spec 02 §6). */
  adminManaged: boolean;
  /** Whether this user may change the AI settings. */
  canEdit: boolean;
  /** Whether a model can be called at all. */
  configured: boolean;
}

export interface AiModel {
  displayName: string;
  modelName: string;
  isDefault: boolean;
}

interface AiConfigStore {
  config: AiConfig | null;
  models: AiModel[];
  loaded: boolean;
  load(): Promise<void>;
}

/** Read the server's shape leniently: the route is owned by the backend and may grow fields. */
export function normalizeConfig(raw: Record<string, unknown> | null | undefined): AiConfig {
  const r = raw ?? {};
  const bool = (...keys: string[]) => keys.some((k) => r[k] === true);
  const source = (r.aiSqlSource as AiSource | undefined) ?? null;
  const apiKeyConfigured = bool('apiKeyConfigured', 'hasApiKey', 'apiKeySet', 'keyConfigured');
  const explicit = typeof r.configured === 'boolean' ? (r.configured as boolean) : undefined;
  return {
    aiSqlSource: source,
    apiHost: (r.apiHost as string) ?? null,
    model: (r.model as string) ?? null,
    deployment: (r.deployment as string) ?? null,
    apiVersion: (r.apiVersion as string) ?? null,
    privacy: (r.privacy as AiPrivacy) ?? null,
    stream: typeof r.stream === 'boolean' ? r.stream : null,
    apiKeyConfigured,
    adminManaged: bool('adminManaged'),
    canEdit: typeof r.canEdit === 'boolean' ? r.canEdit : typeof r.editable === 'boolean' ? (r.editable as boolean) : true,
    configured: explicit ?? (!!source && source !== 'ASKDB' && (!!r.apiHost || apiKeyConfigured)),
  };
}

export const useAiConfig = create<AiConfigStore>((set) => ({
  config: null,
  models: [],
  loaded: false,
  async load() {
    const [config, models] = await Promise.all([
      api<Record<string, unknown> | null>('/api/config/system_config/ai').then(normalizeConfig, () => normalizeConfig(null)),
      api<AiModel[]>('/api/v2/ai/model/list').catch(() => [] as AiModel[]),
    ]);
    set({ config, models: Array.isArray(models) ? models : [], loaded: true });
  },
}));
