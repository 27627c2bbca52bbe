/**
 * The spec's RESTAI custom source: the user's own HTTP endpoint.
 *
 * Request: `POST {apiHost}` (the full URL) with JSON
 *   `{ "message": "<whole prompt as text>", "messages": [{role, content}…], "model"?, "stream" }`
 * and `Authorization: Bearer <key>` when a key is set.
 *
 * Reply, streaming (`stream: true`): SSE whose `data` is `{"content":"…"}` (the same framing
 * AskDB itself serves), an OpenAI chunk, or plain text; `[DONE]` ends it (a clean end of the
 * body is accepted too; a broken connection is not).
 * Reply, non-streaming: JSON `{content}` / `{data}` / `{text}` / `{message}` / an OpenAI
 * completion, or a text/plain body.
 */
import { AiError } from '../errors.js';
import { contentTypeOf, inBodyError, parseJson, readAll, requestDeltas, type BodyDecoder } from '../http.js';
import { DEFAULT_STREAM_LIMITS, type ChatMessage, type LlmDelta, type LlmProvider, type LlmRequest, type ProviderConfig } from '../provider.js';
import { readSse } from '../sse.js';
import { ThinkSplitter } from '../think-splitter.js';
import { parseBaseUrl } from './base-url.js';

export function flattenPrompt(messages: ChatMessage[]): string {
  if (messages.length === 1) return messages[0]!.content;
  return messages.map((m) => `${m.role.toUpperCase()}:\n${m.content}`).join('\n\n');
}

export function createRestAiProvider(config: ProviderConfig): LlmProvider {
  if (!config.apiHost) throw new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiHost' } });
  const url = parseBaseUrl(config.apiHost);
  const limits = { ...DEFAULT_STREAM_LIMITS, ...config.limits };
  const secrets = [config.apiKey];
  const streaming = config.stream !== false;

  return {
    source: 'RESTAI',
    defaultModel: config.model,
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta> {
      const model = request.model || config.model;
      yield* requestDeltas(
        {
          url,
          headers: {
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
            accept: streaming ? 'text/event-stream' : 'application/json',
          },
          body: { message: flattenPrompt(request.messages), messages: request.messages, ...(model ? { model } : {}), stream: streaming },
          secrets,
          limits,
          signal,
        },
        restDecoder(secrets),
      );
    },
  };
}

function restDecoder(secrets: (string | undefined)[]): BodyDecoder {
  return async function* decode(response, body) {
    const type = contentTypeOf(response);
    const splitter = new ThinkSplitter();
    if (type.includes('text/event-stream')) {
      for await (const ev of readSse(body)) {
        const data = ev.data;
        if (data.trim() === '[DONE]') break;
        for (const d of piece(data, secrets)) {
          if (d.type === 'thinking') yield d;
          else yield* splitter.push(d.text);
        }
      }
      yield* splitter.end();
      return;
    }
    if (type.includes('application/json') || type.includes('text/plain') || type === '') {
      const text = await readAll(body, 16 * 1024 * 1024);
      if (text.trim() === '') throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
      const deltas = type.includes('application/json') ? fromJson(parseJson(text), secrets) : [{ type: 'content' as const, text }];
      for (const d of deltas) {
        if (d.type === 'thinking') yield d;
        else yield* splitter.push(d.text);
      }
      yield* splitter.end();
      return;
    }
    throw new AiError('AI_SERVICE_ERROR', 'unsupportedContentType', { params: { contentType: type } });
  };
}

/** One SSE data payload: JSON when it parses as an object, otherwise plain text. */
function piece(data: string, secrets: (string | undefined)[]): LlmDelta[] {
  const t = data.trim();
  if (t.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(t);
    } catch {
      return [{ type: 'content', text: data }];
    }
    return fromJson(json, secrets);
  }
  return data ? [{ type: 'content', text: data }] : [];
}

function fromJson(json: unknown, secrets: (string | undefined)[]): LlmDelta[] {
  const err = inBodyError(json, secrets);
  if (err) throw err;
  const o = (json ?? {}) as Record<string, unknown>;
  const out: LlmDelta[] = [];
  const choice = Array.isArray(o.choices) ? (o.choices[0] as Record<string, Record<string, unknown>>) : undefined;
  const src = choice ? { ...(choice.delta ?? {}), ...(choice.message ?? {}) } : o;
  const thinking = src.reasoning_content ?? src.reasoning ?? src.thinking;
  if (typeof thinking === 'string' && thinking) out.push({ type: 'thinking', text: thinking });
  const content = src.content ?? src.text ?? (typeof src.data === 'string' ? src.data : undefined) ?? (typeof src.message === 'string' ? src.message : undefined);
  if (typeof content === 'string' && content) out.push({ type: 'content', text: content });
  return out;
}
