/**
 * Issue 29 items 7 and 19 at the API: Wenxin is a real source (saved with its key pair, the chat
 * streams from a server speaking Qianfan's own protocol) and is refused when saved without a key
 * instead of being accepted and then "not configured"; the settings' Test action answers the
 * model's reply, or "API interface test failed" with the provider's words as the detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedWenxinServer, type ScriptedWenxinServer } from '../../../../packages/ai/test/scripted-wenxin-server.js';
import { testApp, type TestApp } from '../test/helpers.js';

const PAIR = { apiKey: 'AKroute77', secretKey: 'SKroute-secret-55' };

describe('vendor AI sources and the Test action', () => {
  let t: TestApp;
  let wenxin: ScriptedWenxinServer;
  beforeAll(async () => {
    wenxin = await startScriptedWenxinServer(PAIR);
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t.close();
    await wenxin.close();
  });

  it('refuses Wenxin without a key instead of saving a source that then says "not configured"', async () => {
    const res = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url, privacy: 'SCHEMA_ONLY' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toContain('apiKey');
    expect((await t.json('GET', '/api/config/system_config/ai')).body.data.configured).toBe(false);
  });

  it('Test answers "API interface test failed" with the provider text as the detail, in the user language', async () => {
    const res = await t.json('POST', '/api/config/system_config/ai/test', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url, apiKey: `${PAIR.apiKey}:wrong-secret` });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('API interface test failed');
    expect(res.body.errorDetail).toContain('invalid_client');
    expect(res.body.errorDetail).not.toContain('wrong-secret');
    const zh = await t.json('POST', '/api/config/system_config/ai/test', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url, apiKey: `${PAIR.apiKey}:wrong-secret` }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errorMessage).toBe('接口测试失败');
  });

  it('Test with the right pair returns the model reply; saved, Wenxin is configured and the chat streams from it', async () => {
    wenxin.reply({ chunks: ['O', 'K'] });
    const ok = await t.json('POST', '/api/config/system_config/ai/test', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url, apiKey: `${PAIR.apiKey}:${PAIR.secretKey}` });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true, reply: 'OK', model: 'ernie-4.0-8k' });

    const saved = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url, apiKey: `${PAIR.apiKey}:${PAIR.secretKey}`, privacy: 'SCHEMA_ONLY' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, aiSqlSource: 'WENXINAI' });
    // The stored key is used by Test when the form still points at the same source and host.
    wenxin.reply({ chunks: ['fine'] });
    expect((await t.json('POST', '/api/config/system_config/ai/test', { aiSqlSource: 'WENXINAI', apiHost: wenxin.url })).body.data.reply).toBe('fine');

    wenxin.reply({ chunks: ['SELECT ', '1'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { questionType: 'ORDINARY_CHAT', input: 'say one' } });
    expect(res.body).toContain('"content":"SELECT "');
    expect(res.body).toContain('"content":"1"');
    expect(wenxin.requests.at(-1)!.body.messages.at(-1).content).toContain('say one');
  });
});
