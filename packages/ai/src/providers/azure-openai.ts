/**
 * Azure OpenAI: `POST {host}/openai/deployments/{deployment}/chat/completions?api-version=…`
 * with an `api-key` header; the reply is the OpenAI chunk format (Azure adds chunks with empty
 * `choices` carrying content-filter results, which decode to nothing).
 */
import { AiError } from '../errors.js';
import { requestDeltas } from '../http.js';
import { DEFAULT_STREAM_LIMITS, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig } from '../provider.js';
import { parseBaseUrl } from './base-url.js';
import { openAiChatBody, openAiDecoder } from './openai-stream.js';

export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

export function azureChatUrl(host: string, deployment: string, apiVersion: string): URL {
  const url = parseBaseUrl(host);
  const path = url.pathname.replace(/\/+$/, '');
  // Accept the resource root, `/openai`, or a full deployment URL.
  if (!/\/chat\/completions$/.test(path)) {
    const root = path.replace(/\/openai$/, '');
    url.pathname = `${root}/openai/deployments/${encodeURIComponent(deployment)}/chat/completions`;
  }
  url.searchParams.set('api-version', apiVersion);
  return url;
}

export function createAzureOpenAiProvider(config: ProviderConfig): LlmProvider {
  if (!config.apiHost) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiHost' } });
  const deployment = config.deployment || config.model;
  if (!deployment) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'deployment' } });
  const url = azureChatUrl(config.apiHost, deployment, config.apiVersion || AZURE_DEFAULT_API_VERSION);
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const secrets = [config.apiKey];

  return {
    source: 'AZUREAI',
    defaultModel: config.model || deployment,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      yield* requestDeltas(
        {
          url,
          headers: { ...(config.apiKey ? { 'api-key': config.apiKey } : {}), accept: 'text/event-stream' },
          body: openAiChatBody(request),
          secrets,
          limits,
          signal,
        },
        openAiDecoder(secrets),
      );
    },
  };
}
