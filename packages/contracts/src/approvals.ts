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

/**
 * One table of a data application (issue 25 point 6): what was refused — the table, and the columns
 * when only some were (null: every column) — and the actions asked for. The grant made on approval
 * is exactly these items (one authorization each), never a wider schema grant.
 */
export const ApprovalScopeItem = z.object({
  databaseName: z.string().trim().max(APPROVAL_LIMITS.name).nullish().transform((v) => v || null),
  schemaName: z.string().trim().max(APPROVAL_LIMITS.name).nullish().transform((v) => v || null),
  tableName: z.string().trim().min(1).max(APPROVAL_LIMITS.name),
  columns: z.array(z.string().trim().min(1).max(APPROVAL_LIMITS.name)).min(1).max(1000).nullish().transform((v) => v ?? null),
  actions: z.array(z.enum(['READ', 'WRITE'])).min(1).default(['READ']),
});
export type ApprovalScopeItem = z.output<typeof ApprovalScopeItem>;
/** An ISO 8601 time, or null for "no expiry". */
const ExpireAt = z.string().datetime({ offset: true }).nullable();

/** POST /api/permission/apply */
export const PermissionApply = z.object({
  applyType: z.enum(['data', 'script']),
  script: z.string().max(APPROVAL_LIMITS.script).optional(),
  dataSourceId: Id,
  databaseName: OptText(APPROVAL_LIMITS.name),
  schemaName: OptText(APPROVAL_LIMITS.name),
  dataSourceName: OptText(APPROVAL_LIMITS.name),
  reason: z.string().trim().max(APPROVAL_LIMITS.reason).default(''),
  /** data: the tables (and columns) asked for; absent or empty = the database/schema named above. */
  tables: z.array(ApprovalScopeItem).max(100).optional(),
  /** data: how long the grant should last (null or absent: until an admin ends it). */
  expireAt: ExpireAt.optional(),
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
  /** approve (data): the approver's narrowing of the asked tables/columns (a subset of them). */
  tables: z.array(ApprovalScopeItem).max(100).optional(),
  /** approve (data): the grant's expiry as the approver sets it (null: none). */
  expireAt: ExpireAt.optional(),
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

/** What a data flow asks for, and — once approved — what was granted (issue 25 point 6). */
export interface ApprovalScopeView {
  /** Empty: the whole database/schema of the flow. */
  tables: ApprovalScopeItem[];
  /** The validity asked for (or granted): ISO time, null = no expiry. */
  expireAt: string | null;
}

export interface ApprovalFlowDetail extends ApprovalFlowSummary {
  reason: string | null;
  script: string | null;
  /** DATA flows: the scope asked for; after approval, the scope granted. Null for other types. */
  scope: ApprovalScopeView | null;
  steps: ApprovalStepView[];
}
