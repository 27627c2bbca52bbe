import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { AiError } from '../errors.js';
import { collectReply } from '../provider.js';
import { createProvider } from './registry.js';
import { chatCompletionsUrl, OPENAI_COMPATIBLE_HOSTS } from './openai-compatible.js';

let llm: ScriptedLlmServer;
beforeAll(async () => {
  llm = await startScriptedLlmServer();
});
afterAll(async () => {
  await llm.close();
});

const conversation = [
  { role: 'system' as const, content: 'You write SQL.' },
  { role: 'user' as const, content: 'Count orders' },
];

describe('Azure OpenAI provider', () => {
  it('calls the deployment URL with api-version and the api-key header', async () => {
    llm.reply({ content: ['SELECT COUNT(*) FROM orders'] });
    const p = createProvider({ source: 'AZUREAI', apiHost: llm.url, apiKey: 'azure-key-123456', deployment: 'gpt4o-prod', apiVersion: '2024-06-01' });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('SELECT COUNT(*) FROM orders');
    const req = llm.last();
    expect(req.path).toBe('/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-06-01');
    expect(req.headers['api-key']).toBe('azure-key-123456');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('needs a deployment', () => {
    expect(() => createProvider({ source: 'AZUREAI', apiHost: llm.url })).toThrow(/deployment/);
  });
});

describe('Anthropic provider', () => {
  const p = () => createProvider({ source: 'ANTHROPIC', apiHost: llm.url, apiKey: 'ant-key-0123456789', model: 'claude-x' });

  it('streams text and thinking deltas, with the system prompt apart and the version header', async () => {
    llm.reply({ thinking: ['consider orders'], content: ['SELECT ', 'COUNT(*)'] });
    const deltas = [];
    for await (const d of p().stream({ messages: conversation })) deltas.push(d);
    expect(deltas.filter((d) => d.type === 'content').map((d) => d.text).join('')).toBe('SELECT COUNT(*)');
    expect(deltas.filter((d) => d.type === 'thinking').map((d) => d.text).join('')).toBe('consider orders');
    const req = llm.last();
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe('ant-key-0123456789');
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.body.system).toBe('You write SQL.');
    expect(req.body.messages).toEqual([{ role: 'user', content: 'Count orders' }]);
    expect(req.body.max_tokens).toBeGreaterThan(0);
  });

  it('maps an overloaded error (529 or in-stream) to AI_SERVICE_BUSY', async () => {
    llm.reply(
      { status: 529, errorBody: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { raw: ['event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'] },
    );
    for (let i = 0; i < 2; i++) {
      const e = await collectReply(p().stream({ messages: conversation })).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AiError);
      expect((e as AiError).code).toBe('AI_SERVICE_BUSY');
    }
  });

  it('reports a stream that ends without message_stop as cut', async () => {
    llm.reply({ content: ['SELECT'], omitEnd: true });
    const e = (await collectReply(p().stream({ messages: conversation })).catch((x: unknown) => x)) as AiError;
    expect(e.messageKey).toBe('streamCut');
  });
});

describe('RESTAI custom provider', () => {
  it('streams {"content"} SSE and sends the prompt as message and messages', async () => {
    llm.reply({ content: ['Hello ', 'there'] });
    const p = createProvider({ source: 'RESTAI', apiHost: `${llm.url}/rest/chat`, apiKey: 'rest-key-abcdef12', stream: true });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('Hello there');
    const req = llm.last();
    expect(req.path).toBe('/rest/chat');
    expect(req.body.stream).toBe(true);
    expect(req.body.message).toContain('You write SQL.');
    expect(req.body.message).toContain('Count orders');
    expect(req.headers.authorization).toBe('Bearer rest-key-abcdef12');
  });

  it('reads a non-streaming JSON or text reply', async () => {
    const p = createProvider({ source: 'RESTAI', apiHost: `${llm.url}/rest/once`, stream: false });
    llm.reply({ json: { content: 'json answer' } }, { body: { text: 'text answer', contentType: 'text/plain' } });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('json answer');
    expect(llm.last().body.stream).toBe(false);
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('text answer');
  });

  it('reports an empty reply', async () => {
    const p = createProvider({ source: 'RESTAI', apiHost: `${llm.url}/rest/once`, stream: false });
    llm.reply({ body: { text: '', contentType: 'application/json' } });
    const e = (await collectReply(p.stream({ messages: conversation })).catch((x: unknown) => x)) as AiError;
    expect(e.messageKey).toBe('emptyBody');
  });
});

describe('registry', () => {
  it('says how to configure a model when the source is the product AI with nothing shipped', () => {
    const e = (() => {
      try {
        createProvider({ source: 'ASKDB' });
      } catch (x) {
        return x as AiError;
      }
    })()!;
    expect(e.code).toBe('AI_NOT_CONFIGURED');
    expect(e.localized('en-US')).toMatch(/Settings/);
  });

  it('gives Zhipu, Baichuan and Wenxin their vendor base URL, and an explicit host wins', async () => {
    const url = (s: keyof typeof OPENAI_COMPATIBLE_HOSTS) => chatCompletionsUrl(new URL(OPENAI_COMPATIBLE_HOSTS[s]!)).href;
    expect(url('ZHIPUAI')).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    expect(url('BAICHUANAI')).toBe('https://api.baichuan-ai.com/v1/chat/completions');
    expect(url('WENXINAI')).toBe('https://qianfan.baidubce.com/v2/chat/completions');
    llm.reply({ content: ['glm says hi'] });
    const p = createProvider({ source: 'ZHIPUAI', apiHost: llm.openAiBase, apiKey: 'plain-zhipu-key', model: 'glm-4' });
    expect((await collectReply(p.stream({ messages: conversation }))).content).toBe('glm says hi');
    expect(llm.last().body.model).toBe('glm-4');
    // A key that is not `{id}.{secret}` goes as it is.
    expect(llm.last().headers.authorization).toBe('Bearer plain-zhipu-key');
  });
});
