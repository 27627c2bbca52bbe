/**
 * The edition gate of a local install (spec 02 §4, §8): what the offline edition sells
 * (LOCAL_LICENSED_FEATURES: dashboards, the managed AI, AI reports) needs the 14-day trial or an
 * activated licence; the core loop and AI with one's own key never. Fake clock; a scripted
 * OpenAI-protocol model; a small fake authority signing a real Ed25519 licence for online activation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_LICENSED_FEATURES } from '@askdb/contracts';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../../packages/ai/test/scripted-llm-server.js';
import { pgSourceInput, testApp, type TestApp } from '../../test/helpers.js';
import { billingConfigFromEnv } from '../commerce/billing-config.js';
import { licenceServices } from './index.js';
import { generateKeyPair, publicKeyPem, signDocument } from './signing.js';

const DAY = 86_400_000;

function sse(body: string): any[] {
  return body.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => b.slice(6)).map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

describe('local install: the edition gate follows the licence', () => {
  const key = generateKeyPair();
  let llm: ScriptedLlmServer;
  let authority: http.Server;
  let t: TestApp;
  let now = Date.parse('2026-03-01T00:00:00Z');

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    // The authority's activate call, answering a licence for the asking device (what services/licence/authority.ts signs).
    authority = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const b = JSON.parse(raw) as { code: string; deviceId: string; deviceName: string; os: string };
        const licence = signDocument(
          { typ: 'licence', lic: 1, code: '****-' + b.code.slice(-5), order: null, product: 'AskDB Local Pro', deviceId: b.deviceId, deviceName: b.deviceName, os: b.os, mode: 'online', iat: new Date(now).toISOString(), exp: new Date(now + 365 * DAY).toISOString() },
          key,
        );
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { licence } }));
      });
    });
    await new Promise<void>((r) => authority.listen(0, '127.0.0.1', r));
    const env = {
      ASKDB_LICENCE_PUBLIC_KEY: publicKeyPem(key.publicKey),
      ASKDB_LICENCE_AUTHORITY: `http://127.0.0.1:${(authority.address() as AddressInfo).port}`,
      ASKDB_MANAGED_AI_URL: llm.openAiBase, ASKDB_MANAGED_AI_MODEL: 'scripted-model',
    };
    t = await testApp({ demo: false, billing: billingConfigFromEnv(env, 'local') }, env);
    licenceServices(t.deps).local!.now = () => new Date(now);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await new Promise((r) => authority?.close(r));
  });

  const chat = async (questionType = 'ORDINARY_CHAT') => sse((await t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { input: 'hello', questionType } })).body);
  const errorOf = (events: any[]) => events.find((e) => e !== '[DONE]' && e.errorCode)?.errorCode ?? null;
  const dashboards = () => t.json('GET', '/api/dashboard/list');
  let sourceId: number;
  /** The core loop: connections, browsing, the console running SQL. */
  const coreLoop = async () => {
    expect((await t.json('GET', '/api/connection/datasource/list')).status).toBe(200);
    expect((await t.json('GET', `/api/rdb/table/list?dataSourceId=${sourceId}&databaseName=postgres&schemaName=public`)).status).toBe(200);
    const run = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: sourceId, databaseName: 'postgres', sql: 'select 1 as one' });
    expect(run.status).toBe(200);
    expect(JSON.stringify(run.body.data)).toContain('one');
  };

  it('the table reserves dashboards, the managed AI and AI reports to the licensed offline edition', () => {
    expect([...LOCAL_LICENSED_FEATURES].sort()).toEqual(['AI_MANAGED_MODEL', 'AI_REPORTS', 'DASHBOARDS']);
  });

  it('in the trial everything answers', async () => {
    const created = await t.json('POST', '/api/connection/datasource/create', pgSourceInput('local-gate', 'postgres'));
    expect(created.status).toBe(200);
    sourceId = created.body.data.id ?? created.body.data;
    expect((await dashboards()).status).toBe(200);
    expect(errorOf(await chat())).toBeNull();
    expect(errorOf(await chat('DASHBOARD_GENERATION'))).toBeNull();
    await coreLoop();
  });

  it('trial over: those features answer OFFLINE_TRIAL_EXPIRED, the core loop and one\'s own key still work', async () => {
    now += 15 * DAY;
    const d = await t.json('GET', '/api/dashboard/list', undefined, { 'accept-language': 'zh-CN' });
    expect(d.status).toBe(403);
    expect(d.body.errorCode).toBe('OFFLINE_TRIAL_EXPIRED');
    expect(d.body.errorMessage).toContain('试用');
    expect((await t.json('GET', '/api/chart/list?dashboardId=1')).body.errorCode).toBe('OFFLINE_TRIAL_EXPIRED');
    const sent = llm.requests.length;
    expect(errorOf(await chat())).toBe('OFFLINE_TRIAL_EXPIRED');
    expect(llm.requests.length).toBe(sent); // the managed model was not called
    await coreLoop();
    // One's own key: AI still answers (not a report).
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own', model: 'scripted-model' });
    expect(errorOf(await chat())).toBeNull();
    expect(errorOf(await chat('DASHBOARD_GENERATION'))).toBe('OFFLINE_TRIAL_EXPIRED');
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'ASKDB' });
  });

  it('activated: everything answers again; past the licence\'s end, OFFLINE_LICENSE_EXPIRED', async () => {
    const act = await t.json('POST', '/api/licence/activate', { code: 'ASKDB-11111-22222-33333-44444', mode: 'online' });
    expect(act.body.data?.state).toBe('ACTIVATED');
    expect((await dashboards()).status).toBe(200);
    expect(errorOf(await chat())).toBeNull();
    await coreLoop();
    now += 400 * DAY;
    expect((await dashboards()).body.errorCode).toBe('OFFLINE_LICENSE_EXPIRED');
    expect(errorOf(await chat())).toBe('OFFLINE_LICENSE_EXPIRED');
    await coreLoop();
  });
});
