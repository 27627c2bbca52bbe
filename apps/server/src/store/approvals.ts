/**
 * Approval flows and their steps (migration 0007). Every transition runs inside a transaction that
 * first takes the flow with `lock` (a conditional update bumping `version`): on PostgreSQL a second
 * replica deciding the same flow waits for the first to commit and then sees its outcome.
 */
import { sql, type Kysely } from 'kysely';
import { OPEN_APPROVAL_STATUSES, type ApprovalStatus, type ApprovalStepKind, type ApprovalStepStatus, type ApprovalType } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import { approvalDb, type ApprovalDb, type ApprovalFlowsTable, type ApprovalStepsTable } from './approvals-schema.js';

type Db = StoreDb | Kysely<any>;
type Selectable<T> = { [K in keyof T]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] };
export type FlowRow = Selectable<ApprovalFlowsTable>;
export type StepRow = Selectable<ApprovalStepsTable>;

export interface NewFlow {
  organizationId: number;
  type: ApprovalType;
  applicantId: number;
  description: string;
  reason: string | null;
  dataSourceId?: number | null;
  dataSourceName?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
  script?: string | null;
  scriptHash?: string | null;
  joinRequestId?: number | null;
}

export interface NewStep {
  kind: ApprovalStepKind;
  status: ApprovalStepStatus;
  assigneeId?: number | null;
  actorId?: number | null;
  comment?: string | null;
  acted?: boolean;
}

/** Which flows a listing asks for. */
export interface FlowFilter {
  organizationId?: number;
  applicantId?: number;
  /** Flows this approver can act on now or has acted on (not their own). */
  approverId?: number;
  status?: ApprovalStatus;
}

const OPEN = OPEN_APPROVAL_STATUSES as ApprovalStatus[];

export class ApprovalRepo {
  constructor(private readonly store: Db) {}
  private a(db?: Db): ApprovalDb {
    return approvalDb(db ?? this.store);
  }

  /** A new flow with its first steps (the application, then who it waits for); answers its id. */
  async create(f: NewFlow, steps: NewStep[], db: Db): Promise<number> {
    const now = nowIso();
    const row = await this.a(db)
      .insertInto('approval_flows')
      .values({
        organization_id: f.organizationId, type: f.type, applicant_id: f.applicantId, status: 'PENDING', description: f.description, reason: f.reason,
        data_source_id: f.dataSourceId ?? null, data_source_name: f.dataSourceName ?? null, database_name: f.databaseName ?? null, schema_name: f.schemaName ?? null,
        script: f.script ?? null, script_hash: f.scriptHash ?? null, join_request_id: f.joinRequestId ?? null, version: 1, created_at: now, updated_at: now, finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.addSteps(row.id, steps, db);
    return row.id;
  }

  async addSteps(flowId: number, steps: NewStep[], db: Db): Promise<void> {
    if (!steps.length) return;
    const a = this.a(db);
    const last = await a.selectFrom('approval_steps').select((eb) => eb.fn.max('seq').as('m')).where('flow_id', '=', flowId).executeTakeFirst();
    let seq = Number(last?.m ?? 0);
    const now = nowIso();
    await a
      .insertInto('approval_steps')
      .values(steps.map((s) => ({
        flow_id: flowId, seq: ++seq, kind: s.kind, status: s.status, assignee_id: s.assigneeId ?? null, actor_id: s.actorId ?? null,
        comment: s.comment ?? null, acted_at: s.acted ? now : null, created_at: now,
      })))
      .execute();
  }

  async get(id: number, db?: Db): Promise<FlowRow | null> {
    return ((await this.a(db).selectFrom('approval_flows').selectAll().where('id', '=', id).executeTakeFirst()) as FlowRow | undefined) ?? null;
  }

  async byJoinRequest(joinRequestId: number, db?: Db): Promise<FlowRow | null> {
    return ((await this.a(db).selectFrom('approval_flows').selectAll().where('join_request_id', '=', joinRequestId).orderBy('id', 'desc').executeTakeFirst()) as FlowRow | undefined) ?? null;
  }

  /**
   * Takes the flow for a transition: bumps its version (PostgreSQL holds the row lock until the
   * transaction ends; a concurrent transition waits, then reads what this one committed). Answers
   * the flow as it is now, or null when it does not exist.
   */
  async lock(id: number, tx: Db): Promise<FlowRow | null> {
    const r = await this.a(tx)
      .updateTable('approval_flows')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return (r as FlowRow | undefined) ?? null;
  }

  /** Moves an open flow to another status; false when it was no longer open. */
  async setStatus(id: number, status: ApprovalStatus, tx: Db): Promise<boolean> {
    const now = nowIso();
    const closed = !OPEN.includes(status);
    const r = await this.a(tx)
      .updateTable('approval_flows')
      .set({ status, updated_at: now, ...(closed ? { finished_at: now } : {}) })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async steps(flowId: number, db?: Db): Promise<StepRow[]> {
    return (await this.a(db).selectFrom('approval_steps').selectAll().where('flow_id', '=', flowId).orderBy('seq').execute()) as StepRow[];
  }

  /** The open step this approver may decide: one assigned to them first, else a role-based one. */
  async openStepFor(flowId: number, userId: number, db?: Db): Promise<StepRow | null> {
    const rows = (await this.a(db)
      .selectFrom('approval_steps')
      .selectAll()
      .where('flow_id', '=', flowId)
      .where('kind', '=', 'APPROVE')
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('assignee_id', 'is', null)]))
      .orderBy('seq')
      .execute()) as StepRow[];
    return rows.find((r) => r.assignee_id === userId) ?? rows[0] ?? null;
  }

  /** The approval steps still waiting, in order. */
  async openSteps(flowId: number, db?: Db): Promise<StepRow[]> {
    return (await this.a(db).selectFrom('approval_steps').selectAll().where('flow_id', '=', flowId).where('kind', '=', 'APPROVE').where('status', '=', 'PENDING').orderBy('seq').execute()) as StepRow[];
  }

  /** Decides a PENDING step; false when someone else decided it first. */
  async decideStep(stepId: number, status: ApprovalStepStatus, actorId: number, comment: string | null, tx: Db): Promise<boolean> {
    const r = await this.a(tx)
      .updateTable('approval_steps')
      .set({ status, actor_id: actorId, comment, acted_at: nowIso() })
      .where('id', '=', stepId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async countOpenSteps(flowId: number, tx: Db): Promise<number> {
    const r = await this.a(tx).selectFrom('approval_steps').select((eb) => eb.fn.countAll().as('n')).where('flow_id', '=', flowId).where('status', '=', 'PENDING').executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Closes the steps nobody answered when a flow ends. */
  async skipOpenSteps(flowId: number, tx: Db): Promise<void> {
    await this.a(tx).updateTable('approval_steps').set({ status: 'SKIPPED' }).where('flow_id', '=', flowId).where('status', '=', 'PENDING').execute();
  }

  /**
   * A join request decided outside the flow (the organisation's join_requests endpoints): the flow
   * records the admin's decision and ends. False when there is no open flow for it.
   */
  async closeForJoinRequest(joinRequestId: number, status: 'APPROVED' | 'REJECTED' | 'REVOKED', actorId: number, tx: Db): Promise<boolean> {
    const flow = await this.byJoinRequest(joinRequestId, tx);
    if (!flow || !OPEN.includes(flow.status as ApprovalStatus)) return false;
    if (!(await this.setStatus(flow.id, status, tx))) return false;
    const step = status === 'REVOKED' ? null : await this.openStepFor(flow.id, actorId, tx);
    if (step) await this.decideStep(step.id, status, actorId, null, tx);
    await this.skipOpenSteps(flow.id, tx);
    return true;
  }

  /** A page of flows, newest first, with the total. */
  async page(f: FlowFilter, pageNo: number, pageSize: number): Promise<{ rows: FlowRow[]; total: number }> {
    const base = this.a()
      .selectFrom('approval_flows as f')
      .$if(f.organizationId !== undefined, (q) => q.where('f.organization_id', '=', f.organizationId!))
      .$if(f.applicantId !== undefined, (q) => q.where('f.applicant_id', '=', f.applicantId!))
      .$if(f.status !== undefined, (q) => q.where('f.status', '=', f.status!))
      .$if(f.approverId !== undefined, (q) =>
        q.where('f.applicant_id', '<>', f.approverId!).where((eb) =>
          eb.exists(
            eb
              .selectFrom('approval_steps as s')
              .select(sql.lit(1).as('one'))
              .whereRef('s.flow_id', '=', 'f.id')
              .where('s.kind', '=', 'APPROVE')
              .where((w) => w.or([
                w.and([w('s.status', '=', 'PENDING'), w.or([w('s.assignee_id', '=', f.approverId!), w('s.assignee_id', 'is', null)])]),
                w('s.actor_id', '=', f.approverId!),
              ])),
          ),
        ),
      );
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = (await base.selectAll('f').orderBy('f.id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as FlowRow[];
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Open flows of the organisation waiting for this approver (the Team tab's badge). */
  async pendingCount(organizationId: number, approverId: number): Promise<number> {
    const r = await this.a()
      .selectFrom('approval_flows as f')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('f.organization_id', '=', organizationId)
      .where('f.applicant_id', '<>', approverId)
      .where('f.status', 'in', OPEN)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('approval_steps as s').select(sql.lit(1).as('one')).whereRef('s.flow_id', '=', 'f.id').where('s.kind', '=', 'APPROVE').where('s.status', '=', 'PENDING')
            .where((w) => w.or([w('s.assignee_id', '=', approverId), w('s.assignee_id', 'is', null)])),
        ),
      )
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Flow ids (of a page) on which this user has an open step. */
  async actionableIds(flowIds: number[], userId: number): Promise<Set<number>> {
    if (!flowIds.length) return new Set();
    const rows = await this.a()
      .selectFrom('approval_steps')
      .select('flow_id')
      .where('flow_id', 'in', flowIds)
      .where('kind', '=', 'APPROVE')
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('assignee_id', 'is', null)]))
      .execute();
    return new Set(rows.map((r) => r.flow_id));
  }

  /** Display names of users (the organisation's member name when they have one there). */
  async names(userIds: number[], organizationId: number | null): Promise<Map<number, string>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const store = this.store as StoreDb;
    const users = await store.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
    const out = new Map<number, string>(users.map((u) => [u.id, u.name]));
    if (organizationId !== null) {
      const members = await store.selectFrom('organization_members').select(['user_id', 'name']).where('organization_id', '=', organizationId).where('user_id', 'in', ids).execute();
      for (const m of members) if (m.name) out.set(m.user_id, m.name);
    }
    return out;
  }

  /** The VALID ADMIN and SUPER_ADMIN members of an organisation: who a role-based step waits for. */
  async approversOf(organizationId: number): Promise<Array<{ userId: number; name: string }>> {
    const rows = await (this.store as StoreDb)
      .selectFrom('organization_members')
      .select(['user_id', 'name'])
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'VALID')
      .where('role_code', 'in', ['ADMIN', 'SUPER_ADMIN'])
      .orderBy('user_id')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, name: r.name }));
  }
}
