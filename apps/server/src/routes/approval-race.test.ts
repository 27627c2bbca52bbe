/**
 * Approvals across replicas and with the rest of the product, on one real PostgreSQL store: two app
 * instances approving at once, an approve racing a revoke, approved scripts consumed exactly once,
 * joining a team by code through the JOIN flow (and through the old join_requests endpoints).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { as, makeUser, type Persona } from '../test/org-fixtures.js';
import { act, applyScript, approvalWorld, flowOf } from '../test/approval-fixtures.js';
import { consumeApprovedScript } from '../services/approvals/approved-scripts.js';

describe('approvals: replicas, scripts, joins (server mode, PostgreSQL store)', () => {
  let w: Awaited<ReturnType<typeof approvalWorld>>;
  let t2: TestApp;
  let member: Persona;
  beforeAll(async () => {
    w = await approvalWorld('race');
    t2 = await testApp({ mode: 'server', databaseUrl: w.storeUrl, demo: false });
    member = w.team.operator;
  });
  afterAll(async () => {
    await t2?.close();
    await w?.close();
  });

  it('two approvers on two replicas approve at once: one wins, the other is told it is already approved', async () => {
    const { t, team } = w;
    for (let round = 0; round < 5; round++) {
      const id = await applyScript(t, member, w.dataSourceId, `update orders set total = ${round}`);
      const [a, b] = await Promise.all([act(t, team.admin, 'approve', { id }), act(t2, team.owner, 'approve', { id })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.errorMessage).toBe('This application has already been approved');
      const flow = await flowOf(t, member, id);
      expect(flow.status).toBe('APPROVED');
      expect(flow.steps.filter((s: { status: string }) => s.status === 'APPROVED')).toHaveLength(1);
    }
  });

  it('an approve racing the revoke on another replica: the flow ends one way, never both', async () => {
    const { t, team } = w;
    for (let round = 0; round < 5; round++) {
      const id = await applyScript(t, member, w.dataSourceId, `delete from orders where id = ${round}`);
      const [a, r] = await Promise.all([act(t, team.admin, 'approve', { id }), act(t2, member, 'revoke', { id })]);
      expect([a.status, r.status].sort()).toEqual([200, 409]);
      const flow = await flowOf(t, member, id);
      expect(flow.status).toBe(a.status === 200 ? 'APPROVED' : 'REVOKED');
      if (a.status !== 200) expect(a.body.errorCode).toBe('APPROVAL_CLOSED');
    }
  });

  it('an approved script runs once, exactly as approved, by its applicant, on that data source', async () => {
    const { t, team } = w;
    const db = t.deps.store.db;
    const script = 'UPDATE orders SET status = \'void\' WHERE id = 42';
    const id = await applyScript(t, member, w.dataSourceId, script);
    const q = { organizationId: team.teamId, userId: member.userId, dataSourceId: w.dataSourceId, sql: script };
    expect(await consumeApprovedScript(db, q)).toBe(false); // still pending
    expect((await act(t, team.admin, 'approve', { id })).status).toBe(200);
    // Edited copies, someone else, another data source: refused, and the approval is still there.
    expect(await consumeApprovedScript(db, { ...q, sql: script.replace('42', '43') })).toBe(false);
    expect(await consumeApprovedScript(db, { ...q, sql: script.toLowerCase() })).toBe(false);
    expect(await consumeApprovedScript(db, { ...q, userId: team.admin.userId })).toBe(false);
    expect(await consumeApprovedScript(db, { ...q, dataSourceId: w.dataSourceId + 1000 })).toBe(false);
    expect(await consumeApprovedScript(db, { ...q, organizationId: team.outsiderTeamId })).toBe(false);
    // Trailing whitespace and semicolons do not change it; two replicas at once: exactly one runs it.
    const results = await Promise.all([consumeApprovedScript(db, { ...q, sql: `${script};\n  ` }), consumeApprovedScript(t2.deps.store.db, q), consumeApprovedScript(db, q)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consumeApprovedScript(db, q)).toBe(false);
    expect((await flowOf(t, member, id)).status).toBe('FINISHED');
    const late = await act(t, team.owner, 'approve', { id });
    expect([late.status, late.body.errorMessage]).toEqual([409, 'This application is already finished']);
  });

  it('join by team code → a JOIN flow the admins see → approving it makes the applicant a member', async () => {
    const { t, team } = w;
    const joiner = await makeUser(t, 'Joiner');
    const j = await as(t, joiner, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Jo Iner', reason: 'analytics' });
    expect(j.status).toBe(200);
    const mine = (await as(t, joiner, 'GET', '/api/permission/apply/list')).body.data.data;
    expect(mine[0]).toMatchObject({ type: 'JOIN', status: 'PENDING', organizationId: team.teamId, canRevoke: true });
    const id = mine[0].id;
    const listed = (await as(t, team.admin, 'GET', '/api/approval/list?status=pending')).body.data.data;
    expect(listed.find((f: { id: number }) => f.id === id)).toMatchObject({ type: 'JOIN', canAct: true, applicant: { userId: joiner.userId } });
    expect((await act(t, team.admin, 'approve', { id, comment: 'welcome' })).status).toBe(200);
    const m = await t.deps.store.db.selectFrom('organization_members').select(['status', 'role_code']).where('organization_id', '=', team.teamId).where('user_id', '=', joiner.userId).executeTakeFirst();
    expect(m).toEqual({ status: 'VALID', role_code: 'OPERATOR' });
    const jr = await t.deps.store.db.selectFrom('join_requests').select('status').where('id', '=', j.body.data.joinRequestId).executeTakeFirstOrThrow();
    expect(jr.status).toBe('APPROVED');
    expect((await flowOf(t, joiner, id)).status).toBe('APPROVED');
    // The old endpoint sees it decided.
    expect((await as(t, team.owner, 'POST', '/api/organization/join_requests/approve', { id: j.body.data.joinRequestId })).status).toBe(409);
  });

  it('the old join_requests endpoints still decide, and the flow records it; a revoked join leaves no member', async () => {
    const { t, team } = w;
    const a = await makeUser(t, 'Old Path');
    const ja = await as(t, a, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Old Path' });
    expect((await as(t, team.owner, 'POST', '/api/organization/join_requests/reject', { id: ja.body.data.joinRequestId })).status).toBe(200);
    const fa = (await as(t, a, 'GET', '/api/permission/apply/list')).body.data.data[0];
    expect(fa.status).toBe('REJECTED');
    expect((await flowOf(t, a, fa.id)).steps.map((s: { status: string; actor: { userId: number } | null }) => [s.status, s.actor?.userId])).toEqual([['INVOKED', a.userId], ['REJECTED', team.owner.userId]]);

    const b = await makeUser(t, 'Changed Mind');
    const jb = await as(t, b, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Changed Mind' });
    const fb = (await as(t, b, 'GET', '/api/permission/apply/list')).body.data.data[0];
    expect((await act(t, b, 'revoke', { id: fb.id })).status).toBe(200);
    expect((await act(t, team.admin, 'approve', { id: fb.id })).status).toBe(409);
    expect((await as(t, team.admin, 'POST', '/api/organization/join_requests/approve', { id: jb.body.data.joinRequestId })).status).toBe(409);
    const m = await t.deps.store.db.selectFrom('organization_members').selectAll().where('organization_id', '=', team.teamId).where('user_id', '=', b.userId).execute();
    expect(m).toEqual([]);
    // Revoked: the user may ask again.
    expect((await as(t, b, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Changed Mind' })).status).toBe(200);
  });
});
