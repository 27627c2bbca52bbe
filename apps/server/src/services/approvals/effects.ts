/**
 * What a decided flow does, inside the transaction that decides it: a JOIN flow approved makes the
 * membership through the organisations service (its join-request approval, not a copy of it); a
 * DATA flow approved creates the applicant's authorization; SCRIPT flows wait for their one run
 * (approved-scripts.ts). Rejected or revoked join flows decide the join request the same way.
 */
import type { ApprovalScopeView, Language } from '@askdb/contracts';
import type { StoreDb } from '../../store/db.js';
import type { FlowRow } from '../../store/approvals.js';
import { JoinRequestRepo } from '../../store/join-requests.js';
import { JoinService } from '../organizations/joins.js';
import { grantApprovedDataAccess } from './data-grant.js';

export interface EffectActor {
  userId: number;
  lang: Language;
}

export class ApprovalEffects {
  private readonly joins: JoinService;
  private readonly requests: JoinRequestRepo;
  constructor(db: StoreDb) {
    this.joins = new JoinService(db);
    this.requests = new JoinRequestRepo(db);
  }

  /** `scope`: a data flow's scope as approved (null: a flow from before scopes, its database/schema). */
  async approved(flow: FlowRow, actor: EffectActor, tx: StoreDb, scope: ApprovalScopeView | null = null): Promise<void> {
    if (flow.type === 'JOIN' && flow.join_request_id) await this.joins.approve(actor, flow.join_request_id, tx);
    if (flow.type === 'DATA') await grantApprovedDataAccess(tx, flow, actor.userId, scope);
  }

  async rejected(flow: FlowRow, actor: EffectActor, tx: StoreDb): Promise<void> {
    if (flow.type === 'JOIN' && flow.join_request_id) await this.joins.reject(actor, flow.join_request_id, tx);
  }

  async revoked(flow: FlowRow, tx: StoreDb): Promise<void> {
    if (flow.type === 'JOIN' && flow.join_request_id) await this.requests.decide(flow.join_request_id, 'REVOKED', flow.applicant_id, tx);
  }
}
