/**
 * The AI settings' "Test" action (spec 02 §8 "API interface test failed"): one tiny request to the
 * provider the form describes, before or after saving. The stored key is used only when the form
 * still points where that key was saved for (the key-binding rule of ai-config.ts); a new source or
 * address needs the key typed, exactly as saving would.
 */
import { AiError, createProvider, type LlmProvider } from '@askdb/ai';
import { ERROR_CODES, type AiConfigInput, type Language } from '@askdb/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { aiKeyDestination, type AiConfigService, type StoredAiConfig } from './ai-config.js';
import { aiMsg } from './ai-messages.js';

const TEST_TIMEOUT_MS = 30_000;

export interface AiTestResult {
  ok: true;
  model: string | null;
  /** The first words of the model's answer. */
  reply: string;
}

function keyFor(input: z.output<typeof AiConfigInput>, stored: StoredAiConfig | null, settings: AiConfigService): string | undefined {
  if (input.apiKey !== undefined) return input.apiKey.trim() || undefined;
  if (!stored?.apiKeyEnc) return undefined;
  const boundTo = stored.apiKeyBoundTo ?? aiKeyDestination(stored);
  if (boundTo !== aiKeyDestination({ aiSqlSource: input.aiSqlSource, apiHost: input.apiHost?.trim() || undefined })) return undefined;
  return settings.providerConfig(stored).apiKey;
}

export async function testAiSettings(
  input: z.output<typeof AiConfigInput>,
  stored: StoredAiConfig | null,
  settings: AiConfigService,
  lang: Language,
): Promise<AiTestResult> {
  const failed = (e: unknown): never => {
    const detail = e instanceof AiError ? [e.localized(lang), e.detail].filter(Boolean).join('\n') : (e as Error).message;
    throw new AppError(400, e instanceof AiError ? e.code : ERROR_CODES.INVALID_PARAMS, aiMsg(lang, 'API_TEST_FAILED'), detail);
  };
  let provider: LlmProvider;
  try {
    if (input.aiSqlSource === 'ASKDB') throw new AiError('AI_NOT_CONFIGURED', 'notConfigured');
    provider = createProvider({
      source: input.aiSqlSource,
      apiHost: input.apiHost?.trim() || undefined,
      apiKey: keyFor(input, stored, settings),
      model: input.model?.trim() || undefined,
      deployment: input.deployment?.trim() || undefined,
      apiVersion: input.apiVersion?.trim() || undefined,
      stream: input.stream,
    });
  } catch (e) {
    return failed(e);
  }
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  let reply = '';
  try {
    for await (const d of provider.stream({ messages: [{ role: 'user', content: 'Reply with the single word OK.' }], maxTokens: 16 }, signal)) {
      if (d.type === 'content') reply += d.text;
      if (reply.length >= 200) break;
    }
  } catch (e) {
    return failed(signal.aborted ? new AiError('AI_UNREACHABLE', 'firstByteTimeout', { params: { host: input.apiHost?.trim() || input.aiSqlSource, seconds: TEST_TIMEOUT_MS / 1000 } }) : e);
  }
  return { ok: true, model: provider.defaultModel ?? null, reply: reply.trim().slice(0, 200) };
}
