/**
 * What an approved data application grants (issue 25 point 6): exactly the scope the approval view
 * showed — one authorization per asked table, with its columns and actions, until the validity the
 * approver set. An application that named no table (its refusal was on the whole source) grants READ
 * on the database/schema it named, which the view shows as such. Written with the grants' own
 * insertAuthorization inside the approval's transaction, and linked to the flow (approval_id).
 */
import type { Kysely } from 'kysely';
import type { ApprovalScopeView } from '@askdb/contracts';
import type { StoreDb } from '../../store/db.js';
import type { FlowRow } from '../../store/approvals.js';
import { insertAuthorization } from '../../store/authorizations.js';

export async function grantApprovedDataAccess(tx: StoreDb | Kysely<any>, flow: FlowRow, approverId: number, scope: ApprovalScopeView | null): Promise<number[]> {
  const base = { organizationId: flow.organization_id, userId: flow.applicant_id, dataSourceId: flow.data_source_id!, grantedBy: approverId, approvalId: flow.id, expireAt: scope?.expireAt ?? null };
  if (!scope?.tables.length) {
    return [await insertAuthorization(tx, { ...base, databaseName: flow.database_name, schemaName: flow.database_name ? flow.schema_name : null, tableName: null, columns: null, actions: ['READ'] })];
  }
  const ids: number[] = [];
  for (const t of scope.tables) {
    ids.push(await insertAuthorization(tx, {
      ...base,
      databaseName: t.databaseName ?? flow.database_name,
      schemaName: t.schemaName ?? flow.schema_name,
      tableName: t.tableName,
      columns: t.columns,
      actions: [...t.actions],
    }));
  }
  return ids;
}
