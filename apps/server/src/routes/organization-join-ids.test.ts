/**
 * Issue 24 point 5: POST /api/organization/join (and invitation/accept) named the join request's id
 * `approvalId`, so once another flow existed the client acted on someone else's approval. Now
 * `approvalId` is the new flow's id — the one the applicant's list and the approval endpoints show —
 * and `joinRequestId` the request's, for the join_requests endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, makeUser, type TeamFixture } from '../test/org-fixtures.js';
import { openJoinFlow } from '../services/approvals/join-flows.js';
import { ApprovalRepo } from '../store/approvals.js';

describe('join answers the ids a client can act on', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_join_ids');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Ids');
    // Another user's flows first, so flow ids and join request ids no longer line up.
    const other = await makeUser(t, 'Earlier');
    for (let i = 0; i < 2; i++) await openJoinFlow(t.deps.store.db, { organizationId: f.teamId, teamName: 'Ids', userId: other.userId, name: 'Earlier', reason: null, joinRequestId: 900000 + i });
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it("approvalId is the applicant's own new flow, joinRequestId the request", async () => {
    const u = await makeUser(t, 'Applicant');
    const r = await as(t, u, 'POST', '/api/organization/join', { teamCode: f.teamCode, name: 'Applicant' });
    expect(r.status).toBe(200);
    const { approvalId, joinRequestId } = r.body.data;
    expect(approvalId).not.toBe(joinRequestId);
    const mine = (await as(t, u, 'GET', '/api/permission/apply/list?pageNo=1&pageSize=10')).body.data.data;
    expect(mine.map((m: { id: number }) => m.id)).toEqual([approvalId]);
    const flow = await new ApprovalRepo(t.deps.store.db).get(approvalId);
    expect(flow).toMatchObject({ applicant_id: u.userId, join_request_id: joinRequestId });
    // The admin acts on the flow by that id, and the request follows.
    expect((await as(t, f.admin, 'POST', '/api/approval/approve', { id: approvalId, comment: 'ok' })).status).toBe(200);
    const jr = await t.deps.store.db.selectFrom('join_requests').select(['status', 'user_id']).where('id', '=', joinRequestId).executeTakeFirstOrThrow();
    expect(jr).toEqual({ status: 'APPROVED', user_id: u.userId });
  });
});
