/**
 * Issue 24 point 5: the SQL audit records refused attempts with their reason — a member with no
 * grant, a write held for approval by the team's policy, a chart query that is not read-only — not
 * only the statements that ran. Real stores, real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/org-fixtures.js';
import { permissionFixture, type PermissionFixture } from '../../test/permission-fixture.js';

type Row = { userId: number; dataSourceId: number; sql: string; success: boolean; message: string | null; statementType: string };

describe('refused attempts in the SQL audit', () => {
  let fx: PermissionFixture;
  beforeAll(async () => {
    fx = await permissionFixture('refusal_audit');
  });
  afterAll(() => fx?.close());

  const rows = async (userId: number): Promise<Row[]> => {
    await fx.t.deps.audit.log.flush();
    return ((await as(fx.t, fx.team.owner, 'GET', `/api/audit/sql/list?pageSize=100&userId=${userId}`)).body.data.data as Row[]).filter((r) => r.userId === userId);
  };
  const run = (who: Parameters<typeof as>[1], sql: string) => as(fx.t, who, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql });

  it('a member without a grant: refused, and the audit says so', async () => {
    const member = await fx.memberWith(null);
    const r = await run(member, 'select secret from orders');
    expect(r.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    const mine = await rows(member.userId);
    expect(mine).toEqual([expect.objectContaining({ dataSourceId: fx.shared, sql: 'select secret from orders', success: false, statementType: 'SELECT' })]);
    expect(mine[0]!.message).toMatch(/^REFUSED \(no permission, NO_DATA_ACCESS_PERMISSION\): /);
  });

  it('a write held for approval by the team policy is recorded as held', async () => {
    const writer = await fx.memberWith({ actions: ['READ', 'WRITE'] });
    await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE', 'DDL'] });
    try {
      const sql = "update customers set name = 'Eve' where id = 1";
      expect((await run(writer, sql)).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      expect((await run(writer, 'select id from customers')).status).toBe(200);
      const mine = await rows(writer.userId);
      const held = mine.find((m) => m.sql === sql);
      expect(held).toMatchObject({ success: false, statementType: 'UPDATE' });
      expect(held!.message).toMatch(/^REFUSED \(held for approval, NO_SCRIPT_PERMISSION\)/);
      expect(mine.find((m) => m.sql === 'select id from customers')).toMatchObject({ success: true });
    } finally {
      await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
    }
  });

  it('a chart query that is not read-only is recorded as a read-only refusal', async () => {
    const r = await as(fx.t, fx.team.admin, 'POST', '/api/chart/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql: 'delete from hidden' });
    expect(r.body.errorCode).toBe('CHART_NOT_READ_ONLY');
    const mine = await rows(fx.team.admin.userId);
    expect(mine.find((m) => m.sql === 'delete from hidden')?.message).toMatch(/^REFUSED \(read-only, CHART_NOT_READ_ONLY\)/);
  });
});
