/**
 * Issue 29 item 7: the spec's vendor AI sources, each against a scripted server speaking its
 * protocol with a real SSE stream — Wenxin (Qianfan's own token + `result`/`is_end` protocol),
 * Zhipu (JWT signed from the `{id}.{secret}` key) and Baichuan (OpenAI protocol at its host).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { startScriptedWenxinServer, type ScriptedWenxinServer } from '../../test/scripted-wenxin-server.js';
import { AiError } from '../errors.js';
import { collectReply } from '../provider.js';
import { createProvider } from './registry.js';

const conversation = [
  { role: 'system' as const, content: 'You write SQL.' },
  { role: 'user' as const, content: 'Count orders' },
];

let wenxin: ScriptedWenxinServer;
let llm: ScriptedLlmServer;
beforeAll(async () => {
  wenxin = await startScriptedWenxinServer({ apiKey: 'AKwenxin123', secretKey: 'SKsecret456789' });
  llm = await startScriptedLlmServer();
});
afterAll(async () => {
  await wenxin.close();
  await llm.close();
});

describe('Wenxin (ERNIE) provider', () => {
  const provider = (apiKey = 'AKwenxin123:SKsecret456789', model?: string) => createProvider({ source: 'WENXINAI', apiHost: wenxin.url, apiKey, model });

  it('gets an access token, then streams the reply in order, with the system prompt apart', async () => {
    wenxin.reply({ chunks: ['SELECT ', 'COUNT(*) ', 'FROM orders'] });
    const deltas: string[] = [];
    for await (const d of provider().stream({ messages: conversation })) deltas.push(d.text);
    expect(deltas).toEqual(['SELECT ', 'COUNT(*) ', 'FROM orders']);
    const req = wenxin.requests.at(-1)!;
    expect(req.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro');
    expect(req.query.get('access_token')).toMatch(/^24\.tok/);
    expect(req.body).toMatchObject({ system: 'You write SQL.', messages: [{ role: 'user', content: 'Count orders' }], stream: true });
  });

  it('reuses the token and maps the model to its endpoint', async () => {
    const before = wenxin.tokenRequests;
    wenxin.reply({ chunks: ['a'] }, { chunks: ['b'] });
    await collectReply(provider(undefined, 'ERNIE-Speed-128K').stream({ messages: conversation }));
    await collectReply(provider().stream({ messages: conversation }));
    expect(wenxin.tokenRequests).toBe(before);
    expect(wenxin.requests.at(-2)!.path).toMatch(/\/chat\/ernie-speed-128k$/);
  });

  it('a wrong secret key is AI_KEY_INVALID and never echoes the secret', async () => {
    const err = await collectReply(provider('AKwenxin123:wrong-secret-999').stream({ messages: conversation })).catch((e) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err.code).toBe('AI_KEY_INVALID');
    expect(err.detail).toContain('invalid_client');
    expect(JSON.stringify({ m: err.message, d: err.detail })).not.toContain('wrong-secret-999');
  });

  it("an error in the stream and a cut stream are the provider's failures, with its text as the detail", async () => {
    wenxin.reply({ chunks: ['SELECT'], error: { code: 336501, msg: 'Rate limit reached for RPM' } }, { chunks: ['SEL'], cut: true });
    const busy = await collectReply(provider().stream({ messages: conversation })).catch((e) => e);
    expect(busy.code).toBe('AI_SERVICE_BUSY');
    expect(busy.detail).toContain('Rate limit reached for RPM');
    const cut = await collectReply(provider().stream({ messages: conversation })).catch((e) => e);
    expect(cut.code).toBe('AI_SERVICE_ERROR');
  });

  it('needs the API key and secret key pair (no "not configured" after saving a half setting)', async () => {
    const err = await collectReply(createProvider({ source: 'WENXINAI', apiHost: wenxin.url }).stream({ messages: conversation })).catch((e) => e);
    expect(err.code).toBe('AI_NOT_CONFIGURED');
    expect(err.message).toContain('apiKey');
  });
});

describe('Zhipu provider', () => {
  it('signs a JWT from the {id}.{secret} key and streams the OpenAI-style reply', async () => {
    llm.reply({ content: ['SELECT ', '1'] });
    const p = createProvider({ source: 'ZHIPUAI', apiHost: `${llm.url}/api/paas/v4`, apiKey: 'zhipu-id.zhipu-secret-abc' });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('SELECT 1');
    const req = llm.last();
    expect(req.path).toBe('/api/paas/v4/chat/completions');
    expect(req.body.model).toBe('glm-4-flash');
    const token = String(req.headers.authorization).replace(/^Bearer /, '');
    const [head, claims, sig] = token.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    const c = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    expect(c.api_key).toBe('zhipu-id');
    expect(c.exp).toBeGreaterThan(c.timestamp);
    expect(sig).toBe(createHmac('sha256', 'zhipu-secret-abc').update(`${head}.${claims}`).digest('base64url'));
    expect(token).not.toContain('zhipu-secret-abc');
  });

  it("maps Zhipu's 401 to AI_KEY_INVALID with the vendor text as the detail", async () => {
    llm.reply({ status: 401, errorBody: { error: { code: '1000', message: '身份验证失败。' } } });
    const p = createProvider({ source: 'ZHIPUAI', apiHost: llm.url, apiKey: 'id.secret-x', model: 'glm-4' });
    const err = await collectReply(p.stream({ messages: conversation })).catch((e) => e);
    expect(err.code).toBe('AI_KEY_INVALID');
    expect(err.detail).toContain('身份验证失败');
  });
});

describe('Baichuan provider', () => {
  it('streams from its host with the bearer key and its default model', async () => {
    llm.reply({ content: ['SELECT ', '2'] });
    const p = createProvider({ source: 'BAICHUANAI', apiHost: `${llm.url}/v1`, apiKey: 'sk-baichuan-1' });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('SELECT 2');
    expect(llm.last().path).toBe('/v1/chat/completions');
    expect(llm.last().headers.authorization).toBe('Bearer sk-baichuan-1');
    expect(llm.last().body.model).toBe('Baichuan4-Turbo');
  });
});
