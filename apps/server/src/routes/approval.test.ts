/** Approval flows on the real PostgreSQL store (server mode): apply, each transition, add signature, transfer, revoke, refusals, visibility, lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../test/org-fixtures.js';
import { act, applyScript, approvalWorld, flowOf } from '../test/approval-fixtures.js';

describe('approval flows (server mode, PostgreSQL store)', () => {
  let w: Awaited<ReturnType<typeof approvalWorld>>;
  let member: Persona;
  let admin2: Persona;
  beforeAll(async () => {
    w = await approvalWorld('flows');
    member = w.team.operator;
    admin2 = await w.team.addMember('ADMIN', 'Second Admin');
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a data application waits for the admins; approving it approves the flow, with the process step by step', async () => {
    const { t, team } = w;
    const r = await as(t, member, 'POST', '/api/permission/apply', { applyType: 'data', dataSourceId: w.dataSourceId, databaseName: 'shop', schemaName: 'public', reason: 'reports' });
    expect(r.status).toBe(200);
    const id = r.body.data.approvalId;
    const before = await flowOf(t, member, id);
    expect(before).toMatchObject({ type: 'DATA', status: 'PENDING', applicant: { userId: member.userId }, dataSourceName: 'warehouse', canRevoke: true, canAct: false, reason: 'reports' });
    expect(before.name).toBe('Data permission: warehouse / shop / public');
    expect(before.steps.map((s: { kind: string; status: string }) => [s.kind, s.status])).toEqual([['APPLY', 'INVOKED'], ['APPROVE', 'PENDING']]);
    expect(before.steps[1].approverRoles).toEqual(['ADMIN', 'SUPER_ADMIN']);
    expect(before.steps[1].approvers.map((a: { userId: number }) => a.userId).sort()).toEqual([team.owner.userId, team.admin.userId, admin2.userId].sort());
    expect((await as(t, team.admin, 'GET', '/api/approval/pending_count')).body.data.count).toBeGreaterThanOrEqual(1);
    expect((await flowOf(t, team.admin, id)).canAct).toBe(true);

    expect((await act(t, team.admin, 'approve', { id, comment: 'ok for Q3' })).status).toBe(200);
    const after = await flowOf(t, member, id);
    expect(after.status).toBe('APPROVED');
    expect(after.steps[1]).toMatchObject({ status: 'APPROVED', actor: { userId: team.admin.userId, name: 'Appr Admin' }, comment: 'ok for Q3' });
    expect(after.steps[1].actedAt).toEqual(expect.any(String));
    expect((await flowOf(t, team.admin, id)).canAct).toBe(false);
  });

  it('reject ends the flow; a later approve is refused', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'delete from orders where id = 1');
    expect((await act(t, team.owner, 'reject', { id, comment: 'too broad' })).status).toBe(200);
    expect((await flowOf(t, member, id)).status).toBe('REJECTED');
    const late = await act(t, team.admin, 'approve', { id }, 'zh-CN');
    expect([late.status, late.body.errorCode, late.body.errorMessage]).toEqual([409, 'APPROVAL_CLOSED', '该申请已被拒绝']);
  });

  it('add signature: the flow is approved only once the added approver approves too', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'update orders set total = 0 where id = 2;');
    expect((await act(t, team.admin, 'add_signature', { id, userIds: [team.owner.userId], comment: 'owner must see this' })).status).toBe(200);
    let flow = await flowOf(t, member, id);
    expect(flow.status).toBe('ADD_SIGNATURE');
    expect(flow.steps.map((s: { status: string; approvers: Array<{ userId: number }> }) => [s.status, s.approvers.map((a) => a.userId)])).toEqual([
      ['INVOKED', []], ['ADD_SIGNATURE', expect.any(Array)], ['PENDING', [team.owner.userId]],
    ]);
    // The step waits for the owner: another admin cannot decide it.
    const other = await act(t, admin2, 'approve', { id });
    expect([other.status, other.body.errorCode]).toEqual([403, 'APPROVAL_NOT_ASSIGNED']);
    expect((await as(t, team.owner, 'GET', '/api/approval/list?status=add-signature')).body.data.data.map((f: { id: number }) => f.id)).toContain(id);
    expect((await act(t, team.owner, 'approve', { id })).status).toBe(200);
    flow = await flowOf(t, member, id);
    expect(flow.status).toBe('APPROVED');
    expect(flow.steps.at(-1)).toMatchObject({ status: 'APPROVED', actor: { userId: team.owner.userId } });
  });

  it('transfer: the named approver decides; the one who transferred no longer can', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'truncate table audit_tmp');
    const bad = await act(t, team.admin, 'transfer', { id, userId: member.userId }, 'ja-JP');
    expect([bad.status, bad.body.errorCode, bad.body.errorMessage]).toEqual([400, 'APPROVER_INVALID', '申請者は自分の申請を承認できません']);
    const notAdmin = await w.team.addMember('OPERATOR', 'Plain Member');
    const bad2 = await act(t, team.admin, 'transfer', { id, userId: notAdmin.userId });
    expect([bad2.status, bad2.body.errorMessage]).toEqual([400, `User ${notAdmin.userId} is not an admin of this team and cannot approve`]);
    expect((await act(t, team.admin, 'transfer', { id, userId: admin2.userId, comment: 'yours' })).status).toBe(200);
    expect((await flowOf(t, member, id)).status).toBe('TRANSFERRED');
    const again = await act(t, team.admin, 'approve', { id });
    expect([again.status, again.body.errorMessage]).toEqual([403, 'This application is waiting for another approver']);
    expect((await act(t, admin2, 'approve', { id })).status).toBe(200);
    const flow = await flowOf(t, member, id);
    expect(flow.status).toBe('APPROVED');
    expect(flow.steps.map((s: { status: string; actor: { userId: number } | null }) => [s.status, s.actor?.userId])).toEqual([
      ['INVOKED', member.userId], ['TRANSFERRED', team.admin.userId], ['APPROVED', admin2.userId],
    ]);
  });

  it('a step waiting for someone who is no longer an admin is taken by another admin; a signer already waiting is not added twice', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'vacuum full orders');
    const leaving = await w.team.addMember('ADMIN', 'Leaving Admin');
    expect((await act(t, team.admin, 'add_signature', { id, userIds: [leaving.userId, leaving.userId] })).status).toBe(200);
    expect((await flowOf(t, member, id)).steps.filter((s: { status: string }) => s.status === 'PENDING')).toHaveLength(1);
    expect((await act(t, team.owner, 'approve', { id })).status).toBe(403); // still an admin: it is theirs
    await as(t, team.owner, 'POST', '/api/organization/update_user_role', { organizationId: team.teamId, userId: leaving.userId, roleCode: 'OPERATOR' });
    expect((await act(t, team.owner, 'approve', { id })).status).toBe(200);
    expect((await flowOf(t, member, id)).status).toBe('APPROVED');
  });

  it('revoke by the applicant; a late approve is refused in every language; only the applicant revokes', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'drop table old_orders');
    const byAdmin = await act(t, team.admin, 'revoke', { id });
    expect([byAdmin.status, byAdmin.body.errorCode]).toEqual([403, 'NOT_APPLICANT']);
    expect((await act(t, member, 'revoke', { id, comment: 'not needed' })).status).toBe(200);
    expect((await flowOf(t, member, id)).status).toBe('REVOKED');
    for (const [lang, text] of [
      ['en-US', 'The applicant revoked this application; it can no longer be approved'],
      ['zh-CN', '申请人已撤回该申请，无法再审批'],
      ['ja-JP', '申請者がこの申請を取り消したため、承認できません'],
    ]) {
      const late = await act(t, team.owner, 'approve', { id }, lang);
      expect([late.status, late.body.errorCode, late.body.errorMessage]).toEqual([409, 'APPROVAL_CLOSED', text]);
    }
    expect((await act(t, member, 'revoke', { id })).status).toBe(409);
  });

  it('an admin cannot approve their own application (any transition), but another admin can', async () => {
    const { t, team } = w;
    const id = await applyScript(t, team.admin, w.dataSourceId, 'alter table orders add column note text');
    for (const action of ['approve', 'reject', 'transfer', 'add_signature']) {
      const r = await act(t, team.admin, action, { id, userId: team.owner.userId, userIds: [team.owner.userId] }, 'zh-CN');
      expect([r.status, r.body.errorCode, r.body.errorMessage]).toEqual([403, 'SELF_APPROVAL', '不能审批自己的申请']);
    }
    expect((await as(t, team.admin, 'GET', '/api/approval/list')).body.data.data.map((f: { id: number }) => f.id)).not.toContain(id);
    expect((await act(t, team.owner, 'approve', { id })).status).toBe(200);
  });

  it('another organisation cannot see or act on our flows', async () => {
    const { t, team } = w;
    const id = await applyScript(t, member, w.dataSourceId, 'delete from orders');
    const seen = await as(t, team.outsider, 'GET', `/api/approval/${id}`, undefined, 'ja-JP');
    expect([seen.status, seen.body.errorMessage]).toEqual([404, `承認 ${id} が見つかりません`]);
    for (const action of ['approve', 'reject', 'transfer', 'add_signature']) {
      const r = await act(t, team.outsider, action, { id, userId: team.owner.userId, userIds: [team.owner.userId] });
      expect(r.status).toBe(404);
    }
    expect((await as(t, team.outsider, 'GET', '/api/approval/list')).body.data.total).toBe(0);
    expect((await as(t, team.outsider, 'GET', '/api/approval/pending_count')).body.data.count).toBe(0);
    // A member who is not an approver sees their own flow but not someone else's.
    const peer = await w.team.addMember('OPERATOR', 'Peer');
    expect((await as(t, peer, 'GET', `/api/approval/${id}`)).status).toBe(404);
    expect((await flowOf(t, member, id)).status).toBe('PENDING');
    // The applicant cannot apply against another team's data source.
    const foreign = await as(t, team.outsider, 'POST', '/api/permission/apply', { applyType: 'data', dataSourceId: w.dataSourceId, reason: 'x' });
    expect(foreign.status).toBe(404);
  });

  it('bad applications are refused with clear messages', async () => {
    const { t } = w;
    const noReason = await as(t, member, 'POST', '/api/permission/apply', { applyType: 'data', dataSourceId: w.dataSourceId, reason: '  ' }, 'ja-JP');
    expect([noReason.status, noReason.body.errorMessage]).toEqual([400, '申請理由を入力してください']);
    const noScript = await as(t, member, 'POST', '/api/permission/apply', { applyType: 'script', dataSourceId: w.dataSourceId, reason: 'fix' });
    expect([noScript.status, noScript.body.errorMessage]).toEqual([400, 'Please enter the script you want to run']);
    const personal = await as(t, w.team.outsider, 'POST', '/api/organization/switch_org', { organizationId: w.team.outsider.personalOrgId });
    expect(personal.status).toBe(200);
    const inPersonal = await as(t, w.team.outsider, 'POST', '/api/permission/apply', { applyType: 'data', dataSourceId: w.dataSourceId, reason: 'x' });
    expect(inPersonal.status).toBe(400);
    await as(t, w.team.outsider, 'POST', '/api/organization/switch_org', { organizationId: w.team.outsiderTeamId });
  });

  it('lists: mine (all my applications) and the approval list filtered by status and paged', async () => {
    const { t, team } = w;
    const mine = (await as(t, member, 'GET', '/api/permission/apply/list?pageSize=100')).body.data;
    expect(mine.total).toBeGreaterThanOrEqual(6);
    expect(mine.data.every((f: { applicant: { userId: number } }) => f.applicant.userId === member.userId)).toBe(true);
    const approved = (await as(t, team.owner, 'GET', '/api/approval/list?status=approved&pageSize=100')).body.data;
    expect(approved.data.length).toBeGreaterThan(0);
    expect(approved.data.every((f: { status: string }) => f.status === 'APPROVED')).toBe(true);
    const page1 = (await as(t, team.owner, 'GET', '/api/approval/list?pageNo=1&pageSize=2')).body.data;
    const page2 = (await as(t, team.owner, 'GET', '/api/approval/list?pageNo=2&pageSize=2')).body.data;
    expect(page1.data).toHaveLength(2);
    expect(page1.hasNextPage).toBe(true);
    expect(page2.data[0].id).toBeLessThan(page1.data[1].id);
    const bad = await as(t, team.owner, 'GET', '/api/approval/list?status=sideways');
    expect(bad.status).toBe(400);
    // A plain member has no approval list.
    expect((await as(t, member, 'GET', '/api/approval/list')).status).toBe(403);
  });
});

describe('approval flows in local mode (SQLite store)', () => {
  it('the single local user has nothing to apply for: a clear refusal, empty lists, no badge', async () => {
    const { testApp } = await import('../test/helpers.js');
    const { consumeApprovedScript } = await import('../services/approvals/approved-scripts.js');
    const t = await testApp();
    try {
      const r = await t.json('POST', '/api/permission/apply', { applyType: 'script', script: 'delete from t', dataSourceId: 1, reason: 'x' }, { 'accept-language': 'zh-CN' });
      expect([r.status, r.body.errorMessage]).toEqual([400, '申请需在团队中提交；在个人空间中您已拥有全部权限']);
      expect((await t.json('GET', '/api/approval/list')).body.data).toMatchObject({ data: [], total: 0 });
      expect((await t.json('GET', '/api/approval/pending_count')).body.data).toEqual({ count: 0 });
      expect((await t.json('GET', '/api/approval/1')).status).toBe(404);
      expect(await consumeApprovedScript(t.deps.store.db, { organizationId: 1, userId: 1, dataSourceId: 1, sql: 'delete from t' })).toBe(false);
    } finally {
      await t.close();
    }
  });
});
