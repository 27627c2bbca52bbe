/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_STREAM_MESSAGES, ThinkSplitter, streamAi, type AiStreamOptions, type AiStreamState } from './sse.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown;
const routes = new Map<string, Handler>();
const seen: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let base = '';
let clientGone: Promise<void> = Promise.resolve();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    seen.push({ path: req.url ?? '', headers: req.headers, body });
    const h = routes.get(req.url ?? '');
    if (!h) {
      res.writeHead(404).end();
      return;
    }
    await h(req, res, body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sse = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  res.flushHeaders();
};
const data = (o: unknown) => `data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`;

function run(path: string, extra: Partial<AiStreamOptions> = {}) {
  const states: AiStreamState[] = [];
  const thinking: string[] = [];
  const events: Record<string, unknown>[] = [];
  const handle = streamAi({
    baseURL: base,
    path,
    body: { questionType: 'NL_2_SQL', input: 'count customers' },
    onState: (s) => states.push(s),
    onThinking: (_d, full) => thinking.push(full),
    onEvent: (e) => events.push(e),
    ...extra,
  });
  return { handle, states, thinking, events };
}

describe('AI stream client', () => {
  it('streams content, posts the JSON request with the language and key headers, and finishes on [DONE]', async () => {
    routes.set('/ok', async (_req, res) => {
      sse(res);
      // Split one event and one multi-byte character across network writes.
      res.write('data: {"content":"SELECT ');
      await sleep(5);
      res.write('COUNT(*) FROM customers"}\n\ndata: {"content":" — 顾');
      await sleep(5);
      res.end('客"}\r\n\r\n' + data('[DONE]'));
    });
    const contents: string[] = [];
    const { handle, states } = run('/ok', { apiKey: 'sk-test', language: 'ja-JP', onContent: (_d, full) => contents.push(full) });
    const r = await handle.done;
    expect(r.state).toBe('finish');
    expect(r.content).toBe('SELECT COUNT(*) FROM customers — 顾客');
    expect(contents.at(-1)).toBe(r.content);
    expect(states).toEqual(['loading', 'finish']);
    const req = seen.at(-1)!;
    expect(JSON.parse(req.body)).toEqual({ questionType: 'NL_2_SQL', input: 'count customers' });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['accept-language']).toBe('ja-JP');
  });

  it('sends no Authorization header without a key', async () => {
    routes.set('/nokey', (_req, res) => {
      sse(res);
      res.end(data({ content: 'x' }) + data('[DONE]'));
    });
    await run('/nokey').handle.done;
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('shows <think> sections as the thinking state, even when the tags are split across chunks', async () => {
    routes.set('/think', async (_req, res) => {
      sse(res);
      for (const c of ['<thi', 'nk>Look at ', 'the schema</th', 'ink>\n', 'SELECT 1']) {
        res.write(data({ content: c }));
        await sleep(5);
      }
      res.end(data('[DONE]'));
    });
    const { handle, states, thinking } = run('/think');
    const r = await handle.done;
    expect(r.thinking).toBe('Look at the schema');
    expect(r.content).toBe('SELECT 1');
    expect(thinking.at(-1)).toBe('Look at the schema');
    expect(states).toEqual(['loading', 'thinking', 'loading', 'finish']);
  });

  it('an error payload ends the stream in the error state with the code and message', async () => {
    routes.set('/err', (_req, res) => {
      sse(res);
      res.end(data({ content: 'partial' }) + data({ errorCode: 'AI_KEY_INVALID', errorMessage: 'The AI provider rejected the API key (HTTP 401).' }) + data('[DONE]'));
    });
    const { handle, states } = run('/err');
    const r = await handle.done;
    expect(r.state).toBe('error');
    expect(r.error?.kind).toBe('server');
    expect(r.error?.info.errorCode).toBe('AI_KEY_INVALID');
    expect(r.error?.message).toContain('rejected the API key');
    expect(r.content).toBe('partial');
    expect(states.at(-1)).toBe('error');
  });

  it('FREE_TRIAL_USAGE_LIMIT ends the stream with an info, not an error', async () => {
    routes.set('/limit', async (_req, res) => {
      sse(res);
      res.write(data({ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit' }));
      await sleep(200);
      res.end(data({ content: 'never read' }) + data('[DONE]'));
    });
    const { handle, states } = run('/limit');
    const r = await handle.done;
    expect(r.state).toBe('finish');
    expect(r.error).toBeUndefined();
    expect(r.info).toEqual({ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit' });
    expect(r.content).toBe('');
    expect(states).toEqual(['loading', 'finish']);
  });

  it('abort stops the request (the server sees the client go away) and finishes', async () => {
    let gone!: () => void;
    clientGone = new Promise<void>((r) => (gone = r));
    routes.set('/slow', async (req, res) => {
      sse(res);
      req.socket.on('close', () => gone());
      for (let i = 0; i < 1000 && !res.destroyed; i++) {
        res.write(data({ content: `chunk${i} ` }));
        await sleep(20);
      }
      res.end();
    });
    const contents: string[] = [];
    const { handle, states } = run('/slow', { onContent: (_d, full) => contents.push(full) });
    while (contents.length < 3) await sleep(10);
    handle.abort();
    const r = await handle.done;
    expect(r.state).toBe('finish');
    expect(r.stopped).toBe(true);
    expect(r.content).toMatch(/^chunk0 chunk1 chunk2 /);
    expect(states).toEqual(['loading', 'finish']);
    await clientGone; // the upstream request really ended
  });

  it('a non-OK status gives "Fetch failed with status" with the server message as detail', async () => {
    routes.set('/401', (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, errorCode: 'NeedLoggedIn', errorMessage: 'Please log in' }));
    });
    const r = await run('/401').handle.done;
    expect(r.state).toBe('error');
    expect(r.error?.kind).toBe('fetchFailed');
    expect(r.error?.message).toBe(`${AI_STREAM_MESSAGES.fetchFailed} 401`);
    expect(r.error?.info).toMatchObject({ status: 401, errorCode: 'NeedLoggedIn', detail: 'Please log in' });
  });

  it('a content type other than event-stream or JSON gives "not support"', async () => {
    routes.set('/html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
    const r = await run('/html').handle.done;
    expect(r.error?.kind).toBe('notSupport');
    expect(r.error?.message.startsWith(AI_STREAM_MESSAGES.notSupport)).toBe(true);
  });

  it('a JSON reply is read as one message (content or error)', async () => {
    routes.set('/json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { content: 'SELECT 2' } })));
    routes.set('/jsonerr', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, errorCode: 'AI_NOT_CONFIGURED', errorMessage: 'No AI model is configured.' })),
    );
    const ok = await run('/json').handle.done;
    expect(ok).toMatchObject({ state: 'finish', content: 'SELECT 2' });
    const bad = await run('/jsonerr').handle.done;
    expect(bad.state).toBe('error');
    expect(bad.error?.info.errorCode).toBe('AI_NOT_CONFIGURED');
  });

  it('an empty body gives "The response body is empty."', async () => {
    routes.set('/empty', (_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end());
    routes.set('/emptyjson', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end());
    for (const p of ['/empty', '/emptyjson']) {
      const r = await run(p).handle.done;
      expect(r.error?.kind).toBe('emptyBody');
      expect(r.error?.message).toBe(AI_STREAM_MESSAGES.emptyBody);
    }
  });

  it('a line without a key-value separator is an error', async () => {
    routes.set('/badline', (_req, res) => {
      sse(res);
      res.end(data({ content: 'ok ' }) + 'garbage without separator\n\n' + data({ content: 'never' }));
    });
    const r = await run('/badline').handle.done;
    expect(r.state).toBe('error');
    expect(r.error?.kind).toBe('badLine');
    expect(r.content).toBe('ok ');
  });

  it('comments and other fields are ignored; other JSON objects reach onEvent', async () => {
    routes.set('/extra', (_req, res) => {
      sse(res);
      res.end(': keep-alive\n\nevent: message\nid: 1\n' + data({ content: 'a' }) + data({ checks: [{ kind: 'writes' }] }) + data('[DONE]'));
    });
    const { handle, events } = run('/extra');
    const r = await handle.done;
    expect(r.content).toBe('a');
    expect(events).toEqual([{ checks: [{ kind: 'writes' }] }]);
  });

  it('an empty base URL gives "The baseURL is not valid!" without any request', async () => {
    const before = seen.length;
    const r = await run('/ok', { baseURL: '  ' }).handle.done;
    expect(r.error?.kind).toBe('baseUrl');
    expect(r.error?.message).toBe('The baseURL is not valid!');
    expect(seen.length).toBe(before);
  });

  it('calls no callback before the handle is returned (callers may use it in their callbacks)', async () => {
    routes.set('/sync', (_req, res) => {
      sse(res);
      res.end(data('[DONE]'));
    });
    const calls: string[] = [];
    const handle = streamAi({ baseURL: base, path: '/sync', body: {}, onState: (s) => calls.push(s) });
    expect(calls).toEqual([]);
    await handle.done;
    expect(calls).toEqual(['loading', 'finish']);
    const bad = streamAi({ baseURL: '', body: {}, onState: (s) => calls.push(`bad:${s}`) });
    expect(calls).not.toContain('bad:error');
    await bad.done;
    expect(calls).toContain('bad:error');
  });

  it('an unreachable server is a network error', async () => {
    const r = await run('/x', { baseURL: 'http://127.0.0.1:9' }).handle.done;
    expect(r.state).toBe('error');
    expect(r.error?.kind).toBe('network');
  });
});

describe('ThinkSplitter', () => {
  it('holds back a partial tag and keeps text that only looks like a tag start', () => {
    const s = new ThinkSplitter();
    expect(s.push('a <')).toEqual([{ text: 'a ', thinking: false }]);
    expect(s.push('b')).toEqual([{ text: '<b', thinking: false }]);
    expect(s.push('<think>x</think>y')).toEqual([
      { text: 'x', thinking: true },
      { text: 'y', thinking: false },
    ]);
  });
});
