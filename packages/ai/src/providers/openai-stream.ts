/**
 * Decoding of the OpenAI chat-completions reply, streamed (SSE `chat.completion.chunk`s ending
 * with `[DONE]`) or not (one `chat.completion` JSON). Shared by the OpenAI-compatible and Azure
 * providers. Reasoning arrives as `reasoning_content` (DeepSeek, vLLM) or `reasoning`
 * (Ollama, OpenRouter), or inline as `<think>` sections.
 */
import { AiError } from '../errors.js';
import { contentTypeOf, inBodyError, parseJson, readAll, type BodyDecoder } from '../http.js';
import type { LlmDelta, LlmRequest } from '../provider.js';
import { readSse } from '../sse.js';
import { ThinkSplitter } from '../think-splitter.js';

interface ChoiceLike {
  delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown };
  message?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown };
  finish_reason?: string | null;
}

export function openAiDecoder(secrets: (string | undefined)[]): BodyDecoder {
  return async function* decode(response, body) {
    const type = contentTypeOf(response);
    if (type.includes('application/json')) {
      yield* completionJson(await readAll(body, 16 * 1024 * 1024), secrets);
      return;
    }
    if (type && !type.includes('text/event-stream') && !type.includes('text/plain')) {
      throw new AiError('AI_SERVICE_ERROR', 'unsupportedContentType', { params: { contentType: type } });
    }
    const splitter = new ThinkSplitter();
    let sawDone = false;
    let sawFinish = false;
    let events = 0;
    for await (const ev of readSse(body)) {
      events++;
      const data = ev.data.trim();
      if (data === '[DONE]') {
        sawDone = true;
        break;
      }
      if (data === '') continue;
      const json = parseJson(data);
      const err = inBodyError(json, secrets);
      if (err) throw err;
      for (const choice of choicesOf(json)) {
        const d = choice.delta ?? {};
        const reasoning = textOf(d.reasoning_content) || textOf(d.reasoning);
        if (reasoning) yield { type: 'thinking', text: reasoning } satisfies LlmDelta;
        const content = textOf(d.content);
        if (content) yield* splitter.push(content);
        if (choice.finish_reason) sawFinish = true;
      }
    }
    yield* splitter.end();
    if (events === 0) throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
    if (!sawDone && !sawFinish) throw new AiError('AI_SERVICE_ERROR', 'streamCut');
  };
}

function* completionJson(text: string, secrets: (string | undefined)[]): Generator<LlmDelta> {
  if (text.trim() === '') throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
  const json = parseJson(text);
  const err = inBodyError(json, secrets);
  if (err) throw err;
  const choice = choicesOf(json)[0];
  if (!choice) throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
  const m = choice.message ?? choice.delta ?? {};
  const reasoning = textOf(m.reasoning_content) || textOf(m.reasoning);
  if (reasoning) yield { type: 'thinking', text: reasoning };
  const splitter = new ThinkSplitter();
  yield* splitter.push(textOf(m.content));
  yield* splitter.end();
}

function choicesOf(json: unknown): ChoiceLike[] {
  const choices = (json as { choices?: unknown })?.choices;
  return Array.isArray(choices) ? (choices as ChoiceLike[]) : [];
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  // Some servers send content as an array of parts: [{ type: 'text', text }].
  if (Array.isArray(v)) return v.map((p) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : '')).join('');
  return '';
}

/** The streaming chat-completions request body shared by OpenAI-compatible endpoints and Azure (which names the model by deployment). */
export function openAiChatBody(request: LlmRequest, model?: string): Record<string, unknown> {
  return {
    ...(model !== undefined ? { model } : {}),
    messages: request.messages,
    stream: true,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
  };
}
