/**
 * A scripted server speaking Baidu Qianfan's own (non-OpenAI) protocol for tests: real HTTP on
 * 127.0.0.1 with a real SSE stream.
 *
 * - `POST /oauth/2.0/token?grant_type=client_credentials&client_id=…&client_secret=…` answers an
 *   access token for the configured key pair, `{"error":"invalid_client"…}` otherwise.
 * - `POST /rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}?access_token=…` streams the queued
 *   reply as `data: {"result":"…","is_end":false}` events ending with `is_end: true`; an unknown
 *   token answers `{"error_code":110,…}` in a 200 JSON body, as Qianfan does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WenxinReply {
  /** `result` pieces, one SSE event each. */
  chunks?: string[];
  /** An error object instead of an answer (200 JSON body, or in the stream after `chunks`). */
  error?: { code: number; msg: string };
  /** Destroy the socket after the chunks, without the `is_end` event. */
  cut?: boolean;
}

export interface WenxinRequest {
  path: string;
  query: URLSearchParams;
  body: any;
}

export interface ScriptedWenxinServer {
  readonly url: string;
  readonly requests: WenxinRequest[];
  /** Token requests answered so far. */
  tokenRequests: number;
  reply(...r: WenxinReply[]): void;
  close(): Promise<void>;
}

export async function startScriptedWenxinServer(pair: { apiKey: string; secretKey: string }): Promise<ScriptedWenxinServer> {
  const queue: WenxinReply[] = [];
  const requests: WenxinRequest[] = [];
  const issued = new Set<string>();
  const sockets = new Set<import('node:net').Socket>();
  const state = { tokenRequests: 0 };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = await readBody(req);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth/2.0/token') {
      state.tokenRequests++;
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credentials' || q.get('client_id') !== pair.apiKey || q.get('client_secret') !== pair.secretKey) {
        return json(401, { error: 'invalid_client', error_description: 'unknown client id' });
      }
      const token = `24.tok${issued.size + 1}.2592000`;
      issued.add(token);
      return json(200, { access_token: token, expires_in: 2592000, scope: 'ai_custom_qianfan' });
    }
    const m = /^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/chat\/([^/]+)$/.exec(url.pathname);
    if (!m || req.method !== 'POST') return json(404, { error_code: 3, error_msg: 'Unsupported openapi method' });
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    requests.push({ path: url.pathname, query: url.searchParams, body });
    if (!issued.has(url.searchParams.get('access_token') ?? '')) return json(200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    const reply = queue.shift() ?? { chunks: ['OK'] };
    if (reply.error && !reply.chunks) return json(200, { error_code: reply.error.code, error_msg: reply.error.msg });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const chunks = reply.chunks ?? [];
    chunks.forEach((c, i) => {
      res.write(`data: ${JSON.stringify({ id: 'as-1', object: 'chat.completion', sentence_id: i, is_end: false, result: c })}\n\n`);
    });
    if (reply.error) res.write(`data: ${JSON.stringify({ error_code: reply.error.code, error_msg: reply.error.msg })}\n\n`);
    if (reply.cut) return res.socket?.destroy();
    res.end(`data: ${JSON.stringify({ id: 'as-1', object: 'chat.completion', sentence_id: chunks.length, is_end: true, result: '' })}\n\n`);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    get tokenRequests() {
      return state.tokenRequests;
    },
    set tokenRequests(n: number) {
      state.tokenRequests = n;
    },
    reply: (...r) => queue.push(...r),
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
