/**
 * A scripted LLM server of our own for tests: real HTTP on 127.0.0.1 with a real SSE stream,
 * speaking the OpenAI chat-completions protocol (any path but the two below), the Anthropic
 * Messages protocol (`…/messages`), and the RESTAI `{"content"}` framing (`…/rest…`).
 *
 * Each test queues replies (`reply`) or installs a handler (`handle`), then asserts on the
 * recorded requests (path, headers, JSON body — what the prompt contained) and on whether the
 * client went away early (`closedEarly`, for abort tests).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WireFormat = 'openai' | 'anthropic' | 'rest';

export interface ScriptedReply {
  /** Non-2xx: the status and `errorBody` (JSON) are sent, nothing else. */
  status?: number;
  errorBody?: unknown;
  /** Reasoning chunks sent first (OpenAI `reasoning_content`, Anthropic `thinking_delta`). */
  thinking?: string[];
  /** Content chunks, one SSE event each. */
  content?: string[];
  /** Raw text written to the socket as is, after the headers (any framing, broken or not). */
  raw?: string[];
  /** A non-streamed JSON body (application/json). */
  json?: unknown;
  /** Any body with any content type. */
  body?: { text: string; contentType: string };
  /** Wait before sending the headers. */
  headersDelayMs?: number;
  /** Wait between chunks. */
  chunkDelayMs?: number;
  /** Destroy the socket after this many content chunks (a stream cut mid-way). */
  cutAfter?: number;
  /** Stream `content[0]` (or "x") forever until the client goes away. */
  forever?: boolean;
  /** End cleanly but without the end marker ([DONE] / message_stop) and without a finish reason. */
  omitEnd?: boolean;
  /** Override the format the path implies. */
  format?: WireFormat;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: any;
  /** True when the client closed the connection before the reply was complete. */
  closedEarly: boolean;
  /** Resolves when the exchange is over (reply complete or client gone). */
  done: Promise<void>;
}

export interface ScriptedLlmServer {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** `http://127.0.0.1:port/v1`, the OpenAI-compatible base URL. */
  readonly openAiBase: string;
  readonly requests: RecordedRequest[];
  /** Model ids served by `GET …/models`. */
  models: string[];
  reply(...replies: ScriptedReply[]): void;
  handle(fn: ((req: RecordedRequest) => ScriptedReply) | undefined): void;
  last(): RecordedRequest;
  /** All message contents of the last request joined (OpenAI/Anthropic/REST bodies). */
  lastPromptText(): string;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startScriptedLlmServer(): Promise<ScriptedLlmServer> {
  const queue: ScriptedReply[] = [];
  let handler: ((req: RecordedRequest) => ScriptedReply) | undefined;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let models = ['scripted-model', 'scripted-model-large'];

  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    let finish!: () => void;
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      closedEarly: false,
      done: new Promise<void>((r) => (finish = r)),
    };
    requests.push(record);
    let complete = false;
    res.on('close', () => {
      if (!complete) record.closedEarly = true;
      finish();
    });
    if (req.method === 'GET' && /\/models$/.test(record.path)) {
      complete = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model' })) }));
      return;
    }
    const reply = queue.shift() ?? handler?.(record) ?? { content: ['OK'] };
    const format: WireFormat = reply.format ?? (/\/messages(\?|$)/.test(record.path) ? 'anthropic' : /\/rest/.test(record.path) ? 'rest' : 'openai');
    try {
      await play(reply, format, res, () => (complete = true));
    } catch {
      /* client went away */
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openAiBase: `${url}/v1`,
    requests,
    get models() {
      return models;
    },
    set models(m: string[]) {
      models = m;
    },
    reply: (...r) => queue.push(...r),
    handle: (fn) => (handler = fn),
    last: () => requests[requests.length - 1]!,
    lastPromptText() {
      const b = requests[requests.length - 1]?.body ?? {};
      const msgs = (b.messages ?? []) as { content: string }[];
      return [b.system ?? '', b.message ?? '', ...msgs.map((m) => m.content)].join('\n');
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function play(reply: ScriptedReply, format: WireFormat, res: ServerResponse, markComplete: () => void): Promise<void> {
  if (reply.headersDelayMs) await sleep(reply.headersDelayMs);
  if (res.destroyed) return;
  if (reply.status && reply.status >= 300) {
    markComplete();
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.errorBody ?? { error: { message: `scripted ${reply.status}` } }));
    return;
  }
  if (reply.json !== undefined) {
    markComplete();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.json));
    return;
  }
  if (reply.body) {
    markComplete();
    res.writeHead(200, { 'content-type': reply.body.contentType });
    res.end(reply.body.text);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const write = async (s: string) => {
    if (res.destroyed) throw new Error('client gone');
    res.write(s);
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
  };
  if (reply.raw) {
    for (const r of reply.raw) await write(r);
    markComplete();
    res.end();
    return;
  }
  const frame = framer(format);
  await write(frame.start());
  for (const t of reply.thinking ?? []) await write(frame.thinking(t));
  if (reply.forever) {
    const piece = reply.content?.[0] ?? 'x';
    for (;;) {
      await write(frame.content(piece));
      if (!reply.chunkDelayMs) await sleep(1);
    }
  }
  let n = 0;
  for (const c of reply.content ?? []) {
    if (reply.cutAfter !== undefined && n >= reply.cutAfter) return cut(res);
    await write(frame.content(c));
    n++;
  }
  if (reply.cutAfter !== undefined && n >= reply.cutAfter) return cut(res);
  if (!reply.omitEnd) await write(frame.end());
  markComplete();
  res.end();
}

/** Drop the connection mid-body, after what was written has reached the client. */
async function cut(res: ServerResponse): Promise<void> {
  await sleep(50);
  res.socket?.destroy();
}

function framer(format: WireFormat) {
  const data = (o: unknown) => `data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`;
  if (format === 'anthropic') {
    const ev = (type: string, o: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...o })}\n\n`;
    return {
      start: () => ev('message_start', { message: { id: 'msg_1', role: 'assistant', content: [] } }) + ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      thinking: (t: string) => ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: t } }),
      content: (t: string) => ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: t } }),
      end: () => ev('content_block_stop', { index: 0 }) + ev('message_delta', { delta: { stop_reason: 'end_turn' } }) + ev('message_stop', {}),
    };
  }
  if (format === 'rest') {
    return {
      start: () => '',
      thinking: (t: string) => data({ reasoning_content: t }),
      content: (t: string) => data({ content: t }),
      end: () => data('[DONE]'),
    };
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    data({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'scripted-model', choices: [{ index: 0, delta, finish_reason: finish }] });
  return {
    start: () => chunk({ role: 'assistant', content: '' }),
    thinking: (t: string) => chunk({ reasoning_content: t }),
    content: (t: string) => chunk({ content: t }),
    end: () => chunk({}, 'stop') + data('[DONE]'),
  };
}
