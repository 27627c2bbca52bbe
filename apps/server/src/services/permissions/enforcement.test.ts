/**
 * Table- and column-level grants enforced on the statements themselves (issue 13 point 2), server
 * mode on the real PostgreSQL store and a real data database: a forbidden column reached through
 * an alias, a CTE, a view, `select *` or a subquery is refused before the database sees it, the
 * allowed statements run, a grant stops at its expiry without a new login, the team's script policy
 * asks for an approved script, and grants on another organisation's source are refused — with
 * messages in the three languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../../test/org-fixtures.js';
import { pgSourceInput } from '../../test/helpers.js';
import { permissionFixture, type PermissionFixture } from '../../test/permission-fixture.js';

describe('statements against table- and column-level grants', () => {
  let fx: PermissionFixture;
  let member: Persona;
  const run = (p: Persona, sql: string, lang?: string) => as(fx.t, p, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql }, lang);

  beforeAll(async () => {
    fx = await permissionFixture('perm_stmt');
    // orders: only id and total; customers: whole table. Not the view, not `hidden`.
    member = await fx.memberWith({ schemaName: 'public', tableName: 'orders', columns: ['id', 'total', 'customer_id'] });
    await fx.grant(member, { schemaName: 'public', tableName: 'customers' });
  }, 60_000);
  afterAll(async () => fx?.close());

  it('refuses the secret column through an alias, a CTE, a view, select * and subqueries', async () => {
    const refused = [
      'select o.secret from orders o',
      'with x as (select secret as s from orders) select s from x',
      'with x as (select * from orders) select id from x',
      'select * from order_secrets',
      'select * from orders',
      'select d.v from (select secret v from orders) d',
      "select name from customers c where exists (select 1 from orders o where o.customer_id = c.id and o.secret like 'secret 1%')",
      'select row_to_json(o) from orders o',
      'select * from hidden',
      'table orders',
      'with d as (delete from customers where id = 1 returning *) select * from d',
    ];
    for (const sql of refused) {
      const r = await run(member, sql);
      expect(r.status, sql).toBe(403);
      expect(r.body.errorCode, sql).toBe('NO_DATA_ACCESS_PERMISSION');
      expect(r.body.data, sql).toMatchObject({ applyType: 'data', dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' });
    }
  });

  it('runs what the grants cover', async () => {
    const allowed: [string, string][] = [
      ['select o.id, o.total from orders o where o.id = 3', '3'],
      ['with x as (select id from orders) select count(*) from x', '500'],
      ['select count(*) from orders', '500'],
      ['select c.name from customers c join orders o on o.customer_id = c.id where o.id = 2', 'Ada'],
      ['select * from customers order by id limit 1', '1'],
      ['select v from (select total as v from orders where id = 4) d', '40'],
    ];
    for (const [sql, first] of allowed) {
      const r = await run(member, sql);
      expect(r.status, `${sql}: ${r.body.errorMessage}`).toBe(200);
      expect(r.body.data[0].success, sql).toBe(true);
      expect(r.body.data[0].dataList[0][0], sql).toBe(first);
    }
  });

  it('refuses a write under a read grant before the database sees it, and a script as a whole', async () => {
    const r = await run(member, "select 1;\ninsert into customers values (9, 'Eve')");
    expect(r.status).toBe(403);
    const count = await run(fx.team.admin, 'select count(*) from customers');
    expect(count.body.data[0].dataList[0][0]).toBe('2');
    // The audit has it only as a refused attempt (issue 24 point 5), never as a run.
    await fx.t.deps.audit.log.flush();
    const audited = await fx.t.deps.store.db.selectFrom('sql_audit').select(['success', 'message']).where('user_id', '=', member.userId).where('sql_text', 'like', '%Eve%').execute();
    expect(audited.map((a) => [Number(a.success), a.message?.startsWith('REFUSED (no permission')])).toEqual([[0, true]]);
  });

  it('fails closed on what the analysis cannot vouch for, and says so', async () => {
    const r = await run(member, 'select my_function(id) from orders');
    expect(r.status).toBe(403);
    expect(r.body.errorMessage).toContain('cannot tell which tables');
    expect((await run(member, 'set search_path = other')).status).toBe(403);
  });

  it('says why in the user language', async () => {
    const en = await run(member, 'select secret from orders', 'en-US');
    const zh = await run(member, 'select secret from orders', 'zh-CN');
    const ja = await run(member, 'select secret from orders', 'ja-JP');
    expect(en.body.errorMessage).toBe('You have no permission to read the column(s) secret of the table ' + `${fx.database}.public.orders. The statement was not run.`);
    expect(zh.body.errorMessage).toContain('语句未执行');
    expect(ja.body.errorMessage).toContain('実行されませんでした');
  });

  it('stops a grant at its expiry, without a new login, and on later pages of a result', async () => {
    const p = await fx.memberWith({ expireAt: new Date(Date.now() + 1500).toISOString() });
    const first = await as(fx.t, p, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select id from orders order by id', pageSize: 10 });
    expect(first.status).toBe(200);
    const cursorId = first.body.data[0].cursorId as string;
    expect(cursorId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1800));
    expect((await run(p, 'select id from orders where id = 1')).status).toBe(403);
    expect((await as(fx.t, p, 'GET', `/api/rdb/table/list?dataSourceId=${fx.shared}&databaseName=${fx.database}&schemaName=public`)).status).toBe(403);
    const page = await as(fx.t, p, 'POST', '/api/rdb/dml/fetch', { cursorId, limit: 5 });
    expect(page.status).toBe(403);
    expect(page.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
  });

  it('holds write statements for an approved script under the team policy', async () => {
    const writer = await fx.memberWith({ actions: ['READ', 'WRITE'] });
    const set = await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE', 'DDL'] });
    expect(set.body.data).toEqual({ selectFree: true, needApprovalFor: ['WRITE', 'DDL'] });
    try {
      const sql = "update customers set name = 'Bo' where id = 2";
      const r = await run(writer, sql);
      expect(r.status).toBe(403);
      expect(r.body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      expect(r.body.data).toMatchObject({ applyType: 'script', script: sql, dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' });
      expect((await run(writer, 'select name from customers where id = 2')).status).toBe(200);
      // Admins are not held.
      expect((await run(fx.team.admin, 'update customers set name = name where id = 2')).status).toBe(200);
      expect((await as(fx.t, member, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] })).status).toBe(403);
    } finally {
      await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
    }
  });

  it('runs an approved script once, exactly as approved (the approvals module says so)', async () => {
    const writer = await fx.memberWith({ actions: ['READ', 'WRITE'] });
    await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE'] });
    try {
      const sql = "update customers set name = 'Bea' where id = 2";
      const refused = await run(writer, sql);
      expect(refused.body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      const applied = await as(fx.t, writer, 'POST', '/api/permission/apply', { ...refused.body.data, reason: 'fix a name' });
      expect(applied.status, applied.body.errorMessage).toBe(200);
      const approved = await as(fx.t, fx.team.admin, 'POST', '/api/approval/approve', { id: applied.body.data.approvalId, comment: 'ok' });
      expect(approved.status, approved.body.errorMessage).toBe(200);
      expect((await run(writer, `${sql} or id = 1`)).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      const once = await run(writer, sql);
      expect(once.status, once.body.errorMessage).toBe(200);
      expect(once.body.data[0].updateCount).toBe(1);
      expect((await run(writer, sql)).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
    } finally {
      await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
    }
  });

  it('refuses a grant on another organisation\'s data source, to a non-member, or already expired', async () => {
    const theirs = (await as(fx.t, fx.team.outsider, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('theirs', fx.database), visibility: 'SHARED' })).body.data as number;
    const body = { userId: member.userId, dataSourceId: theirs, actions: ['READ'], expireAt: null };
    const en = await as(fx.t, fx.team.admin, 'POST', '/api/permission/authorization/create', body);
    expect(en.status).toBe(403);
    expect(en.body.errorMessage).toBe(`The data source ${theirs} belongs to another organisation. Grants are given on shared data sources of the current team only.`);
    expect((await as(fx.t, fx.team.admin, 'POST', '/api/permission/authorization/create', body, 'zh-CN')).body.errorMessage).toBe(`数据源 ${theirs} 属于其他组织。只能对当前团队的共享数据源授权。`);
    expect((await as(fx.t, fx.team.admin, 'POST', '/api/permission/authorization/create', body, 'ja-JP')).body.errorMessage).toBe(`データソース ${theirs} は別の組織のものです。権限は現在のチームの共有データソースにのみ付与できます。`);
    const stranger = await as(fx.t, fx.team.admin, 'POST', '/api/permission/authorization/create', { ...body, dataSourceId: fx.shared, userId: fx.team.outsider.userId });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errorMessage).toContain('not an active member');
    const past = await as(fx.t, fx.team.admin, 'POST', '/api/permission/authorization/create', { ...body, dataSourceId: fx.shared, expireAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect((await as(fx.t, member, 'POST', '/api/permission/authorization/create', { ...body, dataSourceId: fx.shared })).status).toBe(403);
  });

  it('lists grants (admins the team\'s, members their own) and withdraws them', async () => {
    const p = await fx.memberWith({ schemaName: 'public', tableName: 'orders', columns: ['id'], actions: ['READ'], expireAt: new Date(Date.now() + 86_400_000).toISOString() });
    const mine = (await as(fx.t, p, 'GET', '/api/permission/authorization/list')).body.data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ name: p.name, type: 'COLUMN', validity: { permanent: false, expired: false }, detail: { tableName: 'orders', columns: ['id'], actions: ['READ'], dataSourceName: 'shared' } });
    expect(mine.data[0].description).toBe('shared / public / orders (id): read');
    const team = (await as(fx.t, fx.team.admin, 'GET', '/api/permission/authorization/list?pageSize=500')).body.data;
    expect(team.total).toBeGreaterThan(3);
    expect((await as(fx.t, p, 'DELETE', `/api/permission/authorization/${mine.data[0].id}`)).status).toBe(403);
    expect((await as(fx.t, fx.team.admin, 'DELETE', `/api/permission/authorization/${mine.data[0].id}`)).status).toBe(200);
    expect((await run(p, 'select id from orders where id = 1')).status).toBe(403);
  });
});
