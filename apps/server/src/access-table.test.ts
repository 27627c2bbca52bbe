/**
 * The route table (issue 12): every /api route the server registers × {anonymous, another
 * organisation's member, OPERATOR, ADMIN, SUPER_ADMIN of the team} → the expected status class,
 * in server mode on the real PostgreSQL store. The routes come from Fastify itself (an onRoute hook
 * around the same route modules the app registers), so a new route that has no row in TABLE fails
 * the suite until someone classifies it.
 *
 * Rules (what each persona must get):
 *   public     — everyone allowed, anonymous too.
 *   signedIn   — anonymous 401; every signed-in persona allowed (no ids of the team involved).
 *   team       — anonymous 401; the other organisation's member 403/404 (the request names our ids);
 *                OPERATOR, ADMIN, SUPER_ADMIN allowed.
 *   admin      — anonymous 401; other organisation 403/404; OPERATOR 403; ADMIN, SUPER_ADMIN allowed.
 *   superAdmin — anonymous 401; other organisation 403/404; OPERATOR and ADMIN 403; SUPER_ADMIN allowed.
 *   orgAdmin   — an admin of the caller's own current organisation (its own settings): the other
 *                organisation's owner allowed (it acts on its own); OPERATOR 403; ADMIN, SUPER_ADMIN allowed.
 *   orgSuperAdmin — the owner of the caller's own current organisation (its SQL audit): the other
 *                organisation's owner allowed (it sees its own); OPERATOR and ADMIN 403; SUPER_ADMIN allowed.
 *   operator   — the deployment's operator only: anonymous 401, all of these personas 403.
 *   granted    — a route that reads or runs SQL on the team's SHARED data source (issue 13): like team, but
 *                the OPERATOR, who holds no grant on it here, gets 403 NO_DATA_ACCESS_PERMISSION
 *                (permissions-table.test.ts runs the same routes with grants).
 * "Allowed" is any answer but 401 and 403 (a 400 for a body the route does not like is fine).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from './test/helpers.js';
import type { Persona } from './test/org-fixtures.js';
import { registerRoutes } from './routes/index.js';
import { accessTableFixture, type Fixture, type Who } from './test/access-table-fixture.js';

import type { Call, Entry, Rule } from './test/access-rows/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ds = (fx: Fixture, who: Who) => fx.of(who).ds;
const q = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
const meta = (fx: Fixture, who: Who, extra: Record<string, unknown> = {}): Call => ({ url: `?${q({ dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders', ...extra })}` });
const table = { name: 't1', comment: null, columns: [{ name: 'id', type: 'int', nullable: false, default: null, comment: null, autoIncrement: false, primaryKey: true }], indexes: [] };

const CORE: Record<string, Entry> = {
  // System
  'GET /api/system': { rule: 'public' },
  'GET /api/system/user': { rule: 'public' },
  'GET /api/openapi.json': { rule: 'public' },

  // Sign-in, account (services/auth)
  'POST /api/oauth/register_a': { rule: 'public', call: () => ({ body: { email: 'not-an-email', password: 'x' } }) },
  'POST /api/oauth/login_a': { rule: 'public', call: () => ({ body: { loginType: 'EMAIL_PASSWORD', account: 'nobody@example.test', password: 'Wrong-password1' } }) },
  'POST /api/oauth/logout_a': { rule: 'public', resetsSessions: true },
  'GET /api/oauth/get_login_url': { rule: 'public', call: () => ({ url: '?provider=github&redirect=/' }) },
  'GET /api/oauth/callback/:provider': { rule: 'public', call: () => ({ url: '/github?code=x&state=unknown' }) },
  'GET /api/oauth/wechat_qr_a': { rule: 'public' },
  'GET /api/oauth/wechat_login_a': { rule: 'public', call: () => ({ url: '?ticket=unknown' }) },
  'POST /api/oauth/wechat_dev_confirm': { rule: 'public', call: () => ({ body: { ticket: 'unknown' } }) },
  'GET /api/oauth/user_a': { rule: 'signedIn' },
  'GET /api/oauth/login_options': { rule: 'public' },
  'GET /api/user/send_sms_email': { rule: 'public', call: () => ({ url: '?email=not-an-email' }) },
  'GET /api/user/send_sms': { rule: 'public', call: () => ({ url: '?phone=x' }) },
  'POST /api/oauth/reset_password': { rule: 'public', call: () => ({ body: { account: 'nobody@example.test', passcode: '000000', password: 'Correct7horse' } }) },
  'POST /api/user/update_profile': { rule: 'signedIn', call: () => ({ body: {} }) },
  'POST /api/user/change_email': { rule: 'signedIn', call: () => ({ body: {} }) },
  'POST /api/user/change_phone': { rule: 'signedIn', call: () => ({ body: {} }) },
  'POST /api/user/change_password': { rule: 'signedIn', call: () => ({ body: {} }) },
  'GET /api/user/sessions': { rule: 'signedIn' },
  'POST /api/user/sessions/revoke': { rule: 'signedIn', call: () => ({ body: { id: 'x'.repeat(64) } }) },
  'POST /api/user/sessions/revoke_all': { rule: 'signedIn', resetsSessions: true },
  'GET /api/user/api_keys': { rule: 'signedIn' },
  'POST /api/user/api_keys': { rule: 'signedIn', call: () => ({ body: { name: 'script' } }) },
  'DELETE /api/user/api_keys/:id': { rule: 'signedIn', call: () => ({ url: '/999999' }) },
  'GET /api/admin/registration': { rule: 'operator' },
  'POST /api/admin/registration': { rule: 'operator', call: () => ({ body: { policy: 'OPEN' } }) },

  // Organisations
  'GET /api/organization': { rule: 'signedIn' },
  'GET /api/organization/list': { rule: 'signedIn' },
  'GET /api/organization/detail': { rule: 'team', call: (fx) => ({ url: `?organizationId=${fx.team.teamId}` }) },
  'POST /api/organization/create': { rule: 'signedIn', call: () => ({ body: { name: 'Side project', agree: true } }) },
  'GET /api/organization/queryByTeamCode': { rule: 'signedIn', call: (fx) => ({ url: `?teamCode=${fx.team.teamCode}` }) },
  'POST /api/organization/join': { rule: 'signedIn', call: (fx) => ({ body: { teamCode: fx.team.teamCode, name: 'Applicant' } }) },
  'GET /api/organization/list_user': { rule: 'team', call: (fx) => ({ url: `?organizationId=${fx.team.teamId}` }) },
  'POST /api/organization/update_user_role': { rule: 'admin', call: async (fx) => ({ body: { organizationId: fx.team.teamId, userId: (await fx.newMember()).userId, roleCode: 'ADMIN' } }) },
  'POST /api/organization/remove_user': { rule: 'admin', call: async (fx) => ({ body: { organizationId: fx.team.teamId, userId: (await fx.newMember()).userId } }) },
  'POST /api/organization/transfer_owner': { rule: 'superAdmin', call: async (fx) => ({ body: { organizationId: fx.team.teamId, userId: (await fx.newMember()).userId } }) },
  'POST /api/organization/switch_org': { rule: 'team', call: (fx) => ({ body: { organizationId: fx.team.teamId } }) },
  'POST /api/organization/update': { rule: 'admin', call: (fx) => ({ body: { organizationId: fx.team.teamId, name: fx.team.teamName } }) },
  'GET /api/organization/join_requests': { rule: 'admin', call: (fx) => ({ url: `?organizationId=${fx.team.teamId}` }) },
  'POST /api/organization/join_requests/approve': { rule: 'admin', call: async (fx) => ({ body: { id: await fx.newJoinRequest() } }) },
  'POST /api/organization/join_requests/reject': { rule: 'admin', call: async (fx) => ({ body: { id: await fx.newJoinRequest() } }) },
  'POST /api/organization/invitation/create': { rule: 'admin', call: (fx) => ({ body: { organizationId: fx.team.teamId } }) },
  'GET /api/organization/invitation': { rule: 'signedIn', call: (fx) => ({ url: `?token=${fx.inviteToken}` }) },
  'POST /api/organization/invitation/accept': { rule: 'signedIn', call: (fx) => ({ body: { token: fx.inviteToken, name: 'Invitee' } }) },

  // Data sources and groups
  'POST /api/connection/datasource/pre_connect': { rule: 'team', call: (fx, who) => ({ body: { id: ds(fx, who) } }) },
  'POST /api/connection/datasource/create': { rule: 'signedIn', call: (fx) => ({ body: pgSourceInput('new one', fx.database) }) },
  'POST /api/connection/datasource/update': { rule: 'team', call: (fx, who) => ({ body: { id: ds(fx, who), alias: `ds of ${who}` } }) },
  'GET /api/connection/datasource/list': { rule: 'signedIn' },
  'GET /api/connection/datasource/:id': { rule: 'team', call: (fx) => ({ url: `/${fx.shared}` }) },
  'DELETE /api/connection/datasource/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.fresh('ds', who)}` }) },
  'POST /api/connection/datasource/clone': { rule: 'team', call: (fx, who) => ({ body: { id: ds(fx, who) } }) },
  'GET /api/connection/group/list': { rule: 'signedIn' },
  'POST /api/connection/group/create': { rule: 'signedIn', call: () => ({ body: { name: 'g' } }) },
  'POST /api/connection/group/update': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).group, name: 'renamed' } }) },
  'DELETE /api/connection/group/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.fresh('group', who)}` }) },
  'POST /api/connection/group/move_datasource': { rule: 'team', call: (fx, who) => ({ body: { dataSourceId: ds(fx, who), groupId: fx.of(who).group } }) },

  // Metadata, execution, schema sync, table editing
  'GET /api/rdb/database/list': { rule: 'granted', call: meta },
  'GET /api/rdb/schema/list': { rule: 'granted', call: meta },
  'GET /api/rdb/table/list': { rule: 'granted', call: meta },
  'GET /api/rdb/table/column_list': { rule: 'granted', call: meta },
  'GET /api/rdb/table/key_list': { rule: 'granted', call: meta },
  'GET /api/rdb/table/index_list': { rule: 'granted', call: meta },
  'GET /api/rdb/table/ddl': { rule: 'granted', call: meta },
  'GET /api/rdb/view/list': { rule: 'granted', call: meta },
  'GET /api/rdb/view/column_list': { rule: 'granted', call: meta },
  'GET /api/rdb/function/list': { rule: 'granted', call: meta },
  'GET /api/rdb/procedure/list': { rule: 'granted', call: meta },
  'GET /api/rdb/trigger/list': { rule: 'granted', call: meta },
  'GET /api/rdb/schema_object/list': { rule: 'granted', call: meta },
  'GET /api/rdb/function/detail': { rule: 'granted', call: (fx, who) => meta(fx, who, { functionName: 'f' }) },
  'GET /api/rdb/procedure/detail': { rule: 'granted', call: (fx, who) => meta(fx, who, { procedureName: 'p' }) },
  'POST /api/rdb/table/pin': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders', pinned: true } }) },
  'POST /api/rdb/dml/execute': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select count(*) from orders' } }) },
  'POST /api/rdb/dml/execute_stream': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select 1' } }) },
  'POST /api/rdb/dml/export': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select 1', format: 'csv' } }) },
  'POST /api/rdb/dml/fetch': { rule: 'signedIn', call: () => ({ body: { cursorId: 'no-such-cursor' } }) },
  'POST /api/rdb/dml/cursor/close': { rule: 'signedIn', call: () => ({ body: { cursorId: 'no-such-cursor' } }) },
  'POST /api/rdb/dml/cancel': { rule: 'signedIn', call: () => ({ body: { executionId: 'no-such-execution' } }) },
  'POST /api/rdb/dml/status': { rule: 'signedIn', call: () => ({ body: { executionId: 'no-such-execution' } }) },
  'POST /api/diff/sql': { rule: 'granted', call: (fx) => ({ body: { source: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' }, target: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } } }) },
  'POST /api/diff/plan': { rule: 'granted', call: (fx) => ({ body: { source: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' }, target: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } } }) },
  'POST /api/rdb/table/edit_model': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders' } }) },
  'POST /api/rdb/table/edit_sql': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', desired: table } }) },

  // SQL intelligence
  'POST /api/sql_parser/context/parser': { rule: 'granted', call: (fx) => ({ body: { sql: 'select 1', dataSourceId: fx.shared } }) },
  'POST /api/sql_parser/context/quick_parser': { rule: 'granted', call: (fx) => ({ body: { sql: 'select 1', dataSourceId: fx.shared } }) },
  'GET /api/sql_parser/get_keywords': { rule: 'granted', call: (fx) => ({ url: `?dataSourceId=${fx.shared}&databaseName=${fx.database}` }) },
  'POST /api/sql_parser/context/tip': { rule: 'granted', call: (fx) => ({ body: { beforeSql: 'select * from ', dataSourceId: fx.shared, databaseName: fx.database } }) },
  'POST /api/sql_parser/context/hover': { rule: 'granted', call: (fx) => ({ body: { sql: 'select * from orders', hoverIdentifier: 'orders', dataSourceId: fx.shared, databaseName: fx.database } }) },
  'POST /api/sql/format': { rule: 'signedIn', call: () => ({ body: { sql: 'select 1' } }) },

  // Consoles and drafts
  'POST /api/operation/saved/create': { rule: 'signedIn', call: () => ({ body: { name: 'c' } }) },
  'POST /api/operation/saved/update': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).console, ddl: 'select 2' } }) },
  'GET /api/operation/saved/list': { rule: 'signedIn' },
  'GET /api/operation/saved/:id': { rule: 'team', call: (fx, who) => ({ url: `/${fx.of(who).console}` }) },
  'DELETE /api/operation/saved/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.fresh('console', who)}` }) },
  'GET /api/operation/draft/:id': { rule: 'team', call: (fx, who) => ({ url: `/${fx.of(who).console}` }) },
  'POST /api/operation/draft/set': { rule: 'team', call: (fx, who) => ({ body: { consoleId: fx.of(who).console, ddl: 'draft' } }) },
  // Drops only the caller's own draft of a console: nothing of another user's is reachable.
  'DELETE /api/operation/draft/:id': { rule: 'signedIn', call: (fx, who) => ({ url: `/${fx.of(who).console}` }) },

  // Approval flows (services/approvals): flows are visible to their applicant and the team's admins only.
  'POST /api/permission/apply': { rule: 'team', call: (fx) => ({ body: { applyType: 'data', dataSourceId: fx.shared, databaseName: fx.database, reason: 'route table' } }) },
  'GET /api/permission/apply/list': { rule: 'signedIn' },
  'GET /api/approval/list': { rule: 'orgAdmin', call: () => ({ url: '?status=pending' }) },
  'GET /api/approval/pending_count': { rule: 'signedIn' },
  'GET /api/approval/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.newApproval(who)}` }) },
  'POST /api/approval/approve': { rule: 'admin', call: async (fx) => ({ body: { id: await fx.newApproval() } }) },
  'POST /api/approval/reject': { rule: 'admin', call: async (fx) => ({ body: { id: await fx.newApproval() } }) },
  'POST /api/approval/transfer': { rule: 'admin', call: async (fx, who) => ({ body: { id: await fx.newApproval(), userId: fx.persona(who === 'admin' ? 'owner' : 'admin').userId } }) },
  'POST /api/approval/add_signature': { rule: 'admin', call: async (fx, who) => ({ body: { id: await fx.newApproval(), userIds: [fx.persona(who === 'admin' ? 'owner' : 'admin').userId] } }) },
  'POST /api/approval/revoke': { rule: 'team', call: async (fx, who) => ({ body: { id: await fx.newApproval(who) } }) },

  // Data authorizations (services/permissions): admins grant members access to the team's shared sources.
  'POST /api/permission/authorization/create': { rule: 'admin', call: async (fx) => ({ body: { userId: (await fx.newMember()).userId, dataSourceId: fx.shared, actions: ['READ'], expireAt: null } }) },
  'GET /api/permission/authorization/list': { rule: 'signedIn' },
  'DELETE /api/permission/authorization/:id': { rule: 'admin', call: () => ({ url: '/999999' }) },
  'GET /api/permission/script_policy': { rule: 'signedIn' },
  'POST /api/permission/script_policy': { rule: 'orgAdmin', call: () => ({ body: { selectFree: true, needApprovalFor: [] } }) },

  // SQL audit (each organisation's owner sees its own organisation's statements)
  'GET /api/audit/sql/list': { rule: 'orgSuperAdmin' },
  'GET /api/audit/sql/export': { rule: 'orgSuperAdmin' },
  'GET /api/admin/audit': { rule: 'operator' },
  'POST /api/admin/audit/retention': { rule: 'operator', call: () => ({ body: { days: 30 } }) },

  // AI
  'POST /api/v2/ai/chat': { rule: 'granted', call: (fx) => ({ body: { input: 'how many orders?', dataSourceId: fx.shared, databaseName: fx.database } }) },
  'GET /api/v2/ai/model/list': { rule: 'signedIn' },
  'GET /api/config/system_config/ai': { rule: 'signedIn' },
  // Each organisation's admin edits that organisation's AI settings (personal: its owner).
  'POST /api/config/system_config/ai': { rule: 'orgAdmin', call: () => ({ body: { aiSqlSource: 'OPENAI', apiHost: 'https://ai.example.test/v1', model: 'm' } }) },
  // The AI settings' Test action calls the provider the form describes (here a closed port: a refusal, never a 403 to the admin).
  'POST /api/config/system_config/ai/test': { rule: 'orgAdmin', call: () => ({ body: { aiSqlSource: 'OPENAI', apiHost: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm' } }) },
  'POST /api/ai/schema_link': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, question: 'orders total' } }) },
  'GET /api/ai/chat/list': { rule: 'signedIn' },
  'GET /api/ai/chat/brief': { rule: 'signedIn' },
  'GET /api/ai/chat/:id': { rule: 'team', call: (fx, who) => ({ url: `/${fx.of(who).chat}` }) },
  'POST /api/ai/chat/save': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).chat, messages: [{ role: 'user', content: 'again' }] } }) },
  'DELETE /api/ai/chat/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.fresh('chat', who)}` }) },
  'GET /api/ai/data_collection/list': { rule: 'signedIn' },
  'POST /api/ai/data_collection/create': { rule: 'signedIn', call: () => ({ body: { title: 'c' } }) },
  'POST /api/ai/data_collection/rename': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection, title: 'renamed' } }) },
  'DELETE /api/ai/data_collection/:id': { rule: 'team', call: async (fx, who) => ({ url: `/${await fx.fresh('collection', who)}` }) },
  'GET /api/ai/data_collection/element/list': { rule: 'team', call: (fx, who) => ({ url: `?id=${fx.of(who).collection}` }) },
  'POST /api/ai/data_collection/element/add': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection, elements: [{ tableName: 'orders', dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' }] } }) },
  'POST /api/ai/data_collection/element/delete': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection, elementId: 999999 } }) },
  'POST /api/ai/data_collection/element/annotate': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection, elementId: 999999, annotation: 'x' } }) },
};

/** CORE plus every domain's rows in test/access-rows/ (one file per domain; a duplicate key fails). */
const TABLE: Record<string, Entry> = { ...CORE };
async function loadRows(): Promise<void> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'access-rows');
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'types.ts').sort()) {
    const rows = (await import(path.join(dir, f))).default as Record<string, Entry>;
    for (const [k, v] of Object.entries(rows)) {
      if (TABLE[k]) throw new Error(`route ${k} has rows in two files (${f})`);
      TABLE[k] = v;
    }
  }
}

const PERSONAS: Array<Who | 'anonymous'> = ['anonymous', 'outsider', 'operator', 'admin', 'owner'];

function expected(rule: Rule, who: Who | 'anonymous'): 'allowed' | 401 | 'refused' | 403 {
  if (rule === 'public') return 'allowed';
  if (who === 'anonymous') return 401;
  if (rule === 'operator') return 403;
  if (rule === 'signedIn') return 'allowed';
  if (rule === 'orgAdmin') return who === 'operator' ? 403 : 'allowed';
  if (rule === 'orgSuperAdmin') return who === 'operator' || who === 'admin' ? 403 : 'allowed';
  if (who === 'outsider') return 'refused';
  if (rule === 'team') return 'allowed';
  if (rule === 'admin' || rule === 'granted') return who === 'operator' ? 403 : 'allowed';
  return who === 'owner' ? 'allowed' : 403;
}

describe('route table: every route × {anonymous, other organisation, OPERATOR, ADMIN, SUPER_ADMIN}', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let fx: Fixture;
  const routes: string[] = [];

  beforeAll(async () => {
    await loadRows();
    store = await scratchPgDatabase('askdb_route_table');
    data = await scratchPgDatabase('askdb_route_data', 'create table orders (id int primary key, total int); insert into orders values (1, 10);');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    // The same route modules the app registers, on an instance that records each route Fastify adds.
    const probe = Fastify({ logger: false });
    probe.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD' && r.url.startsWith('/api')) routes.push(`${m} ${r.url}`);
    });
    await registerRoutes(probe, t.deps);
    await probe.ready();
    await probe.close();
    fx = await accessTableFixture(t, data.name);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await store?.drop();
    await data?.drop();
  });

  it('has a rule for every registered route, and no rule for a route that is gone', () => {
    const unclassified = routes.filter((r) => !TABLE[r]);
    expect(unclassified, 'routes without a row in TABLE (classify each new route)').toEqual([]);
    expect(Object.keys(TABLE).filter((k) => !routes.includes(k)), 'rows for routes that no longer exist').toEqual([]);
    expect(routes.length).toBeGreaterThan(90);
  });

  it('answers each persona as its rule says', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const entry = TABLE[route];
      if (!entry) continue;
      const [method, path] = route.split(' ') as [string, string];
      for (const who of PERSONAS) {
        const persona: Persona | null = who === 'anonymous' ? null : fx.persona(who);
        const call = entry.call ? await entry.call(fx, who === 'anonymous' ? 'owner' : who) : {};
        const target = call.url?.startsWith('/') ? path.replace(/\/:[a-zA-Z]+$/, call.url) : `${path}${call.url ?? ''}`;
        const body = call.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
        const res = await t.app.inject({ method: method as 'GET', url: target, payload: body as object | undefined, headers: persona?.headers ?? {} });
        const want = expected(entry.rule, who);
        const got = res.statusCode;
        const ok = want === 'allowed' ? got !== 401 && got !== 403 : want === 'refused' ? got === 403 || got === 404 : got === want;
        if (!ok) failures.push(`${route} as ${who}: want ${want}, got ${got} ${res.body.slice(0, 160)}`);
        if (entry.resetsSessions && persona) await fx.renewSessions();
      }
      await fx.restore();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
