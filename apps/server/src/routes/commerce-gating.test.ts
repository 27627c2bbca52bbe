/**
 * The gating table (@askdb/contracts editions.ts) against the routes it gates, the connection
 * count, and the managed model's AI uses — in HTTP and inside the AI stream (a scripted
 * OpenAI-protocol model server of our own). Billing on, PostgreSQL store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATED_ROUTES, GATING, LOCKED_READS, tierAllows, type Tier } from '@askdb/contracts';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { as, makeTeam, makeUser, type Persona } from '../test/org-fixtures.js';
import { commerceWorld } from '../test/commerce-fixtures.js';
import { registeredRoutes } from '../http/route.js';
import { pgSourceInput } from '../test/helpers.js';
import { nowIso } from '../store/db.js';

type World = Awaited<ReturnType<typeof commerceWorld>>;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function sse(body: string): any[] {
  return body.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => b.slice(6)).map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

describe('gating on a billed server', () => {
  let w: World;
  let llm: ScriptedLlmServer;
  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    w = await commerceWorld('gate', { ASKDB_MANAGED_AI_URL: llm.openAiBase, ASKDB_MANAGED_AI_KEY: 'sk-managed-test', ASKDB_MANAGED_AI_MODEL: 'scripted-model' });
  });
  afterAll(async () => {
    await w?.close();
    await llm?.close();
  });

  const chat = async (who: Persona, body: Record<string, unknown> = {}) => {
    const res = await w.t.app.inject({ method: 'POST', url: '/api/v2/ai/chat', payload: { input: 'hello', questionType: 'ORDINARY_CHAT', ...body }, headers: who.headers });
    return { status: res.statusCode, events: sse(res.body) };
  };
  const remaining = async (who: Persona) => (await as(w.t, who, 'GET', '/api/ai/config/remaininguses')).body.data;
  const paySandbox = async (who: Persona, body: Record<string, unknown>) => {
    const r = await as(w.t, who, 'POST', '/api/pay/create_order', { paymentMethod: 'sandbox', ...body });
    await as(w.t, who, 'POST', `/api/pay/sandbox/${r.body.data.orderId}/confirm`, {});
  };

  /** A persona whose current organisation is in `tier`. */
  async function inTier(tier: Tier): Promise<Persona> {
    if (tier === 'PRO_TRIAL' || tier === 'COMMUNITY' || tier === 'PRO') {
      const u = await makeUser(w.t, `Tier ${tier}`);
      if (tier === 'COMMUNITY') await w.t.deps.store.db.updateTable('users').set({ trial_start_time: ago(31) }).where('id', '=', u.userId).execute();
      if (tier === 'PRO') await paySandbox(u, { id: 1 });
      return u;
    }
    const team = await makeTeam(w.t, `Tier ${tier}`);
    if (tier === 'TEAM_PRO') await paySandbox(team.owner, { id: 21, seats: 5, organizationId: team.teamId });
    return team.owner;
  }

  it('each gated route answers 403 FREE_TRIAL_USAGE_LIMIT exactly when the tier lacks its feature; the core loop never', async () => {
    const gated = registeredRoutes().filter((r) => GATED_ROUTES.some((g) => r.spec.url.startsWith(g.prefix)));
    expect(gated.length).toBeGreaterThanOrEqual(GATED_ROUTES.length - 2); // dashboards and charts may arrive with their own module
    const core = ['/api/connection/datasource/list', '/api/operation/saved/list', '/api/oauth/user_a', '/api/ai/config/remaininguses'];
    for (const tier of ['COMMUNITY', 'PRO_TRIAL', 'PRO', 'TEAM_TRIAL', 'TEAM_PRO'] as Tier[]) {
      const who = await inTier(tier);
      expect((await as(w.t, who, 'GET', '/api/organization/edition')).body.data.tier).toBe(tier);
      for (const r of gated) {
        const feature = GATED_ROUTES.find((g) => r.spec.url.startsWith(g.prefix))!.feature;
        const url = r.spec.url.replace(/:\w+/g, '1');
        const raw = await w.t.app.inject({ method: r.spec.method, url, payload: r.spec.method === 'GET' ? undefined : {}, headers: who.headers });
        let body: any = null;
        try {
          body = raw.json();
        } catch {
          /* a file answer (CSV export): not refused */
        }
        const res = { status: raw.statusCode, body };
        const refused = res.status === 403 && res.body?.errorCode === 'FREE_TRIAL_USAGE_LIMIT';
        // Read-only views the web loads with a page answer empty instead (LOCKED_READS): badges anywhere, lists in a personal space.
        const locked = LOCKED_READS[`${r.spec.method} ${r.spec.url}`];
        const personal = tier === 'COMMUNITY' || tier === 'PRO_TRIAL' || tier === 'PRO';
        const answeredEmpty = locked === 'count' || (personal && !!locked);
        expect({ tier, route: `${r.spec.method} ${r.spec.url}`, refused }).toEqual({ tier, route: `${r.spec.method} ${r.spec.url}`, refused: !tierAllows(tier, feature) && !answeredEmpty });
        if (refused) expect(res.body.data).toMatchObject({ feature, tier });
      }
      for (const url of core) {
        const res = await as(w.t, who, 'GET', url);
        expect(res.body.errorCode, `${tier} ${url}`).not.toBe('FREE_TRIAL_USAGE_LIMIT');
      }
    }
  });

  it('the trial keeps 5 connections; a paid plan has no cap (the limit is a count, connecting is never refused)', async () => {
    const trial = await inTier('PRO_TRIAL');
    const orgId = trial.personalOrgId;
    const now = nowIso();
    for (let i = 0; i < GATING.PRO_TRIAL.limits.connections!; i++) {
      await w.t.deps.store.db.insertInto('data_sources').values({ alias: `ds${i}`, type: 'POSTGRESQL', config_json: '{}', secret_enc: null, owner_id: trial.userId, space_id: orgId, group_id: null, visibility: 'PRIVATE', created_at: now, updated_at: now }).execute();
    }
    const sixth = await as(w.t, trial, 'POST', '/api/connection/datasource/create', pgSourceInput('sixth', 'postgres'), 'zh-CN');
    expect(sixth).toMatchObject({ status: 403, body: { errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: '您的套餐最多允许 5 个连接，请升级以添加更多', data: { limit: 'connections', max: 5 } } });
    expect((await as(w.t, trial, 'GET', '/api/connection/datasource/list')).status).toBe(200);
    await paySandbox(trial, { id: 1 });
    expect((await as(w.t, trial, 'POST', '/api/connection/datasource/create', pgSourceInput('sixth', 'postgres'))).status).toBe(200);
  });

  it('managed-model AI: 10 uses in the trial, then FREE_TRIAL_USAGE_LIMIT inside the stream (then [DONE]); the own key is never counted', async () => {
    const u = await inTier('PRO_TRIAL');
    expect(await remaining(u)).toMatchObject({ tier: 'PRO_TRIAL', remainingUses: 10, aiUses: { used: 0, limit: 10 }, period: 'TRIAL' });
    const before = llm.requests.length;
    for (let i = 0; i < 10; i++) {
      const r = await chat(u);
      expect(r.events.at(-1)).toBe('[DONE]');
      expect(r.events.some((e) => e.errorCode)).toBe(false);
    }
    expect(llm.requests.length - before).toBeGreaterThanOrEqual(10);
    expect(llm.requests.at(-1)!.headers.authorization).toBe('Bearer sk-managed-test');
    expect(await remaining(u)).toMatchObject({ remainingUses: 0, aiUses: { used: 10, limit: 10 } });
    const sent = llm.requests.length;
    const over = await chat(u, {});
    expect(over.status).toBe(200);
    expect(over.events).toEqual([{ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI usage limit reached: upgrade to continue' }, '[DONE]']);
    expect(llm.requests.length).toBe(sent); // the model was not called
    // The organisation's own key: not counted, not limited.
    const saved = await as(w.t, u, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own-key', model: 'scripted-model' });
    expect(saved.status).toBe(200);
    const own = await chat(u);
    expect(own.events.some((e) => e.errorCode)).toBe(false);
    expect(llm.requests.at(-1)!.headers.authorization).toBe('Bearer sk-own-key');
    expect((await remaining(u)).aiUses.used).toBe(10);
  });

  it('the web is told of the managed model (configured, source ASKDB, no address or key) while the plan has it', async () => {
    const u = await inTier('PRO_TRIAL');
    const cfg = await as(w.t, u, 'GET', '/api/config/system_config/ai');
    expect(cfg.body.data).toMatchObject({ aiSqlSource: 'ASKDB', configured: true, apiHost: null, apiKeyConfigured: false, model: 'scripted-model' });
    expect(JSON.stringify(cfg.body)).not.toContain(llm.openAiBase);
    expect(JSON.stringify(cfg.body)).not.toContain('sk-managed-test');
    expect((await as(w.t, u, 'GET', '/api/v2/ai/model/list')).body.data).toEqual([{ displayName: 'scripted-model', modelName: 'scripted-model', isDefault: true }]);
    // Its own key, once saved, is what the web sees.
    await as(w.t, u, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own-key', model: 'own-model' });
    expect((await as(w.t, u, 'GET', '/api/config/system_config/ai')).body.data).toMatchObject({ aiSqlSource: 'OPENAI', configured: true, apiKeyConfigured: true, model: 'own-model' });
    // Community has no managed model: nothing configured, no model listed.
    const c = await inTier('COMMUNITY');
    expect((await as(w.t, c, 'GET', '/api/config/system_config/ai')).body.data).toMatchObject({ configured: false });
    expect((await as(w.t, c, 'GET', '/api/v2/ai/model/list')).body.data).toEqual([]);
  });

  it('AI reports: 2 in the trial; community has no managed model at all', async () => {
    const u = await inTier('PRO_TRIAL');
    await chat(u, { questionType: 'DASHBOARD_GENERATION' });
    await chat(u, { questionType: 'DASHBOARD_GENERATION' });
    const third = await chat(u, { questionType: 'DASHBOARD_GENERATION' });
    expect(third.events[0]).toMatchObject({ errorCode: 'FREE_TRIAL_USAGE_LIMIT', errorMessage: 'AI report limit reached: upgrade to continue' });
    expect(third.events.at(-1)).toBe('[DONE]');
    expect(await remaining(u)).toMatchObject({ aiReports: { used: 2, limit: 2, remaining: 0 }, aiUses: { used: 2 } });
    const c = await inTier('COMMUNITY');
    const locked = await chat(c, {}, );
    expect(locked.events[0]).toMatchObject({ errorCode: 'FREE_TRIAL_USAGE_LIMIT' });
    expect(await remaining(c)).toMatchObject({ tier: 'COMMUNITY', remainingUses: 0 });
    // Paid: no limit.
    const p = await inTier('PRO');
    expect(await remaining(p)).toMatchObject({ tier: 'PRO', remainingUses: null });
  });
});
