/**
 * Approvals with the grants' enforcement, end to end on a real data database (issue 13's scenario
 * on the server): a member is refused, applies with the refusal's prefill, an admin approves with
 * an added signer, and the member reads; a script held by the team policy is applied for, approved,
 * runs once exactly as approved, and an edited copy or a second run is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../test/org-fixtures.js';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';
import { act } from '../test/approval-fixtures.js';

describe('approvals and grants (server mode, PostgreSQL store and data database)', () => {
  let fx: PermissionFixture;
  const run = (p: Persona, sql: string) => as(fx.t, p, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql });

  beforeAll(async () => {
    fx = await permissionFixture('appr_grant');
  }, 60_000);
  afterAll(async () => fx?.close());

  it('refused → apply with the prefill → approve with an added signer → the member reads', async () => {
    const member = await fx.memberWith(null);
    const refused = await run(member, 'select count(*) from customers');
    expect(refused.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    const applied = await as(fx.t, member, 'POST', '/api/permission/apply', { ...refused.body.data, dataSourceName: 'shared', reason: 'weekly report' });
    expect(applied.status).toBe(200);
    const id = applied.body.data.approvalId;
    expect((await act(fx.t, fx.team.admin, 'add_signature', { id, userIds: [fx.team.owner.userId] })).status).toBe(200);
    // Half approved is not approved.
    expect((await run(member, 'select count(*) from customers')).status).toBe(403);
    expect((await act(fx.t, fx.team.owner, 'approve', { id, comment: 'fine' })).status).toBe(200);
    const ok = await run(member, 'select count(*) from customers');
    expect(ok.status).toBe(200);
    expect(ok.body.data[0].dataList[0][0]).toBe('2');
    const grants = await fx.t.deps.store.db.selectFrom('authorizations').select(['user_id', 'actions', 'approval_id', 'granted_by', 'expire_at']).where('approval_id', '=', id).execute();
    expect(grants).toEqual([{ user_id: member.userId, actions: 'READ', approval_id: id, granted_by: fx.team.owner.userId, expire_at: null }]);
  });

  it('a script held by the team policy runs once, exactly as approved', async () => {
    const writer = await fx.memberWith({ actions: ['READ', 'WRITE'] });
    await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE', 'DDL'] });
    try {
      const sql = "update customers set name = 'Bobby' where id = 2";
      const held = await run(writer, sql);
      expect(held.body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      const applied = await as(fx.t, writer, 'POST', '/api/permission/apply', { ...held.body.data, reason: 'typo in a name' });
      const id = applied.body.data.approvalId;
      expect((await run(writer, sql)).status).toBe(403); // pending is not approved
      expect((await act(fx.t, fx.team.admin, 'approve', { id })).status).toBe(200);
      expect((await run(writer, "update customers set name = 'Mallory' where id = 2")).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      const once = await run(writer, `${sql};\n`);
      expect(once.status, once.body.errorMessage).toBe(200);
      expect((await run(writer, sql)).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      const name = await run(fx.team.admin, 'select name from customers where id = 2');
      expect(name.body.data[0].dataList[0][0]).toBe('Bobby');
      expect((await as(fx.t, writer, 'GET', `/api/approval/${id}`)).body.data.status).toBe('FINISHED');
    } finally {
      await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
    }
  });
});
