/**
 * The HTTP part every provider shares: one POST, timeouts, the size limit, error mapping and
 * cancellation. Providers supply only the URL, headers, body and a decoder from the response
 * body to deltas.
 */
import { AiError, abortError, errorForNetwork, errorForStatus } from './errors.js';
import type { LlmDelta, StreamLimits } from './provider.js';

export interface HttpCall {
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  /** Strings that must never appear in an error (the API key). */
  secrets: (string | undefined)[];
  limits: StreamLimits;
  signal?: AbortSignal;
}

export type BodyDecoder = (response: Response, body: AsyncIterable<Uint8Array>) => AsyncIterable<LlmDelta>;

export async function* requestDeltas(call: HttpCall, decode: BodyDecoder): AsyncGenerator<LlmDelta> {
  const { url, limits, signal } = call;
  if (signal?.aborted) throw abortError();
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timeoutError: AiError | undefined;
  let timer = setTimeout(() => {
    timeoutError = new AiError('AI_UNREACHABLE', 'firstByteTimeout', {
      params: { host: url.host, seconds: Math.round(limits.firstByteTimeoutMs / 1000) },
    });
    controller.abort();
  }, limits.firstByteTimeoutMs);
  const armIdle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timeoutError = new AiError('AI_SERVICE_ERROR', 'stalled', {
        params: { seconds: Math.round(limits.idleTimeoutMs / 1000) },
      });
      controller.abort();
    }, limits.idleTimeoutMs);
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...call.headers },
        body: JSON.stringify(call.body),
        signal: controller.signal,
      });
    } catch (e) {
      if (signal?.aborted) throw abortError();
      if (timeoutError) throw timeoutError;
      throw errorForNetwork(e, url);
    }
    armIdle();
    if (!response.ok) {
      const text = await readText(response, 64 * 1024).catch(() => '');
      throw errorForStatus(response.status, text, call.secrets);
    }
    if (!response.body) throw new AiError('AI_SERVICE_ERROR', 'emptyBody');
    const body = touchEachChunk(response.body, armIdle);
    let size = 0;
    for await (const delta of decode(response, body)) {
      size += delta.text.length;
      if (size > limits.maxResponseChars) {
        throw new AiError('AI_RESPONSE_TOO_LARGE', 'tooLarge', { params: { limit: limits.maxResponseChars } });
      }
      yield delta;
    }
  } catch (e) {
    if (signal?.aborted) throw abortError();
    if (timeoutError) throw timeoutError;
    if (e instanceof AiError) throw e;
    // The socket closed under us while reading the body ("terminated", "other side closed").
    throw new AiError('AI_SERVICE_ERROR', 'streamCut');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // Stops the upstream request when the caller stopped early or an error ended the stream.
    controller.abort();
  }
}

async function* touchEachChunk(body: AsyncIterable<Uint8Array>, touch: () => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    touch();
    yield chunk;
  }
}

/** Read a response body as text, at most `max` bytes (error bodies can be anything). */
export async function readText(response: Response | { body: AsyncIterable<Uint8Array> | null }, max: number): Promise<string> {
  if (!response.body) return '';
  return readAll(response.body as AsyncIterable<Uint8Array>, max);
}

/** Whole body as text; past `max` bytes the rest is dropped. */
export async function readAll(body: AsyncIterable<Uint8Array>, max: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (bytes >= max) break;
  }
  return text + decoder.decode();
}

export function contentTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').toLowerCase();
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AiError('AI_BAD_JSON_FORMAT', 'badJson');
  }
}

/** An error object sent inside an otherwise OK body (`{"error": …}`, `{"object":"error"}`, Anthropic `type: error`). */
export function inBodyError(json: unknown, secrets: (string | undefined)[]): AiError | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const o = json as Record<string, unknown>;
  const isError = o.error !== undefined && o.error !== null ? true : o.object === 'error' || o.type === 'error';
  if (!isError) return undefined;
  const err = (typeof o.error === 'object' && o.error ? o.error : o) as Record<string, unknown>;
  const type = String(err.type ?? err.code ?? '');
  const status = Number(err.status ?? err.code ?? o.code);
  const text = JSON.stringify(json);
  if (/overloaded|rate_limit/i.test(type)) return errorForStatus(429, text, secrets);
  if (/authentication|invalid_api_key|permission/i.test(type)) return errorForStatus(401, text, secrets);
  if (Number.isInteger(status) && status >= 400 && status < 600) return errorForStatus(status, text, secrets);
  return errorForStatus(500, text, secrets);
}

/** Join a base URL and a path, keeping the base's path (`http://h/v1` + `chat/completions`). */
export function joinUrl(base: string, path: string): URL {
  const b = base.replace(/\/+$/, '');
  return new URL(`${b}/${path.replace(/^\/+/, '')}`);
}
