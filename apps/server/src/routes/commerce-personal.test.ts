/**
 * Issue 14 follow-ups 2 and 3 on a billed server (PostgreSQL store): a personal organisation's page
 * load answers without 403 — the read-only views of team features its plan lacks answer empty
 * (LOCKED_READS) while state-changing and detail routes stay refused — and GET /api/organization/list
 * carries each organisation's real `vip` (the same as user_a's currentOrganization.vip).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTeam, makeUser, type Persona } from '../test/org-fixtures.js';
import { commerceWorld } from '../test/commerce-fixtures.js';
import { OrganizationRepo } from '../store/organizations.js';

type World = Awaited<ReturnType<typeof commerceWorld>>;
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** What the web asks on page load (shell, edition badge, Team tab badge poll) and in the Team tab's lists. */
const PAGE_LOAD = [
  '/api/system', '/api/oauth/user_a', '/api/organization/list', '/api/organization/edition', '/api/ai/config/remaininguses',
  '/api/approval/pending_count', '/api/connection/datasource/list',
];
const EMPTY_LISTS = ['/api/approval/list?pageNo=1&pageSize=10', '/api/permission/apply/list?pageNo=1&pageSize=10', '/api/permission/authorization/list?pageNo=1&pageSize=10', '/api/audit/sql/list?pageNo=1&pageSize=10'];

describe('personal organisations and organisation lists on a billed server', () => {
  let w: World;
  beforeAll(async () => {
    w = await commerceWorld('personal');
  });
  afterAll(async () => {
    await w?.close();
  });

  const paySandbox = async (who: Persona, body: Record<string, unknown>) => {
    const r = await as(w.t, who, 'POST', '/api/pay/create_order', { paymentMethod: 'sandbox', ...body });
    expect(r.status).toBe(200);
    expect((await as(w.t, who, 'POST', `/api/pay/sandbox/${r.body.data.orderId}/confirm`, {})).body.data.outcome).toBe('PAID');
  };

  it('a personal space (trial, community, pro) loads without a 403; the team lists answer an empty page, the badge 0', async () => {
    const trial = await makeUser(w.t, 'Personal Trial');
    const community = await makeUser(w.t, 'Personal Community');
    await w.t.deps.store.db.updateTable('users').set({ trial_start_time: ago(31) }).where('id', '=', community.userId).execute();
    const pro = await makeUser(w.t, 'Personal Pro');
    await paySandbox(pro, { id: 1 });
    for (const [who, tier] of [[trial, 'PRO_TRIAL'], [community, 'COMMUNITY'], [pro, 'PRO']] as const) {
      expect((await as(w.t, who, 'GET', '/api/organization/edition')).body.data.tier).toBe(tier);
      for (const url of [...PAGE_LOAD, ...EMPTY_LISTS]) {
        const res = await as(w.t, who, 'GET', url);
        expect({ tier, url, status: res.status, errorCode: res.body.errorCode }).toEqual({ tier, url, status: 200, errorCode: undefined });
      }
      expect((await as(w.t, who, 'GET', '/api/approval/pending_count')).body.data).toEqual({ count: 0 });
      for (const url of EMPTY_LISTS) {
        expect((await as(w.t, who, 'GET', url)).body.data, `${tier} ${url}`).toEqual({ data: [], pageNo: 1, pageSize: 10, total: 0, hasNextPage: false });
      }
    }
  });

  it('a personal space still refuses the team features’ actions, details and exports (403 FREE_TRIAL_USAGE_LIMIT)', async () => {
    const u = await makeUser(w.t, 'Personal Refused');
    const refused = [
      ['GET', '/api/approval/1'], ['POST', '/api/approval/approve', { id: 1 }], ['POST', '/api/permission/apply', {}],
      ['POST', '/api/permission/authorization/create', {}], ['GET', '/api/audit/sql/export'],
    ] as const;
    for (const [method, url, body] of refused) {
      const res = await w.t.app.inject({ method, url, payload: body, headers: u.headers });
      expect({ url, status: res.statusCode, errorCode: res.json().errorCode }).toEqual({ url, status: 403, errorCode: 'FREE_TRIAL_USAGE_LIMIT' });
    }
  });

  it('my own applications (a join request to a team) still show from my personal space', async () => {
    const team = await makeTeam(w.t, 'Joinable');
    const u = await makeUser(w.t, 'Applicant');
    const joined = await as(w.t, u, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Applicant', reason: 'please' });
    expect(joined.status).toBe(200);
    const mine = (await as(w.t, u, 'GET', '/api/permission/apply/list?pageNo=1&pageSize=10')).body.data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ id: joined.body.data.approvalId });
  });

  it('a team whose trial ended: the badge poll answers 0, the approval list stays refused', async () => {
    const team = await makeTeam(w.t, 'Lapsed');
    await w.t.deps.store.db.updateTable('organizations').set({ created_at: ago(31) }).where('id', '=', team.teamId).execute();
    expect((await as(w.t, team.owner, 'GET', '/api/organization/edition')).body.data.tier).toBe('COMMUNITY');
    expect(await as(w.t, team.owner, 'GET', '/api/approval/pending_count')).toMatchObject({ status: 200, body: { data: { count: 0 } } });
    expect(await as(w.t, team.owner, 'GET', '/api/approval/list?pageNo=1&pageSize=10')).toMatchObject({ status: 403, body: { errorCode: 'FREE_TRIAL_USAGE_LIMIT' } });
  });

  it('GET /api/organization/list carries each organisation’s vip, the same as user_a’s currentOrganization.vip', async () => {
    const u = await makeUser(w.t, 'Many Orgs');
    await paySandbox(u, { id: 1 }); // personal Pro
    const paid = await makeTeam(w.t, 'Paid');
    await paySandbox(paid.owner, { id: 21, seats: 5, organizationId: paid.teamId });
    const unpaid = await makeTeam(w.t, 'Unpaid');
    const orgs = new OrganizationRepo(w.t.deps.store.db);
    await orgs.upsertMember(paid.teamId, u.userId, 'OPERATOR', 'Many Orgs');
    await orgs.upsertMember(unpaid.teamId, u.userId, 'OPERATOR', 'Many Orgs');

    const list = (await as(w.t, u, 'GET', '/api/organization/list')).body.data as { id: number; vip: boolean }[];
    const vipOf = Object.fromEntries(list.map((o) => [o.id, o.vip]));
    expect(vipOf).toEqual({ [u.personalOrgId]: true, [paid.teamId]: true, [unpaid.teamId]: false });
    for (const org of [u.personalOrgId, paid.teamId, unpaid.teamId]) {
      expect((await as(w.t, u, 'POST', '/api/organization/switch_org', { organizationId: org })).status).toBe(200);
      const me = (await as(w.t, u, 'GET', '/api/oauth/user_a')).body.data;
      expect({ org, vip: me.currentOrganization.vip }).toEqual({ org, vip: vipOf[org] });
      expect((await as(w.t, u, 'GET', '/api/organization')).body.data.vip).toBe(vipOf[org]);
    }
    // Another team's member sees its own plan, never this user's.
    expect(((await as(w.t, unpaid.owner, 'GET', '/api/organization/list')).body.data as { id: number; vip: boolean }[]).find((o) => o.id === unpaid.teamId)?.vip).toBe(false);
  });
});
