import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { AiError, isAbortError } from '../errors.js';
import { collectReply, type LlmDelta, type ProviderConfig } from '../provider.js';
import { createProvider } from './registry.js';

let llm: ScriptedLlmServer;
beforeAll(async () => {
  llm = await startScriptedLlmServer();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => llm.handle(undefined));

const KEY = 'sk-test-SECRET-0123456789abcdef';
const ask = [{ role: 'user' as const, content: 'How many orders?' }];

function provider(extra: Partial<ProviderConfig> = {}) {
  return createProvider({ source: 'OPENAI', apiHost: llm.openAiBase, apiKey: KEY, model: 'scripted-model', ...extra });
}

async function failure(p: Promise<unknown>): Promise<AiError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e, 'expected the call to fail').toBeInstanceOf(AiError);
  return e as AiError;
}

describe('OpenAI-compatible provider', () => {
  it('streams the reply and sends model, messages and the bearer key', async () => {
    llm.reply({ content: ['There are ', '42', ' orders.'] });
    const reply = await collectReply(provider().stream({ messages: ask }));
    expect(reply.content).toBe('There are 42 orders.');
    const req = llm.last();
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: 'scripted-model', stream: true, messages: ask });
  });

  it('sends no Authorization header when no key is configured (Ollama, LM Studio)', async () => {
    llm.reply({ content: ['ok'] });
    await collectReply(provider({ apiKey: undefined }).stream({ messages: ask }));
    expect(llm.last().headers.authorization).toBeUndefined();
  });

  it('accepts the base URL without /v1 and as the full chat/completions URL', async () => {
    llm.reply({ content: ['a'] }, { content: ['b'] });
    await collectReply(provider({ apiHost: llm.url }).stream({ messages: ask }));
    expect(llm.last().path).toBe('/v1/chat/completions');
    await collectReply(provider({ apiHost: `${llm.url}/api/paas/v4/chat/completions` }).stream({ messages: ask }));
    expect(llm.last().path).toBe('/api/paas/v4/chat/completions');
  });

  it('turns reasoning_content and <think> sections into thinking deltas', async () => {
    llm.reply({ thinking: ['first ', 'think'], content: ['<thi', 'nk>more</think>', 'SELECT 1'] });
    const deltas: LlmDelta[] = [];
    for await (const d of provider().stream({ messages: ask })) deltas.push(d);
    expect(deltas.filter((d) => d.type === 'thinking').map((d) => d.text).join('')).toBe('first thinkmore');
    expect(deltas.filter((d) => d.type === 'content').map((d) => d.text).join('')).toBe('SELECT 1');
    expect(deltas[0]!.type).toBe('thinking');
  });

  it('reads a non-streamed JSON completion from a server that ignores stream:true', async () => {
    llm.reply({ json: { choices: [{ message: { role: 'assistant', content: 'plain' }, finish_reason: 'stop' }] } });
    expect((await collectReply(provider().stream({ messages: ask }))).content).toBe('plain');
  });

  it('maps 401 to AI_KEY_INVALID without ever showing the key, even when the provider echoes it', async () => {
    llm.reply({ status: 401, errorBody: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const e = await failure(collectReply(provider().stream({ messages: ask })));
    expect(e.code).toBe('AI_KEY_INVALID');
    expect(e.message).toContain('401');
    for (const text of [e.message, e.detail ?? '', e.localized('zh-CN'), e.localized('ja-JP'), JSON.stringify(e), String(e.stack)]) {
      expect(text).not.toContain('SECRET');
    }
    expect(e.localized('zh-CN')).toContain('API Key');
  });

  it('maps 429 to busy, 429 with a quota message to the key limit, 402 to the key limit', async () => {
    llm.reply(
      { status: 429, errorBody: { error: { message: 'Rate limit reached, slow down' } } },
      { status: 429, errorBody: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota' } } },
      { status: 402, errorBody: { error: { message: 'Insufficient Balance' } } },
    );
    expect((await failure(collectReply(provider().stream({ messages: ask })))).code).toBe('AI_SERVICE_BUSY');
    expect((await failure(collectReply(provider().stream({ messages: ask })))).code).toBe('AI_KEY_LIMIT');
    expect((await failure(collectReply(provider().stream({ messages: ask })))).code).toBe('AI_KEY_LIMIT');
  });

  it('maps 500 to AI_SERVICE_ERROR and 404 to a message about the host and model', async () => {
    llm.reply({ status: 500 }, { status: 404, errorBody: { error: { message: 'model "nope" not found' } } });
    const e500 = await failure(collectReply(provider().stream({ messages: ask })));
    expect(e500.code).toBe('AI_SERVICE_ERROR');
    expect(e500.status).toBe(500);
    const e404 = await failure(collectReply(provider().stream({ messages: ask })));
    expect(e404.code).toBe('AI_SERVICE_ERROR');
    expect(e404.message).toMatch(/model/i);
    expect(e404.detail).toContain('not found');
  });

  it('reports an unreachable host as AI_UNREACHABLE naming the host', async () => {
    const dead = await startScriptedLlmServer();
    const url = dead.openAiBase;
    await dead.close();
    const e = await failure(collectReply(provider({ apiHost: url }).stream({ messages: ask })));
    expect(e.code).toBe('AI_UNREACHABLE');
    expect(e.message).toContain(new URL(url).host);
    expect(e.message).toContain('connection refused');
  });

  it('reports a stream cut mid-way after relaying what arrived', async () => {
    llm.reply({ content: ['SELECT ', '* FROM ', 'orders'], cutAfter: 2 });
    const got: string[] = [];
    const e = await failure(
      (async () => {
        for await (const d of provider().stream({ messages: ask })) got.push(d.text);
      })(),
    );
    expect(e.code).toBe('AI_SERVICE_ERROR');
    expect(e.messageKey).toBe('streamCut');
    expect(got.join('')).toBe('SELECT * FROM ');
  });

  it('treats a clean end without [DONE] or finish_reason as a cut stream', async () => {
    llm.reply({ content: ['half'], omitEnd: true });
    expect((await failure(collectReply(provider().stream({ messages: ask })))).messageKey).toBe('streamCut');
  });

  it('cuts an endless reply at the size limit and closes the upstream request', async () => {
    llm.reply({ forever: true, content: ['SELECT 1 UNION ALL '] });
    const e = await failure(collectReply(provider({ limits: { maxResponseChars: 5000 } }).stream({ messages: ask })));
    expect(e.code).toBe('AI_RESPONSE_TOO_LARGE');
    expect(e.message).toContain('5000');
    const req = llm.last();
    await req.done;
    expect(req.closedEarly).toBe(true);
  });

  it('abort stops the upstream request', async () => {
    llm.reply({ forever: true, content: ['tick '], chunkDelayMs: 20 });
    const ctl = new AbortController();
    let n = 0;
    const err = await (async () => {
      for await (const _ of provider().stream({ messages: ask }, ctl.signal)) {
        if (++n === 3) ctl.abort();
      }
    })().then(() => undefined, (e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    const req = llm.last();
    await req.done;
    expect(req.closedEarly).toBe(true);
  });

  it('breaking out of the loop also stops the upstream request', async () => {
    llm.reply({ forever: true, content: ['tick '], chunkDelayMs: 10 });
    for await (const _ of provider().stream({ messages: ask })) break;
    const req = llm.last();
    await req.done;
    expect(req.closedEarly).toBe(true);
  });

  it('gives up on a host that sends no headers in time, and on a stalled stream', async () => {
    llm.reply({ headersDelayMs: 1500, content: ['late'] });
    const slow = await failure(collectReply(provider({ limits: { firstByteTimeoutMs: 200 } }).stream({ messages: ask })));
    expect(slow.code).toBe('AI_UNREACHABLE');
    expect(slow.messageKey).toBe('firstByteTimeout');
    llm.reply({ content: ['a', 'b'], chunkDelayMs: 1500 });
    const stalled = await failure(collectReply(provider({ limits: { idleTimeoutMs: 300 } }).stream({ messages: ask })));
    expect(stalled.messageKey).toBe('stalled');
  });

  it('reports a chunk that is not JSON as AI_BAD_JSON_FORMAT', async () => {
    llm.reply({ raw: ['data: {"choices":[{"delta":{"content":"a"}}]}\n\n', 'data: {not json\n\n'] });
    expect((await failure(collectReply(provider().stream({ messages: ask })))).code).toBe('AI_BAD_JSON_FORMAT');
  });

  it('reports an error object sent inside the stream', async () => {
    llm.reply({ raw: ['data: {"error":{"message":"context length exceeded","code":400}}\n\n'] });
    const e = await failure(collectReply(provider().stream({ messages: ask })));
    expect(e.code).toBe('AI_SERVICE_ERROR');
    expect(e.detail).toContain('context length');
  });

  it('rejects an unsupported content type and an invalid host', async () => {
    llm.reply({ body: { text: '<html></html>', contentType: 'text/html' } });
    const e = await failure(collectReply(provider().stream({ messages: ask })));
    expect(e.messageKey).toBe('unsupportedContentType');
    expect(() => provider({ apiHost: 'ftp://x' })).toThrow(AiError);
  });

  it('lists the models of the endpoint', async () => {
    llm.models = ['m1', 'm2'];
    expect(await provider().listModels!()).toEqual(['m1', 'm2']);
    expect(llm.last().headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
