/**
 * Grant validity is the store's clock, not the replica's (issue 13 "clock skew on expiry"): on the
 * real PostgreSQL store, a replica whose clock runs years behind still sees an expired grant as
 * expired, and one whose clock runs ahead still sees a valid grant as valid.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openStore, type Store } from './db.js';
import { migrations } from './migrations/index.js';
import { AuthorizationRepo } from './authorizations.js';
import { pgStoreUrl } from '../test/accounts.js';
import { scratchPgDatabase } from '../test/helpers.js';

describe('authorizations: validity by the store clock', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let store: Store;
  let repo: AuthorizationRepo;

  beforeAll(async () => {
    scratch = await scratchPgDatabase('askdb_grant_clock');
    store = await openStore({ home: '/nonexistent', mode: 'server', databaseUrl: pgStoreUrl(scratch.name) });
    repo = new AuthorizationRepo(store.db, store.dialect);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await store?.close();
    // Let the pool's clients finish ending before DROP … WITH (FORCE), or one is terminated mid-end (unhandled 57P01).
    await new Promise((r) => setTimeout(r, 250));
    await scratch?.drop();
  });

  it('a skewed replica clock neither stretches nor cuts a grant', async () => {
    const base = { organizationId: 1, userId: 2, dataSourceId: 3, databaseName: null, schemaName: null, tableName: null, columns: null, actions: ['READ' as const], grantedBy: 1 };
    const expired = await repo.create({ ...base, expireAt: new Date(Date.now() - 1000).toISOString() });
    const valid = await repo.create({ ...base, expireAt: new Date(Date.now() + 3_600_000).toISOString() });
    const permanent = await repo.create({ ...base, expireAt: null });
    const live = async () => (await repo.liveFor(1, 2, 3)).map((a) => a.id).sort();

    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-01-01T00:00:00Z') }); // replica years behind
    expect(await live()).toEqual([valid, permanent].sort());
    vi.setSystemTime(new Date('2040-01-01T00:00:00Z')); // replica years ahead
    expect(await live()).toEqual([valid, permanent].sort());
    const listed = await repo.list(1);
    expect(listed.find((a) => a.id === expired)?.expired).toBe(true);
    expect(listed.find((a) => a.id === valid)?.expired).toBe(false);
    vi.useRealTimers();
  });

  it('a store that ran a later migration (0007) before 0006 existed still opens and gets 0006', async () => {
    const early = await scratchPgDatabase('askdb_grant_order');
    try {
      const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgStoreUrl(early.name) }) }) });
      const without = migrations('postgres');
      delete without['0006_authorizations'];
      expect((await new Migrator({ db, provider: { getMigrations: async () => without } }).migrateToLatest()).error).toBeUndefined();
      await db.destroy();
      const reopened = await openStore({ home: '/nonexistent', mode: 'server', databaseUrl: pgStoreUrl(early.name) });
      expect(await reopened.db.selectFrom('authorizations').selectAll().execute()).toEqual([]);
      await reopened.close();
      await new Promise((r) => setTimeout(r, 250));
    } finally {
      await early.drop();
    }
  });
});
