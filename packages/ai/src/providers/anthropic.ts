/**
 * Anthropic Messages API with streaming: `POST {host}/v1/messages`, `x-api-key`,
 * `anthropic-version`. The system prompt goes in `system`; the conversation must alternate
 * user/assistant and start with a user turn, so consecutive same-role messages are merged.
 * Events: `content_block_delta` with `text_delta` (answer) or `thinking_delta` (reasoning),
 * `message_stop` at the end, `error` in-stream (e.g. overloaded).
 */
import { AiError } from '../errors.js';
import { contentTypeOf, inBodyError, parseJson, readAll, requestDeltas, type BodyDecoder } from '../http.js';
import {
  DEFAULT_STREAM_LIMITS, type ChatMessage, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig,
} from '../provider.js';
import { readSse } from '../sse.js';
import { ThinkSplitter } from '../think-splitter.js';
import { parseBaseUrl } from './base-url.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_MAX_TOKENS = 8192;

export function anthropicMessagesUrl(host: string): URL {
  const url = parseBaseUrl(host);
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/messages')) url.pathname = (path.endsWith('/v1') ? path : `${path}/v1`) + '/messages';
  return url;
}

export function toAnthropicMessages(messages: ChatMessage[]): { system?: string; messages: { role: 'user' | 'assistant'; content: string }[] } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
  const turns: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const last = turns[turns.length - 1];
    if (last && last.role === m.role) last.content += '\n\n' + m.content;
    else turns.push({ role: m.role, content: m.content });
  }
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: '(continue)' });
  return { ...(system ? { system } : {}), messages: turns };
}

export function createAnthropicProvider(config: ProviderConfig): LlmProvider {
  const url = anthropicMessagesUrl(config.apiHost?.trim() || 'https://api.anthropic.com');
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const secrets = [config.apiKey];

  return {
    source: 'ANTHROPIC',
    defaultModel: config.model,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      const model = request.model || config.model;
      if (!model) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'model' } });
      yield* requestDeltas(
        {
          url,
          headers: {
            ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}),
            'anthropic-version': ANTHROPIC_VERSION,
            accept: 'text/event-stream',
          },
          body: {
            model,
            max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
            stream: true,
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...toAnthropicMessages(request.messages),
          },
          secrets,
          limits,
          signal,
        },
        anthropicDecoder(secrets),
      );
    },
  };
}

function anthropicDecoder(secrets: (string | undefined)[]): BodyDecoder {
  return async function* decode(response, body) {
    const splitter = new ThinkSplitter();
    if (contentTypeOf(response).includes('application/json')) {
      // A non-streamed Message (some gateways ignore `stream`).
      const json = parseJson(await readAll(body, 16 * 1024 * 1024)) as { content?: { type: string; text?: string; thinking?: string }[] };
      const err = inBodyError(json, secrets);
      if (err) throw err;
      for (const block of json.content ?? []) {
        if (block.type === 'thinking' && block.thinking) yield { type: 'thinking', text: block.thinking };
        if (block.type === 'text' && block.text) yield* splitter.push(block.text);
      }
      yield* splitter.end();
      return;
    }
    let stopped = false;
    let events = 0;
    for await (const ev of readSse(body)) {
      events++;
      if (ev.data.trim() === '') continue;
      const json = parseJson(ev.data) as {
        type?: string;
        delta?: { type?: string; text?: string; thinking?: string };
      };
      if (ev.event === 'error' || json.type === 'error') throw inBodyError({ ...json, type: 'error' }, secrets)!;
      if (json.type === 'content_block_delta') {
        const d = json.delta ?? {};
        if (d.type === 'thinking_delta' && d.thinking) yield { type: 'thinking', text: d.thinking };
        else if (d.type === 'text_delta' && d.text) yield* splitter.push(d.text);
      } else if (json.type === 'message_stop') {
        stopped = true;
        break;
      }
    }
    yield* splitter.end();
    if (events === 0) throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
    if (!stopped) throw new AiError('AI_SERVICE_ERROR', 'streamCut');
  };
}
