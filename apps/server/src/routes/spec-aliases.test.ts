/**
 * Issue 29 item 20: every call the spec names (02 §7, 01 §7) that answered 404 is registered under
 * the spec's name, declares an access rule, and is listed in GET /api/openapi.json; none answers
 * 404 "route not found" to a signed-in caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { registeredRoutes } from '../http/route.js';

/** The calls issue 29 item 20 lists, by the spec's names (method as we serve it). */
export const SPEC_NAMED_CALLS = [
  'POST /api/user/reset_password', 'POST /api/connection/close', 'POST /api/connection/datasource/close', 'POST /api/organization/add',
  'POST /api/user/update', 'GET /api/user/list', 'POST /api/user/invite', 'GET /api/user/wechat_qr',
  'GET /api/oauth/get_app_config', 'POST /api/oauth/login_token', 'GET /api/oauth/get_countries', 'POST /api/oauth/set_country',
  'GET /api/ai/config/getLoginQrCode', 'GET /api/ai/config/getLoginStatus', 'GET /api/ai/config/getInviteQrCode', 'POST /api/ai/embedding/datasource',
  'POST /api/ai/chat/update/answer', 'GET /api/ai/chat/list/answer', 'GET /api/ai/chat/share/view', 'POST /api/ai/chat/share/edit',
  'POST /api/ai/magic/slash_magic/query_table', 'POST /api/ai/magic/slash_magic/query_chart',
  'GET /api/ai/data_collection/get', 'POST /api/ai/data_collection/update/brief', 'POST /api/ai/data_collection/sync', 'POST /api/ai/data_collection/erase',
  'POST /api/connection/ssh/pre_connect',
  'POST /api/rdb/dml/count', 'POST /api/rdb/dml/execute_update', 'POST /api/rdb/dml/get_update_sql', 'POST /api/rdb/dml/valid_select',
  'GET /api/rdb/trigger/detail',
  'POST /api/operation/log/create', 'GET /api/operation/log/list', 'GET /api/operation/log/get',
  'POST /api/system/stop', 'GET /api/system/version', 'GET /api/system/sts', 'POST /api/system/file/upload', 'POST /api/system/spm/client/create', 'POST /api/system/active',
  'GET /api/config/system_config/:code', 'GET /api/config/system_config', 'GET /api/config/embedding/white/check',
  'GET /api/notification/get',
] as const;

describe('spec-named calls (issue 29 item 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t?.close());

  it('registers every one with an access rule', async () => {
    await t.app.ready();
    const have = new Map(registeredRoutes().map((r) => [`${r.spec.method} ${r.spec.url}`, r.spec.access]));
    expect(SPEC_NAMED_CALLS.filter((c) => !have.has(c)), 'spec-named calls that are not registered').toEqual([]);
    for (const c of SPEC_NAMED_CALLS) expect(have.get(c), c).toMatch(/^(public|signedIn|admin|superAdmin|operator)$/);
  });

  it('lists every one in GET /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const missing = SPEC_NAMED_CALLS.filter((c) => {
      const [m, u] = c.split(' ') as [string, string];
      return !paths[u.replace(/:(\w+)/g, '{$1}')]?.[m.toLowerCase()];
    });
    expect(missing, 'spec-named calls missing from the OpenAPI document').toEqual([]);
  });

  it('answers none of them with 404 route-not-found (local mode, signed in)', async () => {
    const routeMissing = (body: string) => /"errorMessage":"No route /.test(body);
    // The check itself: a call nobody serves is caught.
    expect(routeMissing((await t.app.inject({ method: 'POST', url: '/api/spec/never_served', payload: {} })).body)).toBe(true);
    const notFound: string[] = [];
    for (const c of SPEC_NAMED_CALLS) {
      const [method, url] = c.split(' ') as ['GET' | 'POST', string];
      const res = await t.app.inject({ method, url: url.replace(':code', 'version'), ...(method === 'POST' ? { payload: {} } : {}) });
      if (res.statusCode === 404 && routeMissing(res.body)) notFound.push(`${c}: ${res.body.slice(0, 100)}`);
    }
    expect(notFound).toEqual([]);
  });
});
