/** Organisations on the real PostgreSQL store (server mode): teams, codes, joining, roles, removal, transfer, switch, settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, makeUser, type TeamFixture } from '../test/org-fixtures.js';
import { decodeMime, startMailbox } from '../test/mailbox.js';

const png = (bytes: number) => {
  const b = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return `data:image/png;base64,${b.toString('base64')}`;
};

describe('organisations (server mode, PostgreSQL store)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    scratch = await scratchPgDatabase('askdb_orgs');
    mailbox = await startMailbox();
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false }, { ASKDB_SMTP_URL: mailbox.url, ASKDB_PUBLIC_URL: 'https://askdb.example.test' });
    f = await makeTeam(t, 'Acme');
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
    await mailbox?.close();
  });

  it('creates a team with a unique 8-digit code; the creator owns it and lists it after the personal one', async () => {
    const me = await makeUser(t, 'Founder');
    const refused = await as(t, me, 'POST', '/api/organization/create', { name: 'No terms', agree: false }, 'ja-JP');
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toBe('サービス規約と組織規約に同意してください');
    const unnamed = await as(t, me, 'POST', '/api/organization/create', { name: '  ', agree: true }, 'zh-CN');
    expect([unnamed.status, unnamed.body.errorMessage]).toEqual([400, '请输入名称']);
    const a = await as(t, me, 'POST', '/api/organization/create', { name: 'Rocket', area: 'Asia', industry: 'Retail', role: 'CEO', agree: true });
    const b = await as(t, me, 'POST', '/api/organization/create', { name: 'Rocket 2', agree: true });
    expect(a.body.data.teamCode).toMatch(/^\d{8}$/);
    expect(b.body.data.teamCode).not.toBe(a.body.data.teamCode);
    const list = (await as(t, me, 'GET', '/api/organization/list')).body.data;
    expect(list.map((o: { type: string; name: string; roleCodes: string[]; vip: boolean }) => [o.type, o.name, o.roleCodes[0], o.vip])).toEqual([
      ['PERSONAL', 'Founder', 'SUPER_ADMIN', false], ['TEAM', 'Rocket', 'SUPER_ADMIN', false], ['TEAM', 'Rocket 2', 'SUPER_ADMIN', false],
    ]);
    const rows = await t.deps.store.db.selectFrom('organization_members').select('role_code').where('organization_id', '=', a.body.data.id).execute();
    expect(rows).toEqual([{ role_code: 'SUPER_ADMIN' }]);
  });

  it('a code already taken is drawn again', async () => {
    const { TeamService } = await import('../services/organizations/teams.js');
    const codes = [f.teamCode, f.teamCode, '87654321'];
    const svc = new TeamService(t.deps.store.db, () => codes.shift()!);
    const me = await makeUser(t, 'Collider');
    const r = await svc.create({ userId: me.userId, name: me.name, lang: 'en-US' }, { name: 'Collide', area: '', industry: '', role: '', agree: true });
    expect(r.teamCode).toBe('87654321');
  });

  it('finds a team by code; a typo or an unknown code is a clear message in each language', async () => {
    const me = await makeUser(t, 'Finder');
    expect((await as(t, me, 'GET', `/api/organization/queryByTeamCode?teamCode=${f.teamCode}`)).body.data).toMatchObject({ id: f.teamId, teamCode: f.teamCode });
    const cases: Array<[string, string, string]> = [
      ['1234567', 'en-US', 'Please enter an 8-digit team code'],
      ['12a45678', 'zh-CN', '请输入 8 位数字的团队码'],
      ['00000000', 'ja-JP', 'チームコードが無効です'],
      ['00000000', 'en-US', 'Invalid team code'],
    ];
    for (const [code, lang, message] of cases) {
      const r = await as(t, me, 'GET', `/api/organization/queryByTeamCode?teamCode=${code}`, undefined, lang);
      expect(r.status).toBe(400);
      expect(r.body.errorMessage).toBe(message);
    }
  });

  it('join by code waits for an admin; approval makes a VALID OPERATOR, shown in the members table', async () => {
    const joiner = await makeUser(t, 'Joiner');
    const j = await as(t, joiner, 'POST', '/api/organization/join', { teamCode: f.teamCode, name: 'Jo Iner', reason: 'analytics' });
    expect(j.body.data.joinRequestId).toEqual(expect.any(Number));
    expect((await as(t, joiner, 'POST', '/api/organization/join', { teamCode: f.teamCode, name: 'Jo' })).body.errorCode).toBe('JOIN_PENDING');
    expect((await as(t, joiner, 'POST', '/api/organization/join', { teamCode: f.teamCode }, 'ja-JP')).body.errorMessage).toBe('名前を入力してください');
    // Not a member yet: cannot switch to the team.
    expect((await as(t, joiner, 'POST', '/api/organization/switch_org', { organizationId: f.teamId })).status).toBe(403);
    expect((await as(t, f.operator, 'GET', '/api/organization/join_requests')).status).toBe(403);
    const pending = (await as(t, f.admin, 'GET', '/api/organization/join_requests')).body.data;
    expect(pending).toContainEqual(expect.objectContaining({ id: j.body.data.joinRequestId, name: 'Jo Iner', reason: 'analytics', via: 'CODE', status: 'PENDING' }));
    expect((await as(t, f.admin, 'POST', '/api/organization/join_requests/approve', { id: j.body.data.joinRequestId })).body.data).toBe(true);
    expect((await as(t, f.owner, 'POST', '/api/organization/join_requests/approve', { id: j.body.data.joinRequestId })).status).toBe(409);
    const members = (await as(t, f.operator, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&pageSize=50&searchKey=iner`)).body.data;
    expect(members.total).toBe(1);
    expect(members.data[0]).toMatchObject({ userId: joiner.userId, name: 'Jo Iner', roleCode: 'OPERATOR', status: 'VALID', gmtModified: expect.any(String) });
    const sw = await as(t, joiner, 'POST', '/api/organization/switch_org', { organizationId: f.teamId });
    expect(sw.body.data).toEqual({ organizationId: f.teamId, type: 'TEAM', tab: 'team' });
    expect((await as(t, joiner, 'GET', '/api/organization')).body.data).toMatchObject({ id: f.teamId, roleCodes: ['OPERATOR'], current: true });
    const back = await as(t, joiner, 'POST', '/api/organization/switch_org', { organizationId: joiner.personalOrgId });
    expect(back.body.data.tab).toBe('workspace');
  });

  it('two admins deciding the same request at once: one wins, the other is told it was decided', async () => {
    const joiner = await makeUser(t, 'Raced');
    const { joinRequestId } = (await as(t, joiner, 'POST', '/api/organization/join', { teamCode: f.teamCode, name: 'Raced' })).body.data;
    const [a, b] = await Promise.all([
      as(t, f.admin, 'POST', '/api/organization/join_requests/approve', { id: joinRequestId }),
      as(t, f.owner, 'POST', '/api/organization/join_requests/reject', { id: joinRequestId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const req = await t.deps.store.db.selectFrom('join_requests').select('status').where('id', '=', joinRequestId).executeTakeFirstOrThrow();
    const member = await t.deps.store.db.selectFrom('organization_members').selectAll().where('organization_id', '=', f.teamId).where('user_id', '=', joiner.userId).execute();
    // The request and the membership agree: approved with one VALID row, or rejected with none.
    expect(req.status === 'APPROVED' ? member.map((m) => m.status) : member).toEqual(req.status === 'APPROVED' ? ['VALID'] : []);
  });

  it('a rejected request leaves no membership', async () => {
    const joiner = await makeUser(t, 'Rejected');
    const j = await as(t, joiner, 'POST', '/api/organization/join', { teamCode: f.teamCode, name: 'Nope' });
    await as(t, f.owner, 'POST', '/api/organization/join_requests/reject', { id: j.body.data.joinRequestId });
    expect(await t.deps.store.db.selectFrom('organization_members').selectAll().where('user_id', '=', joiner.userId).where('organization_id', '=', f.teamId).execute()).toEqual([]);
  });

  it('members table pages and searches', async () => {
    for (let i = 0; i < 4; i++) await f.addMember('OPERATOR', `Pager ${i}`);
    const p1 = (await as(t, f.owner, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&pageNo=1&pageSize=3&searchKey=pager`)).body.data;
    const p2 = (await as(t, f.owner, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&pageNo=2&pageSize=3&searchKey=pager`)).body.data;
    expect([p1.total, p1.data.length, p1.hasNextPage, p2.data.length, p2.hasNextPage]).toEqual([4, 3, true, 1, false]);
    expect([...p1.data, ...p2.data].map((m: { name: string }) => m.name)).toEqual(['Pager 0', 'Pager 1', 'Pager 2', 'Pager 3']);
    const all = (await as(t, f.owner, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&pageSize=100`)).body.data.data;
    expect(all[0]).toMatchObject({ userId: f.owner.userId, roleCode: 'SUPER_ADMIN', isOwner: true, email: expect.stringContaining('@') });
    // Members see names and roles, not e-mail addresses, and cannot search by them.
    const seen = (await as(t, f.operator, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&pageSize=100`)).body.data.data;
    expect(seen.every((m: { email: string | null }) => m.email === null)).toBe(true);
    expect((await as(t, f.operator, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&searchKey=example.test`)).body.data.total).toBe(0);
  });

  it('set and remove admin: admins may, members may not, and the owner role does not move this way', async () => {
    const m = await f.addMember('OPERATOR');
    const setRole = (who: typeof m, userId: number, roleCode: string) => as(t, who, 'POST', '/api/organization/update_user_role', { organizationId: f.teamId, userId, roleCode });
    expect((await setRole(f.operator, m.userId, 'ADMIN')).status).toBe(403);
    expect((await setRole(f.admin, m.userId, 'ADMIN')).body.data).toBe(true);
    expect((await t.deps.store.db.selectFrom('organization_members').select('role_code').where('user_id', '=', m.userId).where('organization_id', '=', f.teamId).executeTakeFirstOrThrow()).role_code).toBe('ADMIN');
    expect((await setRole(f.owner, m.userId, 'OPERATOR')).body.data).toBe(true);
    expect((await setRole(f.admin, f.owner.userId, 'OPERATOR')).status).toBe(403);
    expect((await setRole(f.owner, m.userId, 'SUPER_ADMIN')).status).toBe(400);
    expect((await setRole(f.outsider, m.userId, 'ADMIN')).status).toBe(403);
  });

  it("remove user: never the owner; the removed member's open session sees no team data at its next request", async () => {
    const m = await f.addMember('OPERATOR', 'Leaving');
    const shared = (await as(t, f.admin, 'POST', '/api/connection/datasource/create', { alias: 'team shared', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', databaseName: 'postgres', visibility: 'SHARED' })).body.data;
    expect((await as(t, m, 'GET', `/api/connection/datasource/${shared}`)).status).toBe(200);
    expect((await as(t, f.admin, 'POST', '/api/organization/remove_user', { organizationId: f.teamId, userId: f.owner.userId }, 'zh-CN')).body.errorMessage).toBe('不能将所有者移出团队');
    expect((await as(t, f.operator, 'POST', '/api/organization/remove_user', { organizationId: f.teamId, userId: m.userId })).status).toBe(403);
    expect((await as(t, f.admin, 'POST', '/api/organization/remove_user', { organizationId: f.teamId, userId: m.userId })).body.data).toBe(true);
    // Same cookie, next request: the team's data source is gone for them, and they are back in their personal organisation.
    expect((await as(t, m, 'GET', `/api/connection/datasource/${shared}`)).status).toBe(404);
    expect((await as(t, m, 'GET', '/api/connection/datasource/list')).body.data.data.map((d: { id: number }) => d.id)).not.toContain(shared);
    expect((await as(t, m, 'GET', '/api/organization')).body.data).toMatchObject({ id: m.personalOrgId, type: 'PERSONAL' });
    expect((await as(t, m, 'POST', '/api/organization/switch_org', { organizationId: f.teamId })).status).toBe(403);
    const row = (await as(t, f.owner, 'GET', `/api/organization/list_user?organizationId=${f.teamId}&searchKey=Leaving`)).body.data.data[0];
    expect(row.status).toBe('INVALID');
  });

  it('transfer team: the owner only; the new owner is SUPER_ADMIN and the old one ADMIN, written together', async () => {
    const g = await makeTeam(t, 'Transfer');
    const transfer = (who: typeof g.owner, userId: number) => as(t, who, 'POST', '/api/organization/transfer_owner', { organizationId: g.teamId, userId });
    expect((await transfer(g.admin, g.operator.userId)).status).toBe(403);
    expect((await transfer(g.owner, g.operator.userId)).body.data).toBe(true);
    const roles = await t.deps.store.db.selectFrom('organization_members').select(['user_id', 'role_code']).where('organization_id', '=', g.teamId).orderBy('user_id').execute();
    expect(Object.fromEntries(roles.map((r) => [r.user_id, r.role_code]))).toEqual({ [g.owner.userId]: 'ADMIN', [g.admin.userId]: 'ADMIN', [g.operator.userId]: 'SUPER_ADMIN' });
    expect((await t.deps.store.db.selectFrom('organizations').select('owner_id').where('id', '=', g.teamId).executeTakeFirstOrThrow()).owner_id).toBe(g.operator.userId);
    // The old owner can no longer transfer it; the new one can remove the old one.
    expect((await transfer(g.owner, g.admin.userId)).status).toBe(403);
    expect((await as(t, g.operator, 'POST', '/api/organization/remove_user', { organizationId: g.teamId, userId: g.owner.userId })).body.data).toBe(true);
  });

  it('team settings: name, avatar JPG/GIF/PNG under 1 MB, admins only', async () => {
    const ok = await as(t, f.admin, 'POST', '/api/organization/update', { name: 'Acme Renamed', avatar: png(2048) });
    expect(ok.body.data).toMatchObject({ name: 'Acme Renamed', avatar: expect.stringMatching(/^data:image\/png;base64,/) });
    const big = await as(t, f.admin, 'POST', '/api/organization/update', { avatar: png(1024 * 1024) });
    expect([big.status, big.body.errorMessage]).toEqual([400, 'File must be smaller than 1MB!']);
    const bigJa = await as(t, f.admin, 'POST', '/api/organization/update', { avatar: png(1024 * 1024 + 10) }, 'ja-JP');
    expect(bigJa.body.errorMessage).toBe('ファイルは 1MB 未満にしてください！');
    const fake = await as(t, f.admin, 'POST', '/api/organization/update', { avatar: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` });
    expect(fake.body.errorCode).toBe('AVATAR_TYPE');
    expect((await as(t, f.operator, 'POST', '/api/organization/update', { name: 'Hijack' })).status).toBe(403);
    expect((await t.deps.store.db.selectFrom('organizations').select('name').where('id', '=', f.teamId).executeTakeFirstOrThrow()).name).toBe('Acme Renamed');
  });

  it('invite link: the landing shows the team; accepting makes a join request via INVITE that awaits approval', async () => {
    const inv = (await as(t, f.admin, 'POST', '/api/organization/invitation/create', {})).body.data;
    expect(inv.url).toMatch(/\/invite\?token=/);
    const guest = await makeUser(t, 'Guest');
    expect((await as(t, guest, 'GET', `/api/organization/invitation?token=${inv.token}`)).body.data).toMatchObject({ organizationId: f.teamId, alreadyMember: false });
    const acc = await as(t, guest, 'POST', '/api/organization/invitation/accept', { token: inv.token, name: 'Guest G' });
    expect(acc.body.data.joinRequestId).toEqual(expect.any(Number));
    const pending = (await as(t, f.owner, 'GET', '/api/organization/join_requests')).body.data;
    expect(pending).toContainEqual(expect.objectContaining({ id: acc.body.data.joinRequestId, via: 'INVITE', status: 'PENDING' }));
    expect((await as(t, guest, 'GET', '/api/organization/invitation?token=' + 'x'.repeat(43))).body.errorCode).toBe('INVALID_INVITATION');
    expect((await as(t, f.operator, 'POST', '/api/organization/invitation/create', {})).status).toBe(403);
  });

  it('invite by e-mail: a real SMTP server receives the link in the inviter\'s language; the link is for one request', async () => {
    const email = `invitee.${process.pid}@example.test`;
    const r = await as(t, f.admin, 'POST', '/api/organization/invitation/create', { email }, 'zh-CN');
    expect(r.body.data).toMatchObject({ sent: true, url: expect.stringMatching(/^https:\/\/askdb\.example\.test\/invite\?token=/) });
    const text = decodeMime((await mailbox.next(email)).raw);
    expect(text).toContain('邀请您加入');
    const token = /invite\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBe(r.body.data.token);
    const invitee = await makeUser(t, 'Mailed');
    const acc = await as(t, invitee, 'POST', '/api/organization/invitation/accept', { token, name: 'Mailed M', reason: 'asked by admin' });
    expect(acc.body.data.joinRequestId).toEqual(expect.any(Number));
    const second = await makeUser(t, 'Forwarded');
    expect((await as(t, second, 'POST', '/api/organization/invitation/accept', { token, name: 'Forwarded' })).body.errorCode).toBe('INVALID_INVITATION');
    await as(t, f.owner, 'POST', '/api/organization/join_requests/approve', { id: acc.body.data.joinRequestId });
    expect((await as(t, invitee, 'POST', '/api/organization/switch_org', { organizationId: f.teamId })).body.data.tab).toBe('team');
  });
});

describe('organisations in local mode (the implicit user, same code paths)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  it('the local user is the owner of its personal organisation; its data sources live there', async () => {
    const cur = (await t.json('GET', '/api/organization')).body.data;
    expect(cur).toMatchObject({ type: 'PERSONAL', roleCodes: ['SUPER_ADMIN'], current: true });
    expect((await t.json('GET', '/api/organization/list')).body.data.map((o: { id: number }) => o.id)).toEqual([cur.id]);
    const id = (await t.json('POST', '/api/connection/datasource/create', { alias: 'local pg', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', databaseName: 'postgres' })).body.data;
    expect((await t.json('GET', `/api/connection/datasource/${id}`)).body.data).toMatchObject({ spaceId: cur.id, host: '127.0.0.1', isAdmin: true });
    const members = (await t.json('GET', '/api/organization/list_user')).body.data;
    expect(members.data).toEqual([expect.objectContaining({ userId: 1, roleCode: 'SUPER_ADMIN', status: 'VALID', isOwner: true })]);
  });

  it('teams are a server feature: creating or joining one says so, and nothing is written', async () => {
    const r = await t.json('POST', '/api/organization/create', { name: 'Local team', agree: true });
    expect([r.status, r.body.errorCode, r.body.errorMessage]).toEqual([400, 'UNSUPPORTED', expect.stringContaining('server mode')]);
    expect((await t.json('POST', '/api/organization/join', { teamCode: '12345678', name: 'me' }, { 'accept-language': 'ja-JP' })).body.errorMessage).toContain('サーバーモード');
    expect(await t.deps.store.db.selectFrom('organizations').select('id').where('type', '=', 'TEAM').execute()).toEqual([]);
  });
});
