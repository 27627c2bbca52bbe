/**
 * Issue 24 point 5: a member's tree listed every database on a shared source's server (tagged, but
 * named), including ones the source was not set to and no grant names. Now a member under grants
 * sees the databases they may browse: the source's own, and another only where a grant names it.
 * An admin (not under grants) still sees the server's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../test/org-fixtures.js';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';

describe("a member's database list", () => {
  let fx: PermissionFixture;
  beforeAll(async () => {
    fx = await permissionFixture('db_list');
  });
  afterAll(() => fx?.close());

  const names = async (p: Persona) => {
    const r = await as(fx.t, p, 'GET', `/api/rdb/database/list?dataSourceId=${fx.shared}`);
    expect(r.status, r.body.errorMessage).toBe(200);
    return (r.body.data as { name: string; hasPermission?: boolean }[]).map((d) => [d.name, d.hasPermission]);
  };

  it('a grant on the whole source lists only the database the source is for', async () => {
    const member = await fx.memberWith({});
    expect(await names(member)).toEqual([[fx.database, true]]);
  });

  it('a grant on one table lists that table\'s database only', async () => {
    const member = await fx.memberWith({ databaseName: fx.database, schemaName: 'public', tableName: 'orders' });
    expect(await names(member)).toEqual([[fx.database, true]]);
  });

  it('a grant naming another database of the server adds that one', async () => {
    const member = await fx.memberWith({ databaseName: fx.database });
    await fx.grant(member, { databaseName: 'postgres' });
    expect((await names(member)).map(([n]) => n).sort()).toEqual([fx.database, 'postgres'].sort());
  });

  it('an admin sees the server list, untagged', async () => {
    const all = await names(fx.team.admin);
    expect(all.map(([n]) => n)).toEqual(expect.arrayContaining([fx.database, 'postgres']));
    expect(all.every(([, has]) => has === undefined)).toBe(true);
  });
});
