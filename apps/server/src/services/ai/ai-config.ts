/**
 * The AI settings (API.md `GET/POST /api/config/system_config/ai`): one per deployment, kept in
 * the kv store with the API key encrypted (AES-256-GCM, the server's secret box). The key never
 * leaves the server: the browser only learns whether one is set.
 */
import type { AiConfigInput, AiPrivacy, AiSource } from '@askdb/contracts';
import type { ProviderConfig } from '@askdb/ai';
import type { z } from 'zod';
import type { KvRepo } from '../../store/kv.js';
import type { SecretBox } from '../../store/secret.js';

const SCOPE = 'app';
const KEY = 'ai.config';
const orgScope = (organizationId: number) => `org:${organizationId}`;

export interface StoredAiConfig {
  aiSqlSource: AiSource;
  apiHost?: string;
  model?: string;
  deployment?: string;
  apiVersion?: string;
  privacy?: AiPrivacy;
  stream?: boolean;
  adminManaged?: boolean;
  /** Encrypted API key ("v1:…"), absent when none. */
  apiKeyEnc?: string;
  /** Where the key was saved for (aiKeyDestination): it is sent nowhere else. Absent on settings older than the rule. */
  apiKeyBoundTo?: string;
}

/**
 * Where the API key is sent: the source and the API base address (issue 24 point 2). Changing
 * either needs the key typed again, as a browser's password manager is bound to an origin.
 */
export function aiKeyDestination(c: { aiSqlSource: AiSource; apiHost?: string }): string {
  const host = (c.apiHost ?? '').trim();
  let base = host.toLowerCase();
  try {
    const u = new URL(host);
    base = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    /* not a URL: compared as typed */
  }
  return JSON.stringify([c.aiSqlSource, base]);
}

/** Saving would send the stored key to a new source or address: the key must be typed again. */
export class AiKeyRetypeNeeded extends Error {}

export interface PublicAiConfig {
  aiSqlSource: AiSource | null;
  apiHost: string | null;
  model: string | null;
  deployment: string | null;
  apiVersion: string | null;
  privacy: AiPrivacy;
  stream: boolean | null;
  apiKeyConfigured: boolean;
  adminManaged: boolean;
  canEdit: boolean;
  configured: boolean;
}

export const DEFAULT_PRIVACY: AiPrivacy = 'SCHEMA_ONLY';

export class AiConfigService {
  constructor(private readonly kv: KvRepo, private readonly secrets: SecretBox) {}

  /**
   * The AI settings of an organisation (each team and each personal space has its own, so one
   * organisation's admin never changes another's key); before any were saved for it, the settings
   * stored deployment-wide by earlier versions.
   */
  async get(organizationId?: number | null): Promise<StoredAiConfig | null> {
    const raw = (organizationId != null ? await this.kv.get(orgScope(organizationId), KEY) : null) ?? (await this.kv.get(SCOPE, KEY));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredAiConfig;
    } catch {
      return null;
    }
  }

  /** Save; an absent `apiKey` keeps the stored key, an empty one removes it. */
  async save(input: z.output<typeof AiConfigInput>, organizationId?: number | null): Promise<StoredAiConfig> {
    const old = await this.get(organizationId);
    const trim = (s?: string) => (s?.trim() ? s.trim() : undefined);
    const next: StoredAiConfig = {
      aiSqlSource: input.aiSqlSource,
      apiHost: trim(input.apiHost),
      model: trim(input.model),
      deployment: trim(input.deployment),
      apiVersion: trim(input.apiVersion),
      privacy: input.privacy ?? old?.privacy ?? DEFAULT_PRIVACY,
      stream: input.stream,
      adminManaged: input.adminManaged ?? old?.adminManaged,
      apiKeyEnc: input.apiKey === undefined ? old?.apiKeyEnc : input.apiKey.trim() ? this.secrets.encrypt(input.apiKey.trim()) : undefined,
    };
    if (next.apiKeyEnc && next.aiSqlSource === 'ASKDB' && input.apiKey === undefined) {
      // The product's own AI sends no key of the user's: the stored one stays sealed, still bound to
      // where it was saved for, and works again if the user switches back to that same address.
      next.apiKeyBoundTo = old?.apiKeyBoundTo ?? (old ? aiKeyDestination(old) : undefined);
    } else if (next.apiKeyEnc) {
      const destination = aiKeyDestination(next);
      if (input.apiKey === undefined && (old?.apiKeyBoundTo ?? aiKeyDestination(old!)) !== destination) throw new AiKeyRetypeNeeded();
      next.apiKeyBoundTo = destination;
    }
    await this.kv.set(organizationId != null ? orgScope(organizationId) : SCOPE, KEY, JSON.stringify(next));
    return next;
  }

  /** What the provider needs, key decrypted (server memory only). */
  providerConfig(c: StoredAiConfig): ProviderConfig {
    return {
      source: c.aiSqlSource,
      // Fails closed: a key whose address was changed by any path is not sent.
      apiKey: c.apiKeyEnc && (!c.apiKeyBoundTo || c.apiKeyBoundTo === aiKeyDestination(c)) ? this.secrets.decrypt(c.apiKeyEnc) : undefined,
      apiHost: c.apiHost,
      model: c.model,
      deployment: c.deployment,
      apiVersion: c.apiVersion,
      stream: c.stream,
    };
  }

  toPublic(c: StoredAiConfig | null, canEdit: boolean, serverMode: boolean): PublicAiConfig {
    return {
      aiSqlSource: c?.aiSqlSource ?? null,
      apiHost: c?.apiHost ?? null,
      model: c?.model ?? null,
      deployment: c?.deployment ?? null,
      apiVersion: c?.apiVersion ?? null,
      privacy: c?.privacy ?? DEFAULT_PRIVACY,
      stream: c?.stream ?? null,
      apiKeyConfigured: !!c?.apiKeyEnc,
      // In a team deployment the administrator owns the AI settings.
      adminManaged: serverMode || !!c?.adminManaged,
      canEdit,
      configured: isConfigured(c),
    };
  }
}

/** Enough to call a model: a real source, and a host or a key (sources with a default host need only a key or a host). */
export function isConfigured(c: StoredAiConfig | null): boolean {
  if (!c || c.aiSqlSource === 'ASKDB') return false;
  if (c.aiSqlSource === 'AZUREAI') return !!c.apiHost && !!(c.deployment || c.model);
  if (c.aiSqlSource === 'RESTAI') return !!c.apiHost;
  // Zhipu, Baichuan and Wenxin have their vendor's host and a default model: the key is what they need.
  if (c.aiSqlSource === 'ZHIPUAI' || c.aiSqlSource === 'BAICHUANAI' || c.aiSqlSource === 'WENXINAI') return !!c.apiKeyEnc;
  return !!(c.apiHost || c.apiKeyEnc) && !!c.model;
}
