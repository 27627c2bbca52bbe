/**
 * Console saves are an atomic compare-and-set on the version: of several saves made from the same
 * base version at once, exactly one is told it saved without a conflict, every other one is told it
 * replaced another writer's version, and every save gets a version of its own — on the PostgreSQL
 * store of a server-mode deployment (concurrent requests, several pooled connections) and on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { pgStoreUrl, signUp } from '../test/accounts.js';

async function concurrentSaves(t: TestApp, headers: Record<string, string>) {
  const created = await t.json('POST', '/api/operation/saved/create', { name: 'race', ddl: 'select 0', status: 'RELEASE' }, headers);
  expect(created.status).toBe(200);
  const id = created.body.data as number;
  const base = (await t.json('GET', `/api/operation/saved/${id}`, undefined, headers)).body.data.version as number;
  const texts = ['select 1', 'select 2', 'select 3'];
  const answers = await Promise.all(texts.map((ddl) => t.json('POST', '/api/operation/saved/update', { id, ddl, status: 'RELEASE', baseVersion: base }, headers)));
  for (const a of answers) expect(a.status).toBe(200);
  const results = answers.map((a, i) => ({ ddl: texts[i]!, ...(a.body.data as { version: number; conflict: boolean }) }));
  const after = (await t.json('GET', `/api/operation/saved/${id}`, undefined, headers)).body.data as { ddl: string; version: number };
  return { base, results, after };
}

function expectOneWinner({ base, results, after }: Awaited<ReturnType<typeof concurrentSaves>>) {
  expect(results.filter((r) => !r.conflict)).toHaveLength(1);
  expect(results.filter((r) => !r.conflict)[0]!.version).toBe(base + 1);
  expect(results.map((r) => r.version).sort()).toEqual([base + 1, base + 2, base + 3]);
  // The console holds the text of the last save, and nobody else was told their text stayed.
  const last = results.find((r) => r.version === base + 3)!;
  expect(after).toMatchObject({ version: base + 3, ddl: last.ddl });
}

describe('console save: compare-and-set on the version', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let server: TestApp;
  let local: TestApp;
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_console_cas');
    server = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(db.name), demo: false });
    local = await testApp({ demo: false });
  });
  afterAll(async () => {
    await server?.close();
    await local?.close();
    await db?.drop();
  });

  it('three concurrent saves with one baseVersion on the PostgreSQL store: exactly one without conflict, none silently lost', async () => {
    const me = await signUp(server, { email: 'cas@example.com' });
    for (let round = 0; round < 5; round++) expectOneWinner(await concurrentSaves(server, me.headers));
  });

  it('the same on the SQLite store', async () => {
    expectOneWinner(await concurrentSaves(local, {}));
  });

  it('a save from the current version is not a conflict; a later one from the old version is', async () => {
    const me = await signUp(server, { email: 'cas2@example.com' });
    const id = (await server.json('POST', '/api/operation/saved/create', { name: 'seq', ddl: '', status: 'RELEASE' }, me.headers)).body.data as number;
    const v = (await server.json('GET', `/api/operation/saved/${id}`, undefined, me.headers)).body.data.version as number;
    const first = await server.json('POST', '/api/operation/saved/update', { id, ddl: 'a', baseVersion: v }, me.headers);
    expect(first.body.data).toMatchObject({ version: v + 1, conflict: false });
    const stale = await server.json('POST', '/api/operation/saved/update', { id, ddl: 'b', baseVersion: v }, me.headers);
    expect(stale.body.data).toMatchObject({ version: v + 2, conflict: true });
    expect(stale.body.data.message).toMatch(/another tab/);
  });
});
