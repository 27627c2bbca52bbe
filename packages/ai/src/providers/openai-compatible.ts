/**
 * OpenAI-compatible chat completions: OpenAI, DeepSeek, Ollama (`/v1`), vLLM, LM Studio, Zhipu,
 * Baichuan, Wenxin (Qianfan v2) and any other server speaking the same protocol. The key is
 * optional (local servers need none).
 *
 * The base URL may be given with or without `/v1`, or as the full `/chat/completions` URL.
 */
import { AiError, errorForNetwork, errorForStatus } from '../errors.js';
import { readText, requestDeltas } from '../http.js';
import { DEFAULT_STREAM_LIMITS, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig } from '../provider.js';
import { openAiChatBody, openAiDecoder } from './openai-stream.js';
import { parseBaseUrl } from './base-url.js';

/** Default base URLs of sources that are OpenAI-compatible under the hood. */
export const OPENAI_COMPATIBLE_HOSTS: Partial<Record<ProviderConfig['source'], string>> = {
  OPENAI: 'https://api.openai.com/v1',
  ZHIPUAI: 'https://open.bigmodel.cn/api/paas/v4',
  BAICHUANAI: 'https://api.baichuan-ai.com/v1',
  WENXINAI: 'https://qianfan.baidubce.com/v2',
};

export function chatCompletionsUrl(base: URL): URL {
  const url = new URL(base.href);
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/chat/completions')) return url;
  url.pathname = (path === '' ? '/v1' : path) + '/chat/completions';
  return url;
}

function modelsUrl(base: URL): URL {
  const url = chatCompletionsUrl(base);
  url.pathname = url.pathname.replace(/\/chat\/completions$/, '/models');
  return url;
}

export function createOpenAiCompatibleProvider(config: ProviderConfig): LlmProvider {
  const host = config.apiHost?.trim() || OPENAI_COMPATIBLE_HOSTS[config.source];
  if (!host) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiHost' } });
  const base = parseBaseUrl(host);
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const secrets = [config.apiKey];
  const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};

  return {
    source: config.source,
    defaultModel: config.model,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      const model = request.model || config.model;
      if (!model) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'model' } });
      yield* requestDeltas(
        {
          url: chatCompletionsUrl(base),
          headers: { ...auth, accept: 'text/event-stream' },
          body: openAiChatBody(request, model),
          secrets,
          limits,
          signal,
        },
        openAiDecoder(secrets),
      );
    },
    async listModels(signal?: AbortSignal): Promise<string[]> {
      const url = modelsUrl(base);
      let res: Response;
      try {
        res = await fetch(url, { headers: auth, signal: signal ?? AbortSignal.timeout(10_000) });
      } catch (e) {
        throw errorForNetwork(e, url);
      }
      const text = await readText(res, 4 * 1024 * 1024);
      if (!res.ok) throw errorForStatus(res.status, text, secrets);
      try {
        const data = (JSON.parse(text) as { data?: { id?: unknown }[] }).data ?? [];
        return data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
      } catch {
        throw new AiError('AI_BAD_JSON_FORMAT', 'badJson');
      }
    },
  };
}
