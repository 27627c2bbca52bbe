/**
 * Authorizations (migration 0006): members' grants on shared data sources. Whether a grant is still
 * valid is decided by the store's clock (`liveFor`), not the replica's: every replica behind the
 * load balancer reads the same PostgreSQL `now()`, so a skewed server clock can neither stretch nor
 * cut a grant, and a grant stops at its expiry on the very next request.
 */
import { sql, type Kysely } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { StoreDialect } from './migrations/index.js';
import type { Freshness } from './change-feed.js';

export const GRANT_ACTIONS = ['READ', 'WRITE', 'DDL'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

export interface Authorization {
  id: number;
  organizationId: number;
  userId: number;
  dataSourceId: number;
  databaseName: string | null;
  schemaName: string | null;
  tableName: string | null;
  /** null: every column. */
  columns: string[] | null;
  actions: GrantAction[];
  /** ISO 8601 UTC, or null for permanent. */
  expireAt: string | null;
  grantedBy: number;
  approvalId: number | null;
  createdAt: string;
}

export type NewAuthorization = Omit<Authorization, 'id' | 'createdAt' | 'approvalId'> & { approvalId?: number | null };

type Row = {
  id: number; organization_id: number; user_id: number; data_source_id: number; database_name: string | null; schema_name: string | null;
  table_name: string | null; columns_json: string | null; actions: string; expire_at: string | null; granted_by: number; approval_id: number | null; created_at: string;
};

function toAuthorization(r: Row): Authorization {
  return {
    id: Number(r.id), organizationId: r.organization_id, userId: r.user_id, dataSourceId: r.data_source_id,
    databaseName: r.database_name, schemaName: r.schema_name, tableName: r.table_name,
    columns: r.columns_json ? (JSON.parse(r.columns_json) as string[]) : null,
    actions: r.actions.split(',').filter((a): a is GrantAction => (GRANT_ACTIONS as readonly string[]).includes(a)),
    expireAt: r.expire_at, grantedBy: r.granted_by, approvalId: r.approval_id, createdAt: r.created_at,
  };
}

/** The store's current time as ISO 8601 UTC text with milliseconds (same shape as toISOString, so text order is time order). */
export function storeNow(dialect: StoreDialect) {
  return dialect === 'postgres' ? sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
}

/** Writes one grant (also used inside an approval's transaction, see services/approvals/data-grant.ts). */
export async function insertAuthorization(db: StoreDb | Kysely<any>, a: NewAuthorization): Promise<number> {
  const row = await (db as StoreDb)
    .insertInto('authorizations')
    .values({
      organization_id: a.organizationId, user_id: a.userId, data_source_id: a.dataSourceId,
      database_name: a.databaseName, schema_name: a.schemaName, table_name: a.tableName,
      columns_json: a.columns ? JSON.stringify(a.columns) : null, actions: a.actions.join(','),
      expire_at: a.expireAt ? new Date(a.expireAt).toISOString() : null, granted_by: a.grantedBy, approval_id: a.approvalId ?? null, created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export class AuthorizationRepo {
  constructor(private readonly db: StoreDb, private readonly dialect: StoreDialect) {}

  create(a: NewAuthorization): Promise<number> {
    return insertAuthorization(this.db, a);
  }

  /** A user's grants on a data source that have not expired by the store's clock (`_fresh` is for the caching subclass, store/cached-reads.ts). */
  async liveFor(organizationId: number, userId: number, dataSourceId: number, _fresh?: Freshness | null): Promise<Authorization[]> {
    return (await this.liveForAtStoreTime(organizationId, userId, dataSourceId)).grants;
  }

  /** liveFor, with the store's clock at the read ('' when there is no grant) for a cache that must stop at the first expiry. */
  async liveForAtStoreTime(organizationId: number, userId: number, dataSourceId: number): Promise<{ grants: Authorization[]; storeNow: string }> {
    const now = storeNow(this.dialect);
    const rows = await this.db
      .selectFrom('authorizations')
      .selectAll()
      .select(now.as('store_now'))
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .where('data_source_id', '=', dataSourceId)
      .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', now)]))
      .orderBy('id')
      .execute();
    return { grants: rows.map(toAuthorization), storeNow: (rows[0] as { store_now?: string } | undefined)?.store_now ?? '' };
  }

  /** Data sources on which the user holds a live grant in the organisation. */
  async liveSourcesOf(organizationId: number, userId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('authorizations')
      .select('data_source_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', storeNow(this.dialect))]))
      .execute();
    return new Set(rows.map((r) => r.data_source_id));
  }

  /** Every grant of the organisation (admins' list), or one user's, newest first, with whether each has expired. */
  async list(organizationId: number, userId?: number): Promise<(Authorization & { expired: boolean })[]> {
    let q = this.db
      .selectFrom('authorizations')
      .selectAll()
      .select(storeNow(this.dialect).as('store_now'))
      .where('organization_id', '=', organizationId);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const rows = await q.orderBy('id', 'desc').limit(5000).execute();
    return rows.map((r) => ({ ...toAuthorization(r), expired: r.expire_at !== null && r.expire_at <= (r as { store_now: string }).store_now }));
  }

  async get(id: number): Promise<Authorization | null> {
    const r = await this.db.selectFrom('authorizations').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toAuthorization(r) : null;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('authorizations').where('id', '=', id).execute();
  }
}
