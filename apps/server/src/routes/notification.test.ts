/**
 * Notification centre (issue 18 point 1): a notice written on replica A reaches an event stream on
 * replica B (two apps on one PostgreSQL store); counts are per user and organisation; another
 * organisation's notice is refused; approvals notify approvers and the applicant.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, testApp, type TestApp } from '../test/helpers.js';
import { as, type Persona } from '../test/org-fixtures.js';
import { approvalWorld, applyScript, act, type TeamFixture } from '../test/approval-fixtures.js';
import { notify } from '../services/notifications/notify.js';

/** Opens GET /api/notification/stream on a listening app; collects its events. */
function openStream(base: string, headers: Record<string, string>) {
  const events: { event: string; data: any }[] = [];
  let req: http.ClientRequest;
  const waiters: (() => void)[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(`${base}/api/notification/stream`, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream HTTP ${res.statusCode}`));
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (ev && data) {
            events.push({ event: ev, data: JSON.parse(data) });
            if (ev === 'unread') resolve();
            waiters.splice(0).forEach((w) => w());
          }
        }
      });
    });
    req.on('error', reject);
  });
  return {
    events,
    opened,
    async next(pred: (e: { event: string; data: any }) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      throw new Error(`no matching event; got ${JSON.stringify(events)}`);
    },
    close: () => req.destroy(),
  };
}

describe('notification centre across two replicas', () => {
  let w: Awaited<ReturnType<typeof approvalWorld>>;
  let b: TestApp;
  let team: TeamFixture;
  let baseB: string;

  beforeAll(async () => {
    w = await approvalWorld('notif');
    team = w.team;
    b = await testApp({ mode: 'server', databaseUrl: w.storeUrl, demo: false });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address() as { port: number };
    baseB = `http://127.0.0.1:${addr.port}`;
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await w?.close();
  });

  it('a notice written on replica A reaches the stream of its recipient on replica B, not another user', async () => {
    const admin = openStream(baseB, team.admin.headers);
    const member = openStream(baseB, team.operator.headers);
    await Promise.all([admin.opened, member.opened]);
    expect(admin.events[0]).toMatchObject({ event: 'unread', data: { unreadCount: 0 } });
    await notify(w.t.deps, { organizationId: team.teamId, userIds: [team.admin.userId], type: 'TASK', messageKey: 'task.done', params: { name: 'export.csv' }, action: { kind: 'OPEN_TASK', targetId: 7 } });
    const got = await admin.next((e) => e.event === 'notification');
    expect(got.data).toMatchObject({ type: 'TASK', messageKey: 'task.done', unreadCount: 1 });
    // The member's stream saw nothing but its first count.
    await new Promise((r) => setTimeout(r, 300));
    expect(member.events.map((e) => e.event)).toEqual(['unread']);
    admin.close();
    member.close();
  });

  it('the LISTEN client of replica B reconnects after the server drops it; later notices still arrive', async () => {
    const admin = openStream(baseB, team.admin.headers);
    await admin.opened;
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const db = new URL(w.storeUrl).pathname.slice(1);
    const killed = await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'LISTEN askdb_notifications'`, [db]);
    await c.end();
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    // Notices sent while it reconnects may only reach the next poll; keep sending until one arrives.
    let got: { data: any } | null = null;
    for (let i = 0; i < 20 && !got; i++) {
      await notify(w.t.deps, { organizationId: team.teamId, userIds: [team.admin.userId], type: 'SYSTEM', messageKey: 'system.message', params: { text: `after ${i}` } });
      got = await admin.next((e) => e.event === 'notification', 500).catch(() => null);
    }
    expect(got).not.toBeNull();
    admin.close();
    await as(w.t, team.admin, 'POST', '/api/notification/take_action', { all: true });
  });

  it('unread counts are per user and organisation; another organisation or user cannot act on a notice', async () => {
    const owner = team.owner;
    const outsider = team.outsider;
    await notify(w.t.deps, { organizationId: team.teamId, userIds: [owner.userId], type: 'SYSTEM', messageKey: 'system.message', params: { text: 'hello' } });
    await notify(w.t.deps, { organizationId: team.outsiderTeamId, userIds: [outsider.userId], type: 'SYSTEM', messageKey: 'system.message', params: { text: 'other' } });
    // Owner's notice is visible on both replicas; the outsider's count is their own.
    expect((await as(b, owner, 'GET', '/api/notification/unread_count')).body.data).toBe(1);
    expect((await as(w.t, outsider, 'GET', '/api/notification/unread_count')).body.data).toBe(1);
    const list = (await as(w.t, owner, 'GET', '/api/notification/list')).body.data;
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ messageKey: 'system.message', params: { text: 'hello' }, read: false });
    const id = list.data[0].id as number;
    // The outsider (another organisation) gets 404 for the owner's notice, and it stays unread.
    const refused = await as(w.t, outsider, 'POST', '/api/notification/take_action', { id });
    expect(refused.status).toBe(404);
    expect((await as(w.t, owner, 'GET', '/api/notification/unread_count')).body.data).toBe(1);
    // A notice of the team is not counted when the owner is in their personal organisation.
    await w.t.deps.store.db.updateTable('users').set({ current_org_id: owner.personalOrgId }).where('id', '=', owner.userId).execute();
    expect((await as(w.t, owner, 'GET', '/api/notification/unread_count')).body.data).toBe(0);
    expect((await as(w.t, owner, 'POST', '/api/notification/take_action', { id })).status).toBe(404);
    await w.t.deps.store.db.updateTable('users').set({ current_org_id: team.teamId }).where('id', '=', owner.userId).execute();
    const taken = await as(w.t, owner, 'POST', '/api/notification/take_action', { id });
    expect(taken.status).toBe(200);
    expect(taken.body.data.unreadCount).toBe(0);
  });

  it('an application notifies the approvers (bell count, open-approval action); a decision notifies the applicant', async () => {
    const applicant: Persona = await team.addMember('OPERATOR', 'Applicant');
    const before = (await as(b, team.admin, 'GET', '/api/notification/unread_count')).body.data as number;
    const flowId = await applyScript(w.t, applicant, w.dataSourceId, 'update t set x = 1');
    expect((await as(b, team.admin, 'GET', '/api/notification/unread_count')).body.data).toBe(before + 1);
    const items = (await as(b, team.admin, 'GET', '/api/notification/list?unreadOnly=true')).body.data.data;
    const notice = items.find((n: any) => n.messageKey === 'approval.requested');
    expect(notice.params).toMatchObject({ applicant: 'Applicant', id: flowId });
    const taken = await as(b, team.admin, 'POST', '/api/notification/take_action', { id: notice.id });
    expect(taken.body.data.action).toEqual({ kind: 'OPEN_APPROVAL', targetId: String(flowId) });
    expect((await act(w.t, team.admin, 'approve', { id: flowId })).status).toBe(200);
    const mine = (await as(w.t, applicant, 'GET', '/api/notification/list')).body.data.data;
    expect(mine[0]).toMatchObject({ messageKey: 'approval.decided', params: { status: 'APPROVED', id: flowId } });
  });

  it('pop notices: the operator creates one; a user sees it once until dismissed; members cannot create', async () => {
    await w.t.deps.store.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', team.owner.userId).execute();
    const denied = await as(w.t, team.operator, 'POST', '/api/notification/pop/create', { title: 'x' });
    expect(denied.status).toBe(403);
    const made = await as(w.t, team.owner, 'POST', '/api/notification/pop/create', { code: 'SUBSCRIPTION_POP', title: 'Pro is here', content: 'Try it', imageUrl: 'https://example.com/p.png', shareUrl: 'https://example.com/s' });
    expect(made.status).toBe(200);
    const pop = (await as(b, team.operator, 'GET', '/api/notification/pop')).body.data;
    expect(pop).toMatchObject({ code: 'SUBSCRIPTION_POP', title: 'Pro is here', imageUrl: 'https://example.com/p.png', shareUrl: 'https://example.com/s' });
    expect((await as(b, team.operator, 'POST', '/api/notification/pop/dismiss', { id: pop.id })).status).toBe(200);
    expect((await as(b, team.operator, 'GET', '/api/notification/pop')).body.data).toBeNull();
  });
});

describe('notification stream in local mode', () => {
  it('pushes in-process', async () => {
    const t = await testApp({ demo: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const s = openStream(`http://127.0.0.1:${port}`, {});
      await s.opened;
      await notify(t.deps, { organizationId: null, userIds: [1], type: 'DASHBOARD', messageKey: 'dashboard.refreshFailed', params: { name: 'Sales' } });
      expect((await s.next((e) => e.event === 'notification')).data).toMatchObject({ messageKey: 'dashboard.refreshFailed', unreadCount: 1 });
      s.close();
    } finally {
      await t.close();
    }
  });
});
