/**
 * Table types of the approval flows (migration 0007). Kept next to the store's schema but in their
 * own module: the store code reaches them with `db.withTables<ApprovalTables>()`.
 */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';

export interface ApprovalFlowsTable {
  id: Generated<number>;
  organization_id: number;
  /** DATA, SCRIPT or JOIN (ApprovalType in @askdb/contracts). */
  type: string;
  applicant_id: number;
  /** ApprovalStatus in @askdb/contracts. */
  status: string;
  description: string;
  reason: string | null;
  data_source_id: number | null;
  data_source_name: string | null;
  database_name: string | null;
  schema_name: string | null;
  script: string | null;
  script_hash: string | null;
  join_request_id: number | null;
  /** Bumped by every transition: the conditional update that serialises two actors on one flow. */
  version: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface ApprovalStepsTable {
  id: Generated<number>;
  flow_id: number;
  seq: number;
  /** APPLY, APPROVE or REVOKE. */
  kind: string;
  /** The approver this step waits for; null = any ADMIN or SUPER_ADMIN of the organisation. */
  assignee_id: number | null;
  /** ApprovalStepStatus in @askdb/contracts. */
  status: string;
  actor_id: number | null;
  comment: string | null;
  acted_at: string | null;
  created_at: string;
}

export type ApprovalTables = {
  approval_flows: ApprovalFlowsTable;
  approval_steps: ApprovalStepsTable;
};

export type ApprovalDb = Kysely<ApprovalTables>;

export function approvalDb(db: StoreDb | Kysely<any>): ApprovalDb {
  return (db as Kysely<any>).withTables<ApprovalTables>() as unknown as ApprovalDb;
}
