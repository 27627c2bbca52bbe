/**
 * What approvers and applicants read (spec 02 §2 "Approval list", §3 "Approval"): the approval list
 * of the current team (flows the caller can act on or has acted on, filtered by status, paged), the
 * caller's own applications, one flow step by step, and the Team tab's badge count.
 */
import { ERROR_CODES, OPEN_APPROVAL_STATUSES, type ApprovalFlowDetail, type ApprovalFlowSummary, type ApprovalListQuery, type ApprovalStatus, type ApprovalStepView, type Page } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { ApprovalRepo, type FlowRow, type StepRow } from '../../store/approvals.js';
import { APPROVER_ROLES, type ApprovalActor } from './flows.js';
import { apMsg } from './messages.js';
import { loadApprovalScope } from '../../store/approval-scopes.js';

const TITLES = { DATA: 'TITLE_DATA', SCRIPT: 'TITLE_SCRIPT', JOIN: 'TITLE_JOIN' } as const;
const isOpen = (s: string) => OPEN_APPROVAL_STATUSES.includes(s as ApprovalStatus);

export class ApprovalViews {
  private readonly repo: ApprovalRepo;
  constructor(private readonly db: StoreDb) {
    this.repo = new ApprovalRepo(db);
  }

  private isApprover(actor: ApprovalActor): boolean {
    return !!actor.organizationId && !!actor.role && APPROVER_ROLES.includes(actor.role);
  }

  /** Flows of the current team this admin can act on now or has acted on (not their own). */
  async list(actor: ApprovalActor, q: ApprovalListQuery): Promise<Page<ApprovalFlowSummary>> {
    if (!this.isApprover(actor)) return { data: [], pageNo: q.pageNo, pageSize: q.pageSize, total: 0, hasNextPage: false };
    const status = q.status && q.status !== 'ALL' ? q.status : undefined;
    const { rows, total } = await this.repo.page({ organizationId: actor.organizationId!, approverId: actor.userId, status }, q.pageNo, q.pageSize);
    return this.page(actor, rows, total, q);
  }

  /** The caller's own applications, in every organisation, newest first. */
  async mine(actor: ApprovalActor, q: ApprovalListQuery): Promise<Page<ApprovalFlowSummary>> {
    const status = q.status && q.status !== 'ALL' ? q.status : undefined;
    const { rows, total } = await this.repo.page({ applicantId: actor.userId, status }, q.pageNo, q.pageSize);
    return this.page(actor, rows, total, q);
  }

  /** One flow with its steps: for its applicant and the approvers of its organisation (the caller's current one). */
  async detail(actor: ApprovalActor, id: number): Promise<ApprovalFlowDetail> {
    const flow = await this.repo.get(id);
    const mine = flow?.applicant_id === actor.userId;
    if (!flow || !(mine || (this.isApprover(actor) && flow.organization_id === actor.organizationId))) {
      throw new AppError(404, ERROR_CODES.NOT_FOUND, apMsg(actor.lang, 'APPROVAL_NOT_FOUND', { id }));
    }
    const steps = await this.repo.steps(flow.id);
    const roleBased = steps.some((s) => s.assignee_id === null && s.kind === 'APPROVE');
    const approvers = roleBased ? (await this.repo.approversOf(flow.organization_id)).filter((a) => a.userId !== flow.applicant_id) : [];
    const names = await this.repo.names([flow.applicant_id, ...steps.flatMap((s) => [s.assignee_id, s.actor_id]).filter((x): x is number => x !== null)], flow.organization_id);
    const actionable = await this.repo.actionableIds([flow.id], actor.userId);
    return {
      ...this.summary(actor, flow, names, actionable),
      reason: flow.reason,
      script: flow.script,
      scope: flow.type === 'DATA' ? ((await loadApprovalScope(this.db, flow.id)) ?? { tables: [], expireAt: null }) : null,
      steps: steps.map((s) => this.step(s, names, approvers)),
    };
  }

  /** The Team tab's badge: open flows of the current team waiting for this admin. */
  async pendingCount(actor: ApprovalActor): Promise<{ count: number }> {
    if (!this.isApprover(actor)) return { count: 0 };
    return { count: await this.repo.pendingCount(actor.organizationId!, actor.userId) };
  }

  private async page(actor: ApprovalActor, rows: FlowRow[], total: number, q: ApprovalListQuery): Promise<Page<ApprovalFlowSummary>> {
    const names = new Map<number, string>();
    for (const org of new Set(rows.map((r) => r.organization_id))) {
      const some = await this.repo.names(rows.filter((r) => r.organization_id === org).map((r) => r.applicant_id), org);
      for (const [k, v] of some) names.set(k, v);
    }
    const actionable = await this.repo.actionableIds(rows.map((r) => r.id), actor.userId);
    return { data: rows.map((r) => this.summary(actor, r, names, actionable)), pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total };
  }

  private summary(actor: ApprovalActor, f: FlowRow, names: Map<number, string>, actionable: Set<number>): ApprovalFlowSummary {
    const open = isOpen(f.status);
    const approver = this.isApprover(actor) && f.organization_id === actor.organizationId;
    return {
      id: f.id,
      type: f.type as ApprovalFlowSummary['type'],
      name: apMsg(actor.lang, TITLES[f.type as keyof typeof TITLES] ?? 'TITLE_DATA', { target: f.description }),
      status: f.status as ApprovalStatus,
      description: f.description,
      applicant: { userId: f.applicant_id, name: names.get(f.applicant_id) ?? '' },
      organizationId: f.organization_id,
      dataSourceId: f.data_source_id,
      dataSourceName: f.data_source_name,
      databaseName: f.database_name,
      schemaName: f.schema_name,
      canAct: open && approver && f.applicant_id !== actor.userId && actionable.has(f.id),
      canRevoke: open && f.applicant_id === actor.userId,
      gmtCreate: f.created_at,
      gmtModified: f.updated_at,
    };
  }

  private step(s: StepRow, names: Map<number, string>, roleApprovers: Array<{ userId: number; name: string }>): ApprovalStepView {
    const person = (id: number | null) => (id === null ? null : { userId: id, name: names.get(id) ?? '' });
    const approvers = s.kind !== 'APPROVE' ? [] : s.assignee_id !== null ? [person(s.assignee_id)!] : roleApprovers;
    return {
      id: s.id, seq: s.seq, kind: s.kind as ApprovalStepView['kind'], status: s.status as ApprovalStepView['status'], approvers,
      approverRoles: s.kind === 'APPROVE' && s.assignee_id === null ? [...APPROVER_ROLES] : null,
      actor: person(s.actor_id), comment: s.comment, gmtCreate: s.created_at, actedAt: s.acted_at,
    };
  }
}
