/**
 * What an approved data application grants: the applicant may read the data source (narrowed to the
 * database and schema the application named), permanently — an admin narrows or ends it in the
 * authorization list. Written with the grants' own insertAuthorization (store/authorizations.ts,
 * issue 13 points 1–2) inside the approval's transaction, and linked to the flow (approval_id).
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from '../../store/db.js';
import type { FlowRow } from '../../store/approvals.js';
import { insertAuthorization } from '../../store/authorizations.js';

export async function grantApprovedDataAccess(tx: StoreDb | Kysely<any>, flow: FlowRow, approverId: number): Promise<number> {
  return insertAuthorization(tx, {
    organizationId: flow.organization_id, userId: flow.applicant_id, dataSourceId: flow.data_source_id!,
    databaseName: flow.database_name, schemaName: flow.database_name ? flow.schema_name : null, tableName: null, columns: null,
    actions: ['READ'], expireAt: null, grantedBy: approverId, approvalId: flow.id,
  });
}
