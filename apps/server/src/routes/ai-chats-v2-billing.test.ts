/**
 * Named chats choose their model like POST /api/v2/ai/chat: on a billed server the managed model's
 * uses are counted against the organisation's plan (one per answer), a reached limit ends the
 * answer with FREE_TRIAL_USAGE_LIMIT (on the failed part and as its own stream message), and the
 * organisation's own key is never counted; an offline-activated local install is refused the managed
 * model (LICENSE_NOT_SUPPORTED). The scripted OpenAI-protocol model server; an Excel chat's DuckDB file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { as, makeUser, type Persona } from '../test/org-fixtures.js';
import { commerceWorld } from '../test/commerce-fixtures.js';
import { finalParts, post, upload, waitLoaded } from '../test/chat-v2-helpers.js';
import { testApp, type TestApp } from '../test/helpers.js';
import { billingConfigFromEnv } from '../services/commerce/billing-config.js';
import { generateKeyPair, publicKeyPem, signDocument } from '../services/licence/signing.js';

const SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const scripted = (llm: ScriptedLlmServer) =>
  llm.handle((req) => (JSON.stringify(req.body).includes('You summarise') ? { content: ['North sold less.'] } : { content: ['```sql\n', SQL, '\n```'] }));

async function excelChat(t: TestApp, headers: Record<string, string> = {}): Promise<number> {
  const up = await upload(t, [{ name: 'sales.csv', content: 'region,amount\nnorth,10\nsouth,20\nnorth,5\n' }], headers);
  expect(up.status).toBe(200);
  const created = await t.app.inject({ method: 'POST', url: '/api/ai/chat/create', payload: { name: 'Sales', sourceType: 'EXCEL', uploadId: up.body.data.uploadId }, headers });
  const { brief } = await waitLoaded(t, created.json().data.id, headers);
  expect(brief.excel.status).toBe('READY');
  return brief.id;
}

describe('named chats on a billed server: the managed model is counted', () => {
  let w: Awaited<ReturnType<typeof commerceWorld>>;
  let llm: ScriptedLlmServer;
  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    w = await commerceWorld('chatv2', { ASKDB_MANAGED_AI_URL: llm.openAiBase, ASKDB_MANAGED_AI_KEY: 'sk-managed-test', ASKDB_MANAGED_AI_MODEL: 'scripted-model' });
    scripted(llm);
  });
  afterAll(async () => {
    await w?.close();
    await llm?.close();
  });
  const used = async (who: Persona) => (await as(w.t, who, 'GET', '/api/ai/config/remaininguses')).body.data.aiUses.used;

  it('one use per answer, then FREE_TRIAL_USAGE_LIMIT ends the answer without calling the model; the own key is never counted', async () => {
    const u = await makeUser(w.t, 'Chat trial');
    const chatId = await excelChat(w.t, u.headers);
    expect(await used(u)).toBe(0);

    const ok = await post(w.t, '/api/ai/chat/ask', { chatId, question: 'Total amount by region?' }, u.headers);
    const parts = finalParts(ok.events);
    expect(parts.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(parts[2].dataList).toEqual([['north', '15'], ['south', '20']]);
    expect(llm.last().headers.authorization).toBe('Bearer sk-managed-test');
    expect(llm.last().body.model).toBe('scripted-model');
    expect(await used(u)).toBe(1); // the SQL and the summary: one answer, one use

    // The rest of the trial's 10 uses, in the plain AI chat.
    for (let i = 0; i < 9; i++) {
      await w.t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { input: 'hello', questionType: 'ORDINARY_CHAT' }, headers: u.headers });
    }
    expect(await used(u)).toBe(10);

    const sent = llm.requests.length;
    const over = await post(w.t, '/api/ai/chat/ask', { chatId, question: 'And by month?' }, u.headers);
    expect(over.status).toBe(200);
    const refused = finalParts(over.events);
    expect(refused[0]).toMatchObject({ status: 'FAIL', errorCode: 'FREE_TRIAL_USAGE_LIMIT', error: 'AI usage limit reached: upgrade to continue' });
    expect(refused.slice(1).map((p) => p.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
    // The stream's own error message (what the web turns into the pricing modal), then [DONE].
    expect(over.events.slice(-2)).toEqual([{ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit reached: upgrade to continue' }, '[DONE]']);
    expect(llm.requests.length).toBe(sent);
    expect(await used(u)).toBe(10);

    // The organisation's own key: answers, uncounted.
    expect((await as(w.t, u, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own-key', model: 'own-model', privacy: 'SCHEMA_AND_SAMPLES' })).status).toBe(200);
    const own = await post(w.t, '/api/ai/chat/ask', { chatId, question: 'Total amount by region?' }, u.headers);
    expect(finalParts(own.events).map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(own.events.some((e) => e?.errorCode)).toBe(false);
    expect(llm.last().headers.authorization).toBe('Bearer sk-own-key');
    expect(llm.last().body.model).toBe('own-model');
    expect(await used(u)).toBe(10);
  });
});

describe('named chats on an offline-activated local install', () => {
  const key = generateKeyPair();
  let llm: ScriptedLlmServer;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    const env = { ASKDB_LICENCE_PUBLIC_KEY: publicKeyPem(key.publicKey), ASKDB_LICENCE_AUTHORITY: 'http://127.0.0.1:9', ASKDB_MANAGED_AI_URL: llm.openAiBase, ASKDB_MANAGED_AI_MODEL: 'scripted-model' };
    t = await testApp({ demo: false, billing: billingConfigFromEnv(env, 'local') }, env);
    scripted(llm);
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('the managed model is refused with LICENSE_NOT_SUPPORTED (the model not called); its own key answers', async () => {
    const chatId = await excelChat(t);
    const me = (await t.json('GET', '/api/licence/status')).body.data;
    const cert = signDocument({ typ: 'device-certificate', lic: 1, code: 'ASKDB-*****-*****-*****-44444', order: null, product: 'AskDB Local Pro', deviceId: me.device.id, deviceName: me.device.name, os: me.device.os, mode: 'offline', iat: new Date(Date.now() - 60_000).toISOString(), exp: null }, key);
    const act = await t.json('POST', '/api/licence/activate', { code: 'ASKDB-11111-22222-33333-44444', mode: 'offline', certificate: cert });
    expect(act.body.data).toMatchObject({ state: 'ACTIVATED', mode: 'offline' });

    const sent = llm.requests.length;
    const refused = await post(t, '/api/ai/chat/ask', { chatId, question: 'Total amount by region?' });
    expect(finalParts(refused.events)[0]).toMatchObject({ status: 'FAIL', errorCode: 'LICENSE_NOT_SUPPORTED' });
    expect(refused.events.at(-2)).toMatchObject({ errorCode: 'LICENSE_NOT_SUPPORTED' });
    expect(llm.requests.length).toBe(sent);

    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own', model: 'scripted-model', privacy: 'SCHEMA_AND_SAMPLES' });
    const own = await post(t, '/api/ai/chat/ask', { chatId, question: 'Total amount by region?' });
    expect(finalParts(own.events).map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(llm.last().headers.authorization).toBe('Bearer sk-own');
  });
});
