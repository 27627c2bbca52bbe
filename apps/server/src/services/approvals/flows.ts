/**
 * Approval flows (issue 13 point 3; spec 02 §3 "Approval"): apply, approve, reject, transfer, add a
 * signer, revoke. Approvers are chosen by role: any ADMIN or SUPER_ADMIN of the flow's organisation
 * but the applicant; a transfer or an added signer names one of them. Each transition is one
 * transaction that first takes the flow (ApprovalRepo.lock) and then re-reads it, so two approvers
 * — or two replicas — acting at once decide it once; the loser gets a message saying what happened.
 */
import { ERROR_CODES, APPROVAL_ERROR_CODES, OPEN_APPROVAL_STATUSES, type ApprovalScopeItem, type ApprovalStatus, type Language, type PermissionApply, type RoleCode } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { ApprovalRepo, type FlowRow, type StepRow } from '../../store/approvals.js';
import { OrganizationRepo } from '../../store/organizations.js';
import { apMsg } from './messages.js';
import { ApprovalEffects } from './effects.js';
import { scriptHash } from './script-hash.js';
import type { ApprovalNotifier } from './notices.js';
import { askedScope, narrowedScope, tableLabel } from './scope.js';
import { loadApprovalScope, saveApprovalScope } from '../../store/approval-scopes.js';

/** The approver's narrowing of a data application (absent fields: as asked). */
export interface ApprovalNarrowing {
  tables?: ApprovalScopeItem[];
  expireAt?: string | null;
}

export interface ApprovalActor {
  userId: number;
  lang: Language;
  /** The caller's current organisation and role in it. */
  organizationId: number | null;
  organizationType: string | null;
  role: RoleCode | null;
}

export const APPROVER_ROLES: readonly RoleCode[] = ['ADMIN', 'SUPER_ADMIN'];
const isOpen = (s: string) => OPEN_APPROVAL_STATUSES.includes(s as ApprovalStatus);

export class ApprovalService {
  private readonly repo: ApprovalRepo;
  private readonly orgs: OrganizationRepo;
  private readonly effects: ApprovalEffects;
  /** `notices`: who hears of applications and decisions (issue 18); absent = nobody. */
  constructor(private readonly db: StoreDb, private readonly notices?: ApprovalNotifier) {
    this.repo = new ApprovalRepo(db);
    this.orgs = new OrganizationRepo(db);
    this.effects = new ApprovalEffects(db);
  }

  /** A data or script application in the current team; waits for its admins. */
  async apply(actor: ApprovalActor, body: PermissionApply): Promise<{ approvalId: number }> {
    if (!actor.organizationId || actor.organizationType !== 'TEAM') throw new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(actor.lang, 'NEEDS_TEAM'));
    const reason = body.reason.trim();
    if (!reason) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(actor.lang, 'REASON_REQUIRED'));
    const script = body.applyType === 'script' ? (body.script ?? '') : null;
    if (script !== null && !script.trim()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(actor.lang, 'SCRIPT_REQUIRED'));
    const ds = await this.db.selectFrom('data_sources').select(['id', 'alias']).where('id', '=', body.dataSourceId).where('space_id', '=', actor.organizationId).executeTakeFirst();
    if (!ds) throw new AppError(404, ERROR_CODES.DATA_SOURCE_NOT_FOUND, apMsg(actor.lang, 'DATA_SOURCE_NOT_FOUND', { id: body.dataSourceId }));
    const scope = script === null ? askedScope(actor.lang, body.tables, body.expireAt) : null;
    const where = [ds.alias, body.databaseName, body.schemaName].filter(Boolean).join(' / ');
    const short = (t: ApprovalScopeItem) => tableLabel({ ...t, databaseName: null });
    const what = scope?.tables.length ? `: ${scope.tables.map((t) => (t.columns ? `${short(t)} (${t.columns.join(', ')})` : short(t))).join('; ')}`.slice(0, 240) : '';
    const description = script !== null ? `${where}: ${script.trim().split('\n')[0]!.slice(0, 120)}` : `${where}${what}`;
    const approvalId = await this.db.transaction().execute(async (tx) => {
      const id = await this.repo.create(
        {
          organizationId: actor.organizationId!, type: script !== null ? 'SCRIPT' : 'DATA', applicantId: actor.userId, description, reason,
          dataSourceId: ds.id, dataSourceName: ds.alias, databaseName: body.databaseName || null, schemaName: body.schemaName || null,
          script, scriptHash: script !== null ? scriptHash(script) : null,
        },
        [{ kind: 'APPLY', status: 'INVOKED', actorId: actor.userId, comment: reason, acted: true }, { kind: 'APPROVE', status: 'PENDING' }],
        tx,
      );
      if (scope) await saveApprovalScope(tx, id, scope);
      return id;
    });
    await this.notices?.applied({ id: approvalId, organizationId: actor.organizationId, applicantId: actor.userId, description, type: script !== null ? 'SCRIPT' : 'DATA' });
    return { approvalId };
  }

  /** Approves; on a data flow the approver may narrow the scope and set the validity first (each approver can only narrow further). */
  async approve(actor: ApprovalActor, id: number, comment?: string, narrowing: ApprovalNarrowing = {}): Promise<void> {
    let done: FlowRow | null = null;
    await this.decide(actor, id, async (flow, step, tx) => {
      let scope = flow.type === 'DATA' ? await loadApprovalScope(tx, flow.id) : null;
      if (scope && (narrowing.tables !== undefined || narrowing.expireAt !== undefined)) {
        scope = narrowedScope(actor.lang, scope, narrowing.tables, narrowing.expireAt);
        await saveApprovalScope(tx, flow.id, scope);
      }
      await this.mark(actor, step, 'APPROVED', comment, tx);
      if ((await this.repo.countOpenSteps(flow.id, tx)) > 0) return;
      await this.repo.setStatus(flow.id, 'APPROVED', tx);
      await this.effects.approved(flow, actor, tx, scope);
      done = flow;
    });
    if (done) await this.tellApplicant(done, 'APPROVED');
  }

  async reject(actor: ApprovalActor, id: number, comment?: string): Promise<void> {
    let done: FlowRow | null = null;
    await this.decide(actor, id, async (flow, step, tx) => {
      await this.mark(actor, step, 'REJECTED', comment, tx);
      await this.repo.skipOpenSteps(flow.id, tx);
      await this.repo.setStatus(flow.id, 'REJECTED', tx);
      await this.effects.rejected(flow, actor, tx);
      done = flow;
    });
    if (done) await this.tellApplicant(done, 'REJECTED');
  }

  private async tellApplicant(flow: FlowRow, status: 'APPROVED' | 'REJECTED'): Promise<void> {
    await this.notices?.decided({ id: flow.id, organizationId: flow.organization_id, applicantId: flow.applicant_id, description: flow.description, status });
  }

  /** Hands the caller's step to another approver, who decides in their place. */
  async transfer(actor: ApprovalActor, id: number, userId: number | undefined, comment?: string): Promise<void> {
    if (!userId) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(actor.lang, 'TRANSFER_TARGET_REQUIRED'));
    await this.decide(actor, id, async (flow, step, tx) => {
      await this.requireApprover(actor, flow, userId, tx);
      await this.mark(actor, step, 'TRANSFERRED', comment, tx);
      await this.repo.addSteps(flow.id, [{ kind: 'APPROVE', status: 'PENDING', assigneeId: userId }], tx);
      await this.repo.setStatus(flow.id, 'TRANSFERRED', tx);
    });
  }

  /** The caller approves and names more approvers: the flow is approved once they all approve too. */
  async addSignature(actor: ApprovalActor, id: number, userIds: number[] | undefined, comment?: string): Promise<void> {
    const signers = [...new Set(userIds ?? [])];
    if (!signers.length) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(actor.lang, 'SIGNERS_REQUIRED'));
    await this.decide(actor, id, async (flow, step, tx) => {
      for (const u of signers) await this.requireApprover(actor, flow, u, tx);
      const waiting = new Set((await this.repo.openSteps(flow.id, tx)).map((s) => s.assignee_id));
      await this.mark(actor, step, 'ADD_SIGNATURE', comment, tx);
      await this.repo.addSteps(flow.id, signers.filter((u) => !waiting.has(u)).map((u) => ({ kind: 'APPROVE' as const, status: 'PENDING' as const, assigneeId: u })), tx);
      await this.repo.setStatus(flow.id, 'ADD_SIGNATURE', tx);
    });
  }

  /** The applicant withdraws an open application; a later approval is refused. */
  async revoke(actor: ApprovalActor, id: number, comment?: string): Promise<void> {
    const seen = await this.repo.get(id);
    if (!seen || (seen.applicant_id !== actor.userId && !this.isApproverOf(actor, seen))) throw this.notFound(actor, id);
    if (seen.applicant_id !== actor.userId) throw new AppError(403, APPROVAL_ERROR_CODES.NOT_APPLICANT, apMsg(actor.lang, 'NOT_APPLICANT'));
    await this.db.transaction().execute(async (tx) => {
      const flow = (await this.repo.lock(id, tx))!;
      this.requireOpen(actor, flow);
      await this.repo.skipOpenSteps(flow.id, tx);
      await this.repo.addSteps(flow.id, [{ kind: 'REVOKE', status: 'REVOKED', actorId: actor.userId, comment: comment ?? null, acted: true }], tx);
      await this.repo.setStatus(flow.id, 'REVOKED', tx);
      await this.effects.revoked(flow, tx);
    });
  }

  /** An approver of the flow's organisation (the caller's current one) — not its applicant. */
  isApproverOf(actor: ApprovalActor, flow: FlowRow): boolean {
    return flow.organization_id === actor.organizationId && !!actor.role && APPROVER_ROLES.includes(actor.role);
  }

  /** Runs an approver's transition: visible, not their own, still open, and a step of theirs waiting. */
  private async decide(actor: ApprovalActor, id: number, fn: (flow: FlowRow, step: StepRow, tx: StoreDb) => Promise<void>): Promise<void> {
    const seen = await this.repo.get(id);
    if (!seen || (seen.applicant_id !== actor.userId && !this.isApproverOf(actor, seen))) throw this.notFound(actor, id);
    if (seen.applicant_id === actor.userId) throw new AppError(403, APPROVAL_ERROR_CODES.SELF_APPROVAL, apMsg(actor.lang, 'SELF_APPROVAL'));
    await this.db.transaction().execute(async (tx) => {
      const flow = (await this.repo.lock(id, tx))!;
      this.requireOpen(actor, flow);
      const step = (await this.repo.openStepFor(flow.id, actor.userId, tx)) ?? (await this.orphanStep(flow, tx));
      if (!step) throw new AppError(403, APPROVAL_ERROR_CODES.APPROVAL_NOT_ASSIGNED, apMsg(actor.lang, 'NOT_ASSIGNED'));
      await fn(flow, step, tx);
    });
  }

  /** A step assigned to someone who is no longer an approver of the team (removed, demoted): any approver takes it, so no flow is stuck. */
  private async orphanStep(flow: FlowRow, tx: StoreDb): Promise<StepRow | null> {
    for (const s of await this.repo.openSteps(flow.id, tx)) {
      if (s.assignee_id === null) continue;
      const m = await this.orgs.membership(flow.organization_id, s.assignee_id, tx);
      if (!m || m.status !== 'VALID' || !APPROVER_ROLES.includes(m.roleCode)) return s;
    }
    return null;
  }

  private async mark(actor: ApprovalActor, step: StepRow, status: 'APPROVED' | 'REJECTED' | 'TRANSFERRED' | 'ADD_SIGNATURE', comment: string | undefined, tx: StoreDb) {
    if (!(await this.repo.decideStep(step.id, status, actor.userId, comment ?? null, tx))) {
      throw new AppError(409, ERROR_CODES.CONFLICT, apMsg(actor.lang, 'NOT_ASSIGNED'));
    }
  }

  private requireOpen(actor: ApprovalActor, flow: FlowRow): void {
    if (isOpen(flow.status)) return;
    const key = flow.status === 'REVOKED' ? 'ALREADY_REVOKED' : flow.status === 'REJECTED' ? 'ALREADY_REJECTED' : flow.status === 'APPROVED' ? 'ALREADY_APPROVED' : 'ALREADY_FINISHED';
    throw new AppError(409, APPROVAL_ERROR_CODES.APPROVAL_CLOSED, apMsg(actor.lang, key));
  }

  /** A transfer target or added signer: a VALID ADMIN or SUPER_ADMIN of the flow's team, not the applicant, not the caller. */
  private async requireApprover(actor: ApprovalActor, flow: FlowRow, userId: number, tx: StoreDb): Promise<void> {
    if (userId === flow.applicant_id) throw new AppError(400, APPROVAL_ERROR_CODES.APPROVER_INVALID, apMsg(actor.lang, 'APPROVER_IS_APPLICANT'));
    if (userId === actor.userId) throw new AppError(400, APPROVAL_ERROR_CODES.APPROVER_INVALID, apMsg(actor.lang, 'APPROVER_IS_SELF'));
    const m = await this.orgs.membership(flow.organization_id, userId, tx);
    if (!m || m.status !== 'VALID' || !APPROVER_ROLES.includes(m.roleCode)) throw new AppError(400, APPROVAL_ERROR_CODES.APPROVER_INVALID, apMsg(actor.lang, 'APPROVER_INVALID', { id: userId }));
  }

  private notFound(actor: ApprovalActor, id: number) {
    return new AppError(404, ERROR_CODES.NOT_FOUND, apMsg(actor.lang, 'APPROVAL_NOT_FOUND', { id }));
  }
}
