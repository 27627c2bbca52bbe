/**
 * The LlmProvider contract: the one seam between AskDB and a language model.
 *
 * A provider turns a chat request into a stream of deltas. Every provider (OpenAI-compatible,
 * Azure OpenAI, Anthropic, the custom REST source) is a plain module implementing this
 * interface; `createProvider` (registry.ts) maps the spec's AI source enum to them.
 */
import type { AiSource } from '@askdb/contracts';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface LlmRequest {
  /** Model name as the provider knows it; falls back to the provider's configured model. */
  model?: string;
  /** The conversation, system message first when there is one. */
  messages: ChatMessage[];
  temperature?: number;
  /** Upper bound on generated tokens the provider is asked for (Anthropic requires one). */
  maxTokens?: number;
}

/**
 * One piece of the reply, in order of arrival.
 * - `content`: answer text shown to the user (markdown).
 * - `thinking`: reasoning text; comes from `<think>…</think>` sections in content, from
 *   `reasoning_content` / `reasoning` fields (DeepSeek, vLLM, Ollama) or from Anthropic
 *   `thinking_delta`s. The UI shows it in the thinking state, never as the answer.
 */
export type LlmDelta = { type: 'content'; text: string } | { type: 'thinking'; text: string };

export interface LlmProvider {
  /** Which spec AI source this provider serves (for logs and the model list). */
  readonly source: AiSource;
  /** The configured default model, if any. */
  readonly defaultModel?: string;
  /**
   * Stream the reply to `request`.
   *
   * - Yields deltas as they arrive; the iterable ends when the model says it is done.
   * - Throws `AiError` (errors.ts) with one of the spec's AI error codes when the provider
   *   fails: HTTP status, unreachable host, a stream cut before its end marker, a reply over
   *   the size limit, undecodable JSON. The error never contains the API key.
   * - Aborting `signal` cancels the upstream HTTP request at once and the iterable throws an
   *   `AbortError` (see `isAbortError`). Breaking out of the loop also cancels the request.
   */
  stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmDelta>;
  /** Model names the endpoint offers, when it can list them (OpenAI-compatible `GET /models`). */
  listModels?(signal?: AbortSignal): Promise<string[]>;
}

/** Everything needed to build a provider; the server keeps it (key encrypted) in its settings. */
export interface ProviderConfig {
  source: AiSource;
  /** Never logged, never put in an error or a prompt. Optional: local servers need none. */
  apiKey?: string;
  /** Base URL (OpenAI-compatible: `https://host/v1`; Azure: `https://res.openai.azure.com`; REST: the full URL). */
  apiHost?: string;
  model?: string;
  /** Azure OpenAI deployment name. */
  deployment?: string;
  /** Azure OpenAI api-version. */
  apiVersion?: string;
  /** RESTAI only: whether the endpoint streams SSE (true) or answers one JSON/text body (false). */
  stream?: boolean;
  limits?: Partial<StreamLimits>;
}

export interface StreamLimits {
  /** A reply longer than this many characters (content + thinking) is cut with AI_RESPONSE_TOO_LARGE. */
  maxResponseChars: number;
  /** No response headers within this time: AI_UNREACHABLE. Local models may load slowly, so it is generous. */
  firstByteTimeoutMs: number;
  /** Silence for this long in the middle of a stream: AI_SERVICE_ERROR (stalled). */
  idleTimeoutMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxResponseChars: 200_000,
  firstByteTimeoutMs: 120_000,
  idleTimeoutMs: 120_000,
};

/** Collect a whole reply (tests, the corrective round, non-UI callers). */
export async function collectReply(
  deltas: AsyncIterable<LlmDelta>,
): Promise<{ content: string; thinking: string }> {
  let content = '';
  let thinking = '';
  for await (const d of deltas) {
    if (d.type === 'content') content += d.text;
    else thinking += d.text;
  }
  return { content, thinking };
}
