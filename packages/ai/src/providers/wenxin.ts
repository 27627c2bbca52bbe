/**
 * Baidu Wenxin (ERNIE) through its own Qianfan API, which is not OpenAI-compatible:
 *
 * 1. The key is `{API Key}:{Secret Key}` (both from the Qianfan console). They are exchanged for an
 *    access token: `POST {host}/oauth/2.0/token?grant_type=client_credentials&client_id=…&client_secret=…`
 *    → `{"access_token", "expires_in"}` (kept until shortly before it expires).
 * 2. `POST {host}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}?access_token=…` with
 *    `{messages (user/assistant only), system, stream: true}`; the reply is SSE whose data is
 *    `{"result": "…", "is_end": false}` and ends with `is_end: true`. Failures come as
 *    `{"error_code", "error_msg"}`, in a 200 body or in the stream.
 *
 * A key without `:` is a Qianfan v2 bearer key (`bce-v3/…`): that API is OpenAI-compatible and goes
 * through the OpenAI-compatible provider with `https://qianfan.baidubce.com/v2`.
 */
import { createHash } from 'node:crypto';
import { AiError, errorForNetwork, errorForStatus } from '../errors.js';
import { contentTypeOf, joinUrl, parseJson, readAll, readText, requestDeltas, type BodyDecoder } from '../http.js';
import { DEFAULT_STREAM_LIMITS, type ChatMessage, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig } from '../provider.js';
import { readSse } from '../sse.js';
import { ThinkSplitter } from '../think-splitter.js';
import { parseBaseUrl } from './base-url.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';

export const WENXIN_HOST = 'https://aip.baidubce.com';
export const WENXIN_DEFAULT_MODEL = 'ernie-4.0-8k';
/** Model names whose chat endpoint is not the lower-cased name itself. */
const ENDPOINTS: Record<string, string> = {
  'ernie-4.0-8k': 'completions_pro',
  'ernie-bot-4': 'completions_pro',
  'ernie-3.5-8k': 'completions',
  'ernie-bot': 'completions',
  'ernie-bot-turbo': 'eb-instant',
  'ernie-speed-8k': 'ernie_speed',
};

export function wenxinEndpoint(model: string): string {
  const m = model.trim().toLowerCase();
  return ENDPOINTS[m] ?? m;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Qianfan error codes → the HTTP status our error mapping understands. */
function statusOf(code: number): number {
  if (code === 110 || code === 111 || code === 6 || code === 14 || code === 13) return 401; // token / key invalid or no permission
  if (code === 17 || code === 18 || code === 4 || code === 336501 || code === 336502) return 429; // QPS / daily limits
  if (code === 19) return 402; // total quota used up
  if (code === 336003 || code === 336006 || code === 336007 || code === 336008) return 400; // bad parameters
  return 500;
}

function wenxinError(json: unknown, secrets: (string | undefined)[]): AiError | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const o = json as Record<string, unknown>;
  if (typeof o.error_code === 'number') return errorForStatus(statusOf(o.error_code), JSON.stringify(json), secrets);
  if (typeof o.error === 'string') return errorForStatus(401, JSON.stringify(json), secrets); // OAuth: invalid_client…
  return undefined;
}

/** Wenxin takes the system prompt apart and wants user/assistant turns that start and end with the user. */
export function wenxinMessages(messages: ChatMessage[]): { system?: string; messages: { role: 'user' | 'assistant'; content: string }[] } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
  const turns: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const role = m.role;
    const prev = turns[turns.length - 1];
    if (prev && prev.role === role) prev.content += `\n\n${m.content}`;
    else if (!prev && role === 'assistant') turns.push({ role: 'user', content: '' }, { role, content: m.content });
    else turns.push({ role, content: m.content });
  }
  if (turns.length === 0 || turns[turns.length - 1]!.role !== 'user') turns.push({ role: 'user', content: '' });
  return { ...(system ? { system } : {}), messages: turns };
}

export function createWenxinProvider(config: ProviderConfig): LlmProvider {
  const key = config.apiKey ?? '';
  const sep = key.indexOf(':');
  if (key && sep < 0) {
    const v2 = createOpenAiCompatibleProvider({ ...config, apiHost: config.apiHost?.trim() || 'https://qianfan.baidubce.com/v2', model: config.model || WENXIN_DEFAULT_MODEL });
    return { ...v2, source: 'WENXINAI' };
  }
  const clientId = key.slice(0, sep);
  const clientSecret = key.slice(sep + 1);
  const base = parseBaseUrl(config.apiHost?.trim() || WENXIN_HOST);
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const defaultModel = config.model || WENXIN_DEFAULT_MODEL;
  const cacheKey = `${base.href}\n${clientId}\n${createHash('sha256').update(clientSecret).digest('hex')}`;

  const accessToken = async (signal?: AbortSignal): Promise<string> => {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const url = joinUrl(base.href, 'oauth/2.0/token');
    url.search = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString();
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { accept: 'application/json' }, signal: signal ?? AbortSignal.timeout(limits.firstByteTimeoutMs) });
    } catch (e) {
      throw errorForNetwork(e, new URL(base.origin));
    }
    const text = await readText(res, 64 * 1024);
    // The token URL carries the secret: errors name neither the URL nor it.
    const secrets = [key, clientSecret, clientId];
    if (!res.ok) throw wenxinError(safeJson(text), secrets) ?? errorForStatus(res.status, text, secrets);
    const json = safeJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    const err = wenxinError(json, secrets);
    if (err) throw err;
    if (!json || typeof json.access_token !== 'string') throw new AiError('AI_BAD_JSON_FORMAT', 'badJson');
    const ttl = typeof json.expires_in === 'number' ? json.expires_in * 1000 : 3600_000;
    tokens.set(cacheKey, { token: json.access_token, expiresAt: Date.now() + ttl - 60_000 });
    return json.access_token;
  };

  return {
    source: 'WENXINAI',
    defaultModel,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      if (!clientId || !clientSecret) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiKey' } });
      const token = await accessToken(signal);
      const secrets = [key, clientSecret, token];
      const url = joinUrl(base.href, `rpc/2.0/ai_custom/v1/wenxinworkshop/chat/${encodeURIComponent(wenxinEndpoint(request.model || defaultModel))}`);
      url.searchParams.set('access_token', token);
      try {
        yield* requestDeltas(
          {
            url,
            headers: { accept: 'text/event-stream' },
            body: {
              ...wenxinMessages(request.messages),
              stream: true,
              ...(request.temperature !== undefined ? { temperature: Math.min(Math.max(request.temperature, 0.01), 1) } : {}),
              ...(request.maxTokens !== undefined ? { max_output_tokens: request.maxTokens } : {}),
            },
            secrets,
            limits,
            signal,
          },
          wenxinDecoder(secrets),
        );
      } catch (e) {
        // A rejected token is not reused: the next request asks for a new one.
        if (e instanceof AiError && e.code === 'AI_KEY_INVALID') tokens.delete(cacheKey);
        throw e;
      }
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function wenxinDecoder(secrets: (string | undefined)[]): BodyDecoder {
  return async function* decode(response, body) {
    const type = contentTypeOf(response);
    const splitter = new ThinkSplitter();
    if (!type.includes('text/event-stream')) {
      // An error (or a non-streamed answer) comes as one JSON body.
      const json = parseJson(await readAll(body, 16 * 1024 * 1024));
      const err = wenxinError(json, secrets);
      if (err) throw err;
      const result = (json as { result?: unknown }).result;
      if (typeof result !== 'string') throw new AiError('AI_BAD_JSON_FORMAT', 'badJson');
      yield* splitter.push(result);
      yield* splitter.end();
      return;
    }
    let ended = false;
    for await (const ev of readSse(body)) {
      const data = ev.data.trim();
      if (!data) continue;
      const json = parseJson(data) as { result?: unknown; is_end?: unknown };
      const err = wenxinError(json, secrets);
      if (err) throw err;
      if (typeof json.result === 'string' && json.result) yield* splitter.push(json.result);
      if (json.is_end === true) {
        ended = true;
        break;
      }
    }
    if (!ended) throw new AiError('AI_SERVICE_ERROR', 'streamCut');
    yield* splitter.end();
  };
}
