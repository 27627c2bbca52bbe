/**
 * Approval flows (issue 13 point 3; spec 02 §2 "Approval list", §3 "Approval"; API.md "Permissions,
 * approvals and audit"): applications for data permission, script execution and team joins. Texts
 * the user reads (reason required, script required) are checked by the server so the message is in
 * the user's language; these schemas bound sizes and types.
 */
import { z } from 'zod';

/** Flow statuses (spec 02 §3 "Approval"): invoked, pending, revoked, transferred, approved, rejected, add-signature, finished. */
export const APPROVAL_STATUSES = ['INVOKED', 'PENDING', 'REVOKED', 'TRANSFERRED', 'APPROVED', 'REJECTED', 'ADD_SIGNATURE', 'FINISHED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** Still waiting for an approver: the statuses an approver can act on. */
export const OPEN_APPROVAL_STATUSES: readonly ApprovalStatus[] = ['INVOKED', 'PENDING', 'TRANSFERRED', 'ADD_SIGNATURE'];

/** A step: the application (INVOKED), an approver's decision, or the applicant's revocation. SKIPPED: closed unanswered when the flow ended. */
export const APPROVAL_STEP_STATUSES = ['INVOKED', 'PENDING', 'APPROVED', 'REJECTED', 'TRANSFERRED', 'ADD_SIGNATURE', 'REVOKED', 'SKIPPED'] as const;
export type ApprovalStepStatus = (typeof APPROVAL_STEP_STATUSES)[number];
export const APPROVAL_STEP_KINDS = ['APPLY', 'APPROVE', 'REVOKE'] as const;
export type ApprovalStepKind = (typeof APPROVAL_STEP_KINDS)[number];

export const APPROVAL_TYPES = ['DATA', 'SCRIPT', 'JOIN'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

export const APPROVAL_LIMITS = { reason: 1000, comment: 1000, script: 1024 * 1024, name: 255, signers: 20 } as const;

/** Error codes of this area (additive to ERROR_CODES). */
export const APPROVAL_ERROR_CODES = {
  /** An approver acting on their own application. */
  SELF_APPROVAL: 'SELF_APPROVAL',
  /** The flow is no longer open (approved, rejected, revoked or finished) — e.g. a late approval. */
  APPROVAL_CLOSED: 'APPROVAL_CLOSED',
  /** The open step is another approver's (transferred or added signer). */
  APPROVAL_NOT_ASSIGNED: 'APPROVAL_NOT_ASSIGNED',
  /** A transfer or add-signature target that is not an approver of the organisation. */
  APPROVER_INVALID: 'APPROVER_INVALID',
  /** Only the applicant revokes. */
  NOT_APPLICANT: 'NOT_APPLICANT',
} as const;

const Id = z.coerce.number().int().positive();
const OptText = (max: number) => z.string().trim().max(max).optional();

/** POST /api/permission/apply */
export const PermissionApply = z.object({
  applyType: z.enum(['data', 'script']),
  script: z.string().max(APPROVAL_LIMITS.script).optional(),
  dataSourceId: Id,
  databaseName: OptText(APPROVAL_LIMITS.name),
  schemaName: OptText(APPROVAL_LIMITS.name),
  dataSourceName: OptText(APPROVAL_LIMITS.name),
  reason: z.string().trim().max(APPROVAL_LIMITS.reason).default(''),
});
export type PermissionApply = z.output<typeof PermissionApply>;

/** Status filter: any case, `all` or absent for every status. */
const StatusFilter = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase().replace(/-/g, '_'))
  .pipe(z.enum([...APPROVAL_STATUSES, 'ALL']))
  .optional();

export const ApprovalListQuery = z.object({
  status: StatusFilter,
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type ApprovalListQuery = z.output<typeof ApprovalListQuery>;

export const ApplyListQuery = ApprovalListQuery;

export const ApprovalIdParams = z.object({ id: Id });

/** POST /api/approval/{approve,reject,revoke,transfer,add_signature} */
export const ApprovalAction = z.object({
  id: Id,
  comment: OptText(APPROVAL_LIMITS.comment),
  /** transfer: the approver who takes over. */
  userId: Id.optional(),
  /** add_signature: approvers who must also approve. */
  userIds: z.array(Id).max(APPROVAL_LIMITS.signers).optional(),
});
export type ApprovalAction = z.output<typeof ApprovalAction>;

export interface ApprovalPerson {
  userId: number;
  name: string;
}

export interface ApprovalStepView {
  id: number;
  seq: number;
  kind: ApprovalStepKind;
  status: ApprovalStepStatus;
  /** Who the step waits for: one approver, or (role-based) every ADMIN and SUPER_ADMIN but the applicant. */
  approvers: ApprovalPerson[];
  /** Role-based step: the roles that may act. */
  approverRoles: string[] | null;
  actor: ApprovalPerson | null;
  comment: string | null;
  gmtCreate: string;
  actedAt: string | null;
}

export interface ApprovalFlowSummary {
  id: number;
  type: ApprovalType;
  /** A title in the caller's language: the kind of application and what it is about. */
  name: string;
  status: ApprovalStatus;
  description: string;
  applicant: ApprovalPerson;
  organizationId: number;
  dataSourceId: number | null;
  dataSourceName: string | null;
  databaseName: string | null;
  schemaName: string | null;
  /** The caller may approve, reject, transfer or add a signer now. */
  canAct: boolean;
  /** The caller (the applicant) may revoke now. */
  canRevoke: boolean;
  gmtCreate: string;
  gmtModified: string;
}

export interface ApprovalFlowDetail extends ApprovalFlowSummary {
  reason: string | null;
  script: string | null;
  steps: ApprovalStepView[];
}
