/**
 * Isolation between organisations and inside a team (issue 12 point 4), on the real PostgreSQL
 * store in server mode: what one organisation's member owns is invisible to another's, every id of
 * ours answers 404/403 to them; inside a team, shared data sources are usable by members without
 * their connection details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from './test/helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from './test/org-fixtures.js';

describe('organisation scoping (server mode, PostgreSQL store)', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  const ids = { ds: 0, shared: 0, console: 0, group: 0, chat: 0, collection: 0 };

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_scope_store');
    data = await scratchPgDatabase('askdb_scope_data', 'create table orders (id int primary key, total int); insert into orders values (1, 10);');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Scope');
    const a = f.owner;
    ids.ds = (await as(t, a, 'POST', '/api/connection/datasource/create', pgSourceInput('owner private', data.name))).body.data;
    ids.shared = (await as(t, f.admin, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('team warehouse', data.name), visibility: 'SHARED' })).body.data;
    ids.group = (await as(t, a, 'POST', '/api/connection/group/create', { name: 'mine' })).body.data;
    ids.console = (await as(t, a, 'POST', '/api/operation/saved/create', { name: 'q1', ddl: 'select 1', dataSourceId: ids.ds })).body.data;
    ids.chat = (await as(t, a, 'POST', '/api/ai/chat/save', { messages: [{ role: 'user', content: 'how many orders?' }], context: { dataSourceId: ids.ds } })).body.data;
    ids.collection = (await as(t, a, 'POST', '/api/ai/data_collection/create', { title: 'sales' })).body.data;
    expect(Object.values(ids).every((v) => typeof v === 'number')).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
    await data?.drop();
  });

  const foreign = () => f.outsider;
  const refused = (status: number) => expect([403, 404]).toContain(status);

  it("another organisation's member gets 404/403 for every id of ours", async () => {
    const b = foreign();
    const tries: Array<[string, string, unknown?]> = [
      ['GET', `/api/connection/datasource/${ids.ds}`],
      ['GET', `/api/connection/datasource/${ids.shared}`],
      ['POST', '/api/rdb/dml/execute', { dataSourceId: ids.shared, sql: 'select * from orders' }],
      ['GET', `/api/rdb/table/list?dataSourceId=${ids.shared}`],
      ['DELETE', `/api/connection/datasource/${ids.ds}`],
      ['POST', '/api/connection/datasource/update', { id: ids.ds, alias: 'stolen' }],
      ['POST', '/api/connection/datasource/clone', { id: ids.ds }],
      ['POST', '/api/connection/datasource/pre_connect', { id: ids.ds }],
      ['POST', '/api/rdb/dml/execute', { dataSourceId: ids.ds, sql: 'select * from orders' }],
      ['GET', `/api/rdb/table/list?dataSourceId=${ids.ds}`],
      ['POST', '/api/connection/group/update', { id: ids.group, name: 'stolen' }],
      ['POST', '/api/connection/datasource/create', { ...pgSourceInput('into their group', data.name), groupId: ids.group }],
      ['DELETE', `/api/connection/group/${ids.group}`],
      ['POST', '/api/connection/group/move_datasource', { dataSourceId: ids.ds, groupId: null }],
      ['GET', `/api/operation/saved/${ids.console}`],
      ['POST', '/api/operation/saved/update', { id: ids.console, ddl: 'drop table orders' }],
      ['DELETE', `/api/operation/saved/${ids.console}`],
      ['GET', `/api/operation/draft/${ids.console}`],
      ['POST', '/api/operation/draft/set', { consoleId: ids.console, ddl: 'x' }],
      ['POST', '/api/operation/saved/create', { name: 'mine now', dataSourceId: ids.ds }],
      ['GET', `/api/ai/chat/${ids.chat}`],
      ['POST', '/api/ai/chat/save', { id: ids.chat, messages: [{ role: 'user', content: 'overwrite' }] }],
      ['DELETE', `/api/ai/chat/${ids.chat}`],
      ['POST', '/api/ai/data_collection/rename', { id: ids.collection, title: 'stolen' }],
      ['GET', `/api/ai/data_collection/element/list?id=${ids.collection}`],
      ['POST', '/api/ai/data_collection/element/add', { id: ids.collection, elements: [{ tableName: 'orders', dataSourceId: ids.ds }] }],
      ['DELETE', `/api/ai/data_collection/${ids.collection}`],
      ['GET', `/api/organization/list_user?organizationId=${f.teamId}`],
      ['POST', '/api/organization/switch_org', { organizationId: f.teamId }],
    ];
    for (const [method, url, body] of tries) {
      const r = await as(t, b, method, url, body);
      // A data source of another organisation does not exist for them: 404, never a hint that it does.
      const dsId = (body as { dataSourceId?: number; id?: number } | undefined)?.dataSourceId ?? (url.includes('/datasource/') ? Number(url.split('/').pop()) : undefined);
      if (dsId === ids.ds || dsId === ids.shared) expect.soft(r.status, `${method} ${url}`).toBe(404);
      else refused(r.status);
    }
    // Their own collection or console cannot point at our data source either.
    const theirs = (await as(t, b, 'POST', '/api/ai/data_collection/create', { title: 'theirs' })).body.data;
    expect((await as(t, b, 'POST', '/api/ai/data_collection/element/add', { id: theirs, elements: [{ tableName: 'orders', dataSourceId: ids.shared }] })).status).toBe(404);
    expect((await as(t, b, 'POST', '/api/operation/saved/create', { name: 'theirs', dataSourceId: ids.shared })).status).toBe(404);
    // Nothing of ours changed.
    const ds = (await as(t, f.owner, 'GET', `/api/connection/datasource/${ids.ds}`)).body.data;
    expect(ds.alias).toBe('owner private');
    expect((await as(t, f.owner, 'GET', `/api/operation/saved/${ids.console}`)).body.data.ddl).toBe('select 1');
    expect((await as(t, f.owner, 'GET', `/api/ai/chat/${ids.chat}`)).body.data.messages[0].content).toBe('how many orders?');
  });

  it("another organisation's lists do not show our rows", async () => {
    const b = foreign();
    const lists: Array<[string, (d: any) => number[]]> = [
      ['/api/connection/datasource/list?pageSize=500', (d) => d.data.map((x: { id: number }) => x.id)],
      ['/api/connection/group/list', (d) => d.map((x: { id: number }) => x.id)],
      ['/api/operation/saved/list?pageSize=500', (d) => d.data.map((x: { id: number }) => x.id)],
      ['/api/ai/chat/list?pageSize=100', (d) => d.data.map((x: { id: number }) => x.id)],
      ['/api/ai/data_collection/list?pageSize=500', (d) => d.data.map((x: { id: number }) => x.id)],
    ];
    const mine = [ids.ds, ids.group, ids.console, ids.chat, ids.collection];
    for (const [i, [url, pick]] of lists.entries()) {
      expect(pick((await as(t, b, 'GET', url)).body.data), url).not.toContain(mine[i]);
      expect(pick((await as(t, f.owner, 'GET', url)).body.data), url).toContain(mine[i]);
    }
    expect((await as(t, b, 'GET', `/api/ai/chat/brief?dataSourceId=${ids.ds}`)).body.data).toBeNull();
  });

  it('the same user sees different things in each of their organisations', async () => {
    const a = f.owner;
    await as(t, a, 'POST', '/api/organization/switch_org', { organizationId: a.personalOrgId });
    const personalConsoles = (await as(t, a, 'GET', '/api/operation/saved/list')).body.data.data.map((c: { id: number }) => c.id);
    expect(personalConsoles).not.toContain(ids.console);
    expect((await as(t, a, 'GET', `/api/connection/datasource/${ids.ds}`)).status).toBe(404);
    const own = (await as(t, a, 'POST', '/api/operation/saved/create', { name: 'personal one' })).body.data;
    await as(t, a, 'POST', '/api/organization/switch_org', { organizationId: f.teamId });
    expect((await as(t, a, 'GET', `/api/operation/saved/${own}`)).status).toBe(404);
    expect((await as(t, a, 'GET', `/api/operation/saved/${ids.console}`)).status).toBe(200);
  });

  describe('shared data sources inside a team', () => {
    let shared: number;
    let member: Persona;
    beforeAll(() => {
      member = f.operator;
      shared = ids.shared;
    });

    it('a member lists and connects with it, without host, user or password', async () => {
      const server = new URL(PG_URL).hostname;
      // Using a shared source needs an admin's grant (issue 13, services/permissions).
      expect((await as(t, f.owner, 'POST', '/api/permission/authorization/create', { userId: member.userId, dataSourceId: shared, actions: ['READ'], expireAt: null })).status).toBe(200);
      const one = await t.app.inject({ method: 'GET', url: `/api/connection/datasource/${shared}`, headers: member.headers });
      const list = await t.app.inject({ method: 'GET', url: '/api/connection/datasource/list?pageSize=500', headers: member.headers });
      expect(one.json().data).toEqual({ id: shared, alias: 'team warehouse', type: 'POSTGRESQL', hasPermission: true, isAdmin: false, spaceId: f.teamId, visibility: 'SHARED' });
      for (const text of [one.body, list.body]) {
        expect(text).not.toContain(server);
        expect(text).not.toContain('"user"');
        expect(text).not.toContain(data.name);
      }
      const run = await as(t, member, 'POST', '/api/rdb/dml/execute', { dataSourceId: shared, sql: 'select total from orders' });
      expect(run.body.data[0].dataList).toEqual([['10']]);
      // The host cannot be found by searching either.
      expect((await as(t, member, 'GET', `/api/connection/datasource/list?searchKey=${server}`)).body.data.total).toBe(0);
      // Its creator's private one is not the member's at all.
      expect((await as(t, member, 'GET', `/api/connection/datasource/${ids.ds}`)).status).toBe(403);
    });

    it('an admin sees the details; only admins create or change shared sources', async () => {
      expect((await as(t, f.owner, 'GET', `/api/connection/datasource/${shared}`)).body.data).toMatchObject({ host: new URL(PG_URL).hostname, isAdmin: true });
      const create = await as(t, member, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('member shared', data.name), visibility: 'SHARED' }, 'zh-CN');
      expect([create.status, create.body.errorMessage]).toEqual([403, '只有团队管理员可以创建或修改共享连接']);
      expect((await as(t, member, 'POST', '/api/connection/datasource/update', { id: shared, alias: 'renamed by member' })).status).toBe(403);
      expect((await as(t, member, 'DELETE', `/api/connection/datasource/${shared}`)).status).toBe(403);
      expect((await as(t, member, 'POST', '/api/connection/datasource/clone', { id: shared })).status).toBe(403);
      const own = (await as(t, member, 'POST', '/api/connection/datasource/create', pgSourceInput('member private', data.name))).body.data;
      expect((await as(t, member, 'POST', '/api/connection/datasource/update', { id: own, visibility: 'SHARED' })).status).toBe(403);
      expect((await as(t, f.admin, 'POST', '/api/connection/datasource/update', { id: shared, alias: 'team warehouse' })).body.success).toBe(true);
    });
  });
});
