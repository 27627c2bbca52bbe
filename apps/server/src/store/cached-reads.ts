/**
 * Server mode's per-request reads through the ReadCache (issue 28 point 2): a data source record
 * (its row and decrypted secrets), a settings value and a member's grants on a source. Each is the
 * repo's own read, kept under tags the store's change triggers send (change-triggers.ts), so an
 * edit, a revoked grant or a changed setting is seen by every replica's next request. Callers get
 * their own copy of a cached value.
 */
import type { SecretBox } from './secret.js';
import type { StoreDb } from './db.js';
import type { StoreDialect } from './migrations/index.js';
import type { Freshness, ReadCache } from './read-cache.js';
import { DataSourceRepo, type DataSourceRecord } from './data-sources.js';
import { KvRepo } from './kv.js';
import { AuthorizationRepo, type Authorization } from './authorizations.js';

export class CachedDataSourceRepo extends DataSourceRepo {
  constructor(db: StoreDb, box: SecretBox, private readonly cache: ReadCache) {
    super(db, box);
  }

  /** `fresh`: the request's proof that the cache has caught up (RequestContext.fresh), saving a round trip. */
  override get(id: number, fresh?: Freshness | null): Promise<DataSourceRecord | null> {
    return this.cache.get(`ds:${id}`, async () => ({ value: await super.get(id), tags: [`ds:${id}`] }), (r) => (r ? structuredClone(r) : r), fresh);
  }
}

export class CachedKvRepo extends KvRepo {
  constructor(db: StoreDb, private readonly cache: ReadCache) {
    super(db);
  }

  override get(scope: string, key: string, fresh?: Freshness | null): Promise<string | null> {
    return this.cache.get(`kv:${scope}\u0000${key}`, async () => ({ value: await super.get(scope, key), tags: [`kv:${scope}`] }), undefined, fresh);
  }
}

/**
 * Grants keep their store-clock expiry: a cached list is used only until the first of its grants
 * expires, measured from the store's `now()` at the read on this process's monotonic clock (a
 * replica whose wall clock jumps neither stretches nor cuts a grant).
 */
export class CachedAuthorizationRepo extends AuthorizationRepo {
  constructor(db: StoreDb, dialect: StoreDialect, private readonly cache: ReadCache) {
    super(db, dialect);
  }

  override liveFor(organizationId: number, userId: number, dataSourceId: number, fresh?: Freshness | null): Promise<Authorization[]> {
    return this.cache.get(
      `grants:${organizationId}:${userId}:${dataSourceId}`,
      async () => {
        const startedAt = performance.now();
        const { grants, storeNow } = await this.liveForAtStoreTime(organizationId, userId, dataSourceId);
        const firstExpiry = Math.min(...grants.map((g) => (g.expireAt ? Date.parse(g.expireAt) : Infinity)));
        const until = Number.isFinite(firstExpiry) ? startedAt + (firstExpiry - Date.parse(storeNow)) : Infinity;
        return { value: grants, tags: [`grants:${userId}`], until: Number.isNaN(until) ? 0 : until };
      },
      (g) => structuredClone(g),
      fresh,
    );
  }
}
