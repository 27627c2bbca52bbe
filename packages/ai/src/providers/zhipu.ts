/**
 * Zhipu AI (GLM) with its own authentication: POST `{host}/chat/completions` (host default
 * `https://open.bigmodel.cn/api/paas/v4`). The key the console gives is `{id}.{secret}`; Zhipu's
 * API takes a short-lived JWT signed with the secret (HS256, header `sign_type: SIGN`, claims
 * `api_key`, `timestamp`, `exp` in milliseconds) as the bearer token, which this provider signs for
 * each request, so the secret never leaves the server. A key without a dot is sent as is. The reply
 * is an OpenAI-style SSE stream (`choices[].delta.content`, `[DONE]`), decoded by the shared decoder.
 */
import { createHmac } from 'node:crypto';
import { AiError } from '../errors.js';
import { requestDeltas } from '../http.js';
import { DEFAULT_STREAM_LIMITS, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig } from '../provider.js';
import { parseBaseUrl } from './base-url.js';
import { chatCompletionsUrl } from './openai-compatible.js';
import { openAiChatBody, openAiDecoder } from './openai-stream.js';

export const ZHIPU_HOST = 'https://open.bigmodel.cn/api/paas/v4';
export const ZHIPU_DEFAULT_MODEL = 'glm-4-flash';
const TOKEN_TTL_MS = 5 * 60_000;

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** The bearer token for a Zhipu key: a signed JWT for `{id}.{secret}` keys, the key itself otherwise. */
export function zhipuToken(apiKey: string, now = Date.now()): string {
  const dot = apiKey.indexOf('.');
  if (dot <= 0 || dot === apiKey.length - 1) return apiKey;
  const id = apiKey.slice(0, dot);
  const secret = apiKey.slice(dot + 1);
  const head = b64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const claims = b64url(JSON.stringify({ api_key: id, exp: now + TOKEN_TTL_MS, timestamp: now }));
  const signature = createHmac('sha256', secret).update(`${head}.${claims}`).digest('base64url');
  return `${head}.${claims}.${signature}`;
}

export function createZhipuProvider(config: ProviderConfig): LlmProvider {
  const apiKey = config.apiKey ?? '';
  const url = chatCompletionsUrl(parseBaseUrl(config.apiHost?.trim() || ZHIPU_HOST));
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const secrets = [apiKey, apiKey.slice(apiKey.indexOf('.') + 1)];
  const defaultModel = config.model || ZHIPU_DEFAULT_MODEL;
  return {
    source: 'ZHIPUAI',
    defaultModel,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      if (!apiKey) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiKey' } });
      yield* requestDeltas(
        {
          url,
          headers: { authorization: `Bearer ${zhipuToken(apiKey)}`, accept: 'text/event-stream' },
          body: openAiChatBody(request, request.model || defaultModel),
          secrets,
          limits,
          signal,
        },
        openAiDecoder(secrets),
      );
    },
  };
}
