/**
 * What an approved data application grants. The authorizations store belongs to the grants
 * (issue 13 points 1–2: store/authorizations.ts, services/permissions); this module is the one seam
 * between the two: it calls their create function inside the approval's transaction.
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from '../../store/db.js';
import type { FlowRow } from '../../store/approvals.js';

export interface ApprovedDataGrant {
  organizationId: number;
  userId: number;
  dataSourceId: number;
  databaseName: string | null;
  schemaName: string | null;
  grantedBy: number;
  approvalId: number;
}

export function dataGrantOf(flow: FlowRow, approverId: number): ApprovedDataGrant {
  return {
    organizationId: flow.organization_id, userId: flow.applicant_id, dataSourceId: flow.data_source_id!, databaseName: flow.database_name, schemaName: flow.schema_name,
    grantedBy: approverId, approvalId: flow.id,
  };
}

/** SEAM: creates the applicant's authorization (read, permanent) for an approved data application. */
export async function grantApprovedDataAccess(_tx: StoreDb | Kysely<any>, _grant: ApprovedDataGrant): Promise<void> {
  // Filled in when the grants' authorizations store lands (see the report of issue 13 point 3).
}
