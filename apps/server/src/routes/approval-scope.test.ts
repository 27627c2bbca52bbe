/**
 * Issue 25 point 6: an application carries exactly what was refused, the approval shows that scope
 * and a validity, the approver can narrow it and set an expiry, and the grant made is what was shown
 * — never a permanent whole-schema READ. Real PostgreSQL store and data database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../test/org-fixtures.js';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';
import { act, flowOf } from '../test/approval-fixtures.js';

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('approval scope → grant (server mode, PostgreSQL store and data database)', () => {
  let fx: PermissionFixture;
  const run = (p: Persona, sql: string) => as(fx.t, p, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql });
  const grantsOf = (approvalId: number) =>
    fx.t.deps.store.db.selectFrom('authorizations').select(['user_id', 'database_name', 'schema_name', 'table_name', 'columns_json', 'actions', 'expire_at']).where('approval_id', '=', approvalId).execute();

  beforeAll(async () => {
    fx = await permissionFixture('appr_scope');
  }, 60_000);
  afterAll(async () => fx?.close());

  it('refused on columns → the application names those columns → narrowed with an expiry → exactly that is granted', async () => {
    const member = await fx.memberWith({ databaseName: fx.database, schemaName: 'public', tableName: 'orders', columns: ['id', 'total'] });
    const sql = 'select id, total, secret, customer_id from orders';
    const refused = await run(member, sql);
    expect(refused.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect(refused.body.data.script).toBe(sql);
    expect(refused.body.data.tables).toEqual([{ databaseName: fx.database, schemaName: 'public', tableName: 'orders', columns: ['secret', 'customer_id'], actions: ['READ'] }]);

    const asked = inDays(30);
    const applied = await as(fx.t, member, 'POST', '/api/permission/apply', { ...refused.body.data, applyType: 'data', reason: 'fraud review', expireAt: asked });
    expect(applied.status, applied.body.errorMessage).toBe(200);
    const id = applied.body.data.approvalId as number;
    const flow = await flowOf(fx.t, fx.team.admin, id);
    expect(flow.scope).toEqual({ tables: refused.body.data.tables, expireAt: asked });
    expect(flow.description).toContain('orders (secret, customer_id)');

    // Wider than asked is refused: a column not asked for, a later expiry, an expiry in the past.
    const orders = refused.body.data.tables[0];
    const wider = await act(fx.t, fx.team.admin, 'approve', { id, tables: [{ ...orders, columns: ['secret', 'total', 'customer_id'] }] });
    expect(wider.status).toBe(400);
    expect(wider.body.errorMessage).toContain('orders.total');
    expect((await act(fx.t, fx.team.admin, 'approve', { id, expireAt: inDays(60) })).body.errorMessage).toContain('cannot be later');
    expect((await act(fx.t, fx.team.admin, 'approve', { id, expireAt: null })).status).toBe(400);
    expect((await act(fx.t, fx.team.admin, 'approve', { id, expireAt: inDays(-1) })).body.errorMessage).toContain('future');
    expect((await grantsOf(id)).length).toBe(0);

    const until = inDays(7);
    const ok = await act(fx.t, fx.team.admin, 'approve', { id, tables: [{ ...orders, columns: ['secret'] }], expireAt: until });
    expect(ok.status, ok.body.errorMessage).toBe(200);
    expect(await grantsOf(id)).toEqual([
      { user_id: member.userId, database_name: fx.database, schema_name: 'public', table_name: 'orders', columns_json: '["secret"]', actions: 'READ', expire_at: until },
    ]);
    // The flow now shows what was granted.
    expect((await flowOf(fx.t, member, id)).scope).toEqual({ tables: [{ ...orders, columns: ['secret'] }], expireAt: until });
    // The member reads the granted column, and still not the one the approver left out.
    expect((await run(member, 'select id, total, secret from orders where id = 1')).body.data[0].dataList[0]).toEqual(['1', '10', 'secret 1']);
    expect((await run(member, 'select customer_id from orders')).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect((await run(member, 'select name from customers')).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
  });

  it('a member with no grant: the refusal names the tables read, and approval grants only those tables', async () => {
    const member = await fx.memberWith(null);
    const refused = await run(member, 'select o.total, c.name from orders o join customers c on c.id = o.customer_id');
    expect(refused.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    const names = (refused.body.data.tables as Array<{ tableName: string; columns: string[] | null }>).map((t) => [t.tableName, t.columns]);
    expect(names).toEqual([['orders', ['total', 'customer_id']], ['customers', ['name', 'id']]]);
    const applied = await as(fx.t, member, 'POST', '/api/permission/apply', { ...refused.body.data, reason: 'report' });
    const id = applied.body.data.approvalId as number;
    expect((await flowOf(fx.t, fx.team.admin, id)).scope.expireAt).toBeNull();
    expect((await act(fx.t, fx.team.admin, 'approve', { id })).status).toBe(200);
    const grants = await grantsOf(id);
    expect(grants.map((g) => [g.table_name, g.columns_json, g.actions, g.expire_at])).toEqual([
      ['orders', '["total","customer_id"]', 'READ', null],
      ['customers', '["name","id"]', 'READ', null],
    ]);
    expect(grants.some((g) => g.table_name === null)).toBe(false);
    expect((await run(member, 'select o.total, c.name from orders o join customers c on c.id = o.customer_id')).status).toBe(200);
    // Not even a column of a granted table beyond what was asked (o.id).
    expect((await run(member, 'select o.total from orders o order by o.id')).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect((await run(member, 'select secret from orders')).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect((await run(member, 'select count(*) from hidden')).body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
  });

  it('an approver cannot add a table the application did not ask for', async () => {
    const member = await fx.memberWith(null);
    const refused = await run(member, 'select name from customers');
    const applied = await as(fx.t, member, 'POST', '/api/permission/apply', { ...refused.body.data, reason: 'x' });
    const id = applied.body.data.approvalId as number;
    const r = await act(fx.t, fx.team.admin, 'approve', { id, tables: [{ databaseName: fx.database, schemaName: 'public', tableName: 'hidden', columns: null, actions: ['READ'] }] });
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toContain('hidden');
    expect((await act(fx.t, fx.team.admin, 'approve', { id, tables: [] })).status).toBe(400);
    expect((await flowOf(fx.t, fx.team.admin, id)).status).toBe('PENDING');
  });
});
