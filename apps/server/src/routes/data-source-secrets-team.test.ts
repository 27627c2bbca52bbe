/**
 * Issue 24 point 2, server mode: a team ADMIN may manage the owner's SHARED source and the team's
 * AI settings, but cannot make them send the owner's password or the team's key to a listener of
 * their own; an export with secrets holds only the sources the exporter created, so a demoted admin
 * cannot carry the owner's password away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { fakeAiEndpoint, fakePgServer, type HeaderListener, type PasswordListener } from '../test/secret-listeners.js';

const OWNER_SECRET = 'Owners-0wn-Password';
const ORG_KEY = 'sk-the-teams-key';

describe('a team admin cannot redirect the owner\'s secrets (server mode)', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  let pgFake: PasswordListener;
  let aiSaved: HeaderListener;
  let aiAdmin: HeaderListener;
  let shared: number;

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_secret_store');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Secrets');
    pgFake = await fakePgServer();
    aiSaved = await fakeAiEndpoint();
    aiAdmin = await fakeAiEndpoint();
    shared = (await as(t, f.owner, 'POST', '/api/connection/datasource/create', { alias: 'team db', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: OWNER_SECRET, databaseName: 'postgres', visibility: 'SHARED' })).body.data;
    expect(shared).toBeTypeOf('number');
    const ai = await as(t, f.owner, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: aiSaved.url, apiKey: ORG_KEY, model: 'fake-model' });
    expect(ai.body.success).toBe(true);
  });
  afterAll(async () => {
    await pgFake.close();
    await aiSaved.close();
    await aiAdmin.close();
    await t?.close();
    await store?.drop();
  });

  it("the admin's pre_connect and update to their own listener are refused; it receives nothing", async () => {
    expect((await as(t, f.admin, 'POST', '/api/connection/datasource/pre_connect', { id: shared, port: pgFake.port })).status).toBe(400);
    expect((await as(t, f.admin, 'POST', '/api/connection/datasource/update', { id: shared, port: pgFake.port })).status).toBe(400);
    await as(t, f.admin, 'POST', '/api/rdb/dml/execute', { dataSourceId: shared, sql: 'select 1' });
    expect(pgFake.received).toEqual([]);
    // A clone is the admin's own, but its password is still bound to the owner's server.
    const clone = (await as(t, f.admin, 'POST', '/api/connection/datasource/clone', { id: shared })).body.data;
    expect((await as(t, f.admin, 'POST', '/api/connection/datasource/update', { id: clone, port: pgFake.port })).status).toBe(400);
    expect(pgFake.received).toEqual([]);
  });

  it("the admin cannot point the team's AI key at their own endpoint", async () => {
    const r = await as(t, f.admin, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: aiAdmin.url, model: 'fake-model' });
    expect(r.status).toBe(400);
    await as(t, f.admin, 'GET', '/api/v2/ai/model/list');
    expect(aiAdmin.received).toEqual([]);
    expect(aiSaved.received.map((h) => h.authorization)).toContain(`Bearer ${ORG_KEY}`);
  });

  it("an export with secrets holds only the exporter's own sources", async () => {
    const mine = (await as(t, f.admin, 'POST', '/api/connection/datasource/create', { alias: 'admin own', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', password: 'admin-pw', databaseName: 'postgres' })).body.data;
    const file = (await as(t, f.admin, 'POST', '/api/connection/datasource/export_file', { withSecrets: true, passphrase: 'carry it away' })).body.data;
    const aliases = file.connections.map((c: { alias: string }) => c.alias);
    expect(aliases).toContain('admin own');
    expect(aliases).not.toContain('team db');
    // Nor the admin's copy of it: its password is the owner's.
    expect(aliases).not.toContain('team db (copy)');
    // Demoted, imported into the admin's personal space, no source carries the owner's password.
    await t.deps.store.db.updateTable('users').set({ current_org_id: f.admin.personalOrgId }).where('id', '=', f.admin.userId).execute();
    const imported = await as(t, f.admin, 'POST', '/api/connection/datasource/import_file', { content: JSON.stringify(file), passphrase: 'carry it away' });
    expect(imported.body.success).toBe(true);
    const rows = await t.deps.dataSources.listVisible(f.admin.personalOrgId, f.admin.userId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.input.password)).not.toContain(OWNER_SECRET);
    expect(mine).toBeTypeOf('number');
  });
});
