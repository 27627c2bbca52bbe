/** Issue 29 item 21: the org list's needCreateOrg — a user who belongs to no organisation gets their personal one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeUser } from '../test/org-fixtures.js';

describe('org list needCreateOrg', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_spec_orglist');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it('makes the personal organisation of a user who has none, once; without the flag nothing is made', async () => {
    const u = await makeUser(t, 'Orphan');
    const db = t.deps.store.db;
    await db.deleteFrom('organization_members').where('user_id', '=', u.userId).execute();
    await db.updateTable('users').set({ current_org_id: null }).where('id', '=', u.userId).execute();
    expect((await as(t, u, 'GET', '/api/organization/list')).body.data).toEqual([]);
    const made = (await as(t, u, 'GET', '/api/organization/list?needCreateOrg=true')).body.data as Array<{ type: string; roleCodes: string[] }>;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: 'PERSONAL', roleCodes: ['SUPER_ADMIN'] });
    expect((await as(t, u, 'GET', '/api/organization/list?needCreateOrg=true')).body.data).toHaveLength(1);
  });
});
