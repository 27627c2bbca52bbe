/**
 * The AI stream client (spec 01 §4, §5, §7, §8): POSTs a chat request and reads the server's
 * `text/event-stream` reply (`data: {"content":"…"}` messages, `data: [DONE]` last; errors as
 * `data: {"errorCode","errorMessage"}`), reporting the stream state idle → loading
 * (→ thinking while a `<think>` section streams) → finish | error. Stopping (abort) counts as
 * stop then finish. The error messages of spec 01 §5 are kept in English here, with a `kind`
 * the UI translates.
 */
import type { AiStreamState } from '@askdb/contracts';

export type { AiStreamState };

export type AiStreamErrorKind =
  | 'baseUrl' // base URL not a non-empty string
  | 'badLine' // a line without a key-value separator
  | 'notSupport' // content type other than event-stream or JSON
  | 'fetchFailed' // non-OK HTTP status
  | 'emptyBody' // no body at all
  | 'network' // fetch itself failed (server unreachable)
  | 'server'; // an error payload from the server ({errorCode, errorMessage})

/** The exact English messages of spec 01 §5. */
export const AI_STREAM_MESSAGES = {
  baseUrl: 'The baseURL is not valid!',
  notSupport: 'not support',
  fetchFailed: 'Fetch failed with status',
  emptyBody: 'The response body is empty.',
  badLine: 'Invalid line in the event stream (no key-value separator)',
} as const;

export const FREE_TRIAL_USAGE_LIMIT = 'FREE_TRIAL_USAGE_LIMIT';

export class AiStreamError extends Error {
  constructor(
    message: string,
    readonly kind: AiStreamErrorKind,
    readonly info: { status?: number; errorCode?: string; detail?: string } = {},
  ) {
    super(message);
    this.name = 'AiStreamError';
  }
}

export interface AiStreamOptions {
  /** Origin of the AskDB server, e.g. `window.location.origin`; must be a non-empty string. */
  baseURL: string;
  path?: string;
  body: unknown;
  /** Sent as a bearer token when set. */
  apiKey?: string;
  language?: string;
  fetchImpl?: typeof fetch;
  onState?(state: AiStreamState): void;
  /** Answer text: the new piece and everything so far. */
  onContent?(delta: string, full: string): void;
  /** Reasoning text (`<think>` sections, or a `thinking` field): the new piece and everything so far. */
  onThinking?(delta: string, full: string): void;
  /** Any other JSON object the server sends (e.g. check results). */
  onEvent?(payload: Record<string, unknown>): void;
}

export interface AiStreamResult {
  state: 'finish' | 'error';
  content: string;
  thinking: string;
  /** True when the user stopped the stream. */
  stopped: boolean;
  error?: AiStreamError;
  /** Set when the server ended the stream with FREE_TRIAL_USAGE_LIMIT: an info message, not an error. */
  info?: { errorCode: string; errorMessage: string };
}

export interface AiStreamHandle {
  abort(): void;
  done: Promise<AiStreamResult>;
}

export const AI_CHAT_PATH = '/api/v2/ai/chat';

export function streamAi(opts: AiStreamOptions): AiStreamHandle {
  const controller = new AbortController();
  let stopped = false;
  const done = run(opts, controller.signal, () => stopped);
  return {
    abort() {
      stopped = true;
      controller.abort();
    },
    done,
  };
}

async function run(opts: AiStreamOptions, signal: AbortSignal, wasStopped: () => boolean): Promise<AiStreamResult> {
  // Callbacks never fire before streamAi has returned its handle.
  await Promise.resolve();
  let state: AiStreamState = 'idle';
  const setState = (s: AiStreamState) => {
    if (s === state) return;
    state = s;
    opts.onState?.(s);
  };
  let content = '';
  let thinking = '';
  const think = new ThinkSplitter();
  const emit = (pieces: Piece[]) => {
    for (const p of pieces) {
      if (p.thinking) {
        thinking += p.text;
        setState('thinking');
        opts.onThinking?.(p.text, thinking);
      } else {
        content += p.text;
        setState('loading');
        opts.onContent?.(p.text, content);
      }
    }
  };
  const finish = (extra: Partial<AiStreamResult> = {}): AiStreamResult => {
    emit(think.end());
    const error = extra.error;
    setState(error ? 'error' : 'finish');
    return { state: error ? 'error' : 'finish', content, thinking, stopped: wasStopped(), ...extra };
  };

  if (typeof opts.baseURL !== 'string' || opts.baseURL.trim() === '') {
    return finish({ error: new AiStreamError(AI_STREAM_MESSAGES.baseUrl, 'baseUrl') });
  }
  setState('loading');
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (opts.apiKey) headers.Authorization = `Bearer ${opts.apiKey}`;
  if (opts.language) headers['Accept-Language'] = opts.language;
  try {
    const res = await (opts.fetchImpl ?? fetch)(opts.baseURL.replace(/\/+$/, '') + (opts.path ?? AI_CHAT_PATH), {
      method: 'POST',
      headers,
      body: JSON.stringify(opts.body),
      signal,
    });
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      const env = parseJson(body);
      return finish({
        error: new AiStreamError(`${AI_STREAM_MESSAGES.fetchFailed} ${res.status}`, 'fetchFailed', {
          status: res.status,
          errorCode: str(env?.errorCode),
          detail: str(env?.errorMessage) ?? (body && !env ? body.slice(0, 500) : undefined),
        }),
      });
    }
    if (!res.body) return finish({ error: new AiStreamError(AI_STREAM_MESSAGES.emptyBody, 'emptyBody') });
    if (type.includes('application/json')) {
      const text = await res.text();
      if (text.trim() === '') return finish({ error: new AiStreamError(AI_STREAM_MESSAGES.emptyBody, 'emptyBody') });
      const outcome = handlePayload(text, emit, think, opts);
      return finish(outcome === 'done' ? {} : outcome);
    }
    if (!type.includes('text/event-stream')) {
      await res.body.cancel().catch(() => {});
      return finish({ error: new AiStreamError(`${AI_STREAM_MESSAGES.notSupport}: ${type || 'no content type'}`, 'notSupport') });
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const lines = new LineSplitter();
    let data: string[] = [];
    let sawBytes = false;
    let outcome: 'done' | Partial<AiStreamResult> | undefined;
    const dispatch = () => {
      if (data.length === 0) return;
      const payload = data.join('\n');
      data = [];
      outcome = handlePayload(payload, emit, think, opts);
    };
    const onLine = (line: string) => {
      if (line === '') return dispatch();
      if (line.startsWith(':')) return;
      const colon = line.indexOf(':');
      if (colon < 0) throw new AiStreamError(`${AI_STREAM_MESSAGES.badLine}: ${line.slice(0, 120)}`, 'badLine');
      const field = line.slice(0, colon);
      let value = line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data.push(value);
    };
    try {
      while (outcome === undefined) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value.length > 0) sawBytes = true;
        for (const line of lines.push(decoder.decode(value, { stream: true }))) {
          onLine(line);
          if (outcome !== undefined) break;
        }
      }
      if (outcome === undefined) {
        for (const line of lines.end(decoder.decode())) onLine(line);
        dispatch();
      }
    } finally {
      if (outcome !== undefined) reader.cancel().catch(() => {});
    }
    if (!sawBytes) return finish({ error: new AiStreamError(AI_STREAM_MESSAGES.emptyBody, 'emptyBody') });
    return finish(outcome === undefined || outcome === 'done' ? {} : outcome);
  } catch (e) {
    if (wasStopped() || (e as Error)?.name === 'AbortError') return finish();
    if (e instanceof AiStreamError) return finish({ error: e });
    return finish({ error: new AiStreamError((e as Error)?.message || 'Network error', 'network') });
  }
}

/**
 * One `data` payload: `[DONE]` ends the stream; `{content}` / `{thinking}` stream text; an
 * `{errorCode, errorMessage}` ends it with an error (or, for the free-trial limit, an info);
 * a JSON envelope `{success, data}` is unwrapped; non-JSON text is answer text.
 */
function handlePayload(payload: string, emit: (p: Piece[]) => void, think: ThinkSplitter, opts: AiStreamOptions): 'done' | Partial<AiStreamResult> | undefined {
  if (payload.trim() === '[DONE]') return 'done';
  const json = parseJson(payload);
  if (!json) {
    emit([{ text: payload, thinking: false }]);
    return undefined;
  }
  const code = str(json.errorCode);
  if (code || json.success === false) {
    const message = str(json.errorMessage) ?? code ?? 'Error';
    if (code === FREE_TRIAL_USAGE_LIMIT) return { info: { errorCode: code, errorMessage: message } };
    return { error: new AiStreamError(message, 'server', { errorCode: code, detail: str(json.errorDetail) }) };
  }
  const body = json.success === true && json.data && typeof json.data === 'object' ? (json.data as Record<string, unknown>) : json;
  const thinkingText = str(body.thinking) ?? str(body.reasoning_content);
  if (thinkingText) emit([{ text: thinkingText, thinking: true }]);
  const text = str(body.content);
  if (text !== undefined) emit(think.push(text));
  const rest = Object.keys(body).filter((k) => k !== 'content' && k !== 'thinking' && k !== 'reasoning_content');
  if (rest.length > 0) opts.onEvent?.(body);
  return undefined;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

interface Piece {
  text: string;
  thinking: boolean;
}

/** Splits `<think>…</think>` sections out of streamed text; tags may be split across chunks. */
export class ThinkSplitter {
  private inThink = false;
  private held = '';
  private trimNewline = false;

  push(text: string): Piece[] {
    const out: Piece[] = [];
    let s = this.held + text;
    this.held = '';
    while (s.length > 0) {
      const tag = this.inThink ? '</think>' : '<think>';
      const at = s.indexOf(tag);
      if (at >= 0) {
        this.emit(out, s.slice(0, at));
        s = s.slice(at + tag.length);
        this.inThink = !this.inThink;
        if (!this.inThink) this.trimNewline = true;
        continue;
      }
      let keep = 0;
      for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) {
        if (tag.startsWith(s.slice(s.length - n))) {
          keep = n;
          break;
        }
      }
      this.emit(out, s.slice(0, s.length - keep));
      this.held = s.slice(s.length - keep);
      break;
    }
    return out;
  }

  end(): Piece[] {
    const out: Piece[] = [];
    this.emit(out, this.held);
    this.held = '';
    return out;
  }

  private emit(out: Piece[], text: string): void {
    if (!this.inThink && this.trimNewline && text.length > 0) {
      text = text.replace(/^\r?\n+/, '');
      if (text.length > 0) this.trimNewline = false;
    }
    if (text) out.push({ text, thinking: this.inThink });
  }
}

/** Lines ending in LF, CRLF or CR, across chunk boundaries. */
class LineSplitter {
  private buffer = '';
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (c === 13 && i + 1 === this.buffer.length) break;
      out.push(this.buffer.slice(start, i));
      if (c === 13 && this.buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }
  end(text: string): string[] {
    const out = this.push(text);
    const rest = this.buffer.replace(/\r$/, '');
    if (rest) out.push(rest);
    this.buffer = '';
    return out;
  }
}
