/**
 * Issue 25 point 7: a join request reaches the team's admins in the notification centre (not only
 * a badge on the Team tab), and opens the join request's approval flow. PostgreSQL store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTeam, makeUser, type TeamFixture } from '../test/org-fixtures.js';
import { approvalWorld } from '../test/approval-fixtures.js';

describe('join request notices', () => {
  let w: Awaited<ReturnType<typeof approvalWorld>>;
  let team: TeamFixture;
  beforeAll(async () => {
    w = await approvalWorld('join_notice');
    team = await makeTeam(w.t, 'Notice');
  }, 60_000);
  afterAll(async () => w?.close());

  it("a request to join by code is a notice to each of the team's admins, not to members or the applicant", async () => {
    const dave = await makeUser(w.t, 'Dave Joiner');
    const joined = await as(w.t, dave, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: 'Dave Joiner', reason: 'new analyst' });
    expect(joined.status, joined.body.errorMessage).toBe(200);
    const flowId = joined.body.data.approvalId as number;
    const notes = async (who: typeof dave) => (await as(w.t, who, 'GET', '/api/notification/list?pageNo=1&pageSize=50')).body.data.data as Array<{ messageKey: string; params: Record<string, string | number>; action?: { kind: string; targetId: number } }>;
    for (const admin of [team.owner, team.admin]) {
      const mine = (await notes(admin)).filter((n) => n.messageKey === 'approval.requested' && Number(n.params.id) === flowId);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.params).toMatchObject({ applicant: 'Dave Joiner', approvalType: 'JOIN' });
      expect(String(mine[0]!.params.description)).toContain('Dave Joiner');
    }
    expect((await notes(team.operator)).some((n) => Number(n.params.id) === flowId)).toBe(false);
    expect((await notes(dave)).some((n) => n.messageKey === 'approval.requested')).toBe(false);
  });
});
