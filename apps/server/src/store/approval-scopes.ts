/**
 * The scope of a data application (migration 0019): what it asks for, then what was granted.
 * Written in the flow's own transactions (apply, approve).
 */
import type { Kysely } from 'kysely';
import type { ApprovalScopeItem, ApprovalScopeView } from '@askdb/contracts';
import type { StoreDb } from './db.js';

interface ApprovalScopesTable {
  flow_id: number;
  tables_json: string;
  expire_at: string | null;
}
type ScopeDb = Kysely<{ approval_scopes: ApprovalScopesTable }>;
const scopes = (db: StoreDb | Kysely<any>) => (db as Kysely<any>).withTables<{ approval_scopes: ApprovalScopesTable }>() as unknown as ScopeDb;

export async function saveApprovalScope(db: StoreDb | Kysely<any>, flowId: number, scope: ApprovalScopeView): Promise<void> {
  const row = { tables_json: JSON.stringify(scope.tables), expire_at: scope.expireAt };
  const s = scopes(db);
  const updated = await s.updateTable('approval_scopes').set(row).where('flow_id', '=', flowId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await s.insertInto('approval_scopes').values({ flow_id: flowId, ...row }).execute();
}

/** The flow's scope; a flow from before migration 0019 has none (null): its whole database/schema, no expiry. */
export async function loadApprovalScope(db: StoreDb | Kysely<any>, flowId: number): Promise<ApprovalScopeView | null> {
  const row = await scopes(db).selectFrom('approval_scopes').selectAll().where('flow_id', '=', flowId).executeTakeFirst();
  if (!row) return null;
  return { tables: JSON.parse(row.tables_json) as ApprovalScopeItem[], expireAt: row.expire_at };
}
