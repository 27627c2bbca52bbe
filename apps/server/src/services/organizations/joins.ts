/**
 * Joining a team: by its 8-digit code (name and optional reason) or through an invitation; either
 * way a PENDING join request that an admin approves or rejects (spec 02 §4). Each request is also an
 * approval flow of type JOIN (services/approvals): approving the flow calls `approve` below; a request
 * decided here closes its flow in the same transaction.
 */
import { ERROR_CODES, ORGANIZATION_ERROR_CODES, type JoinRequestRow } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { OrganizationRepo, type OrganizationRecord } from '../../store/organizations.js';
import { JoinRequestRepo, type JoinVia } from '../../store/join-requests.js';
import { ADMIN_ROLES, parseTeamCode, requireMemberOf, requireName, type Actor } from './guard.js';
import { orgMsg } from './messages.js';
import { closeJoinFlow, openJoinFlow } from '../approvals/join-flows.js';
import { assertSeatAvailable } from '../commerce/seats.js';

export class JoinService {
  private readonly orgs: OrganizationRepo;
  private readonly requests: JoinRequestRepo;
  constructor(private readonly db: StoreDb) {
    this.orgs = new OrganizationRepo(db);
    this.requests = new JoinRequestRepo(db);
  }

  async joinByCode(actor: Actor, raw: string, name: string, reason?: string): Promise<{ approvalId: number; organizationId: number }> {
    const org = await this.orgs.byTeamCode(parseTeamCode(raw, actor.lang));
    if (!org) throw new AppError(400, ORGANIZATION_ERROR_CODES.INVALID_TEAM_CODE, orgMsg(actor.lang, 'INVALID_TEAM_CODE'));
    return this.db.transaction().execute((tx) => this.request(actor, org, name, reason, 'CODE', tx));
  }

  /** A PENDING request; refused when the user is already a member or already waiting. */
  async request(actor: Actor, org: OrganizationRecord, rawName: string, reason: string | undefined, via: JoinVia, db: StoreDb = this.db): Promise<{ approvalId: number; organizationId: number }> {
    const name = requireName(rawName, actor.lang);
    const m = await this.orgs.membership(org.id, actor.userId);
    if (m?.status === 'VALID') throw new AppError(400, ORGANIZATION_ERROR_CODES.ALREADY_MEMBER, orgMsg(actor.lang, 'ALREADY_MEMBER'));
    if (await this.requests.pendingOf(org.id, actor.userId)) throw new AppError(400, ORGANIZATION_ERROR_CODES.JOIN_PENDING, orgMsg(actor.lang, 'JOIN_PENDING'));
    await assertSeatAvailable(this.db, org.id, actor.lang);
    const approvalId = await this.requests.create({ organizationId: org.id, userId: actor.userId, name, reason: reason?.trim() || null, via }, db);
    await openJoinFlow(db, { organizationId: org.id, teamName: org.name, userId: actor.userId, name, reason: reason?.trim() || null, joinRequestId: approvalId });
    return { approvalId, organizationId: org.id };
  }

  async list(actor: Actor, organizationId: number, status: JoinRequestRow['status']): Promise<JoinRequestRow[]> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor, ADMIN_ROLES);
    return (await this.requests.list(org.id, status)).map((r) => ({
      id: r.id, userId: r.userId, name: r.name, reason: r.reason, via: r.via, status: r.status, email: r.email, gmtCreate: r.createdAt,
    }));
  }

  /** Approve: the request is decided and the applicant becomes a VALID OPERATOR, together (inside `tx` when the approval flow decides it). */
  async approve(actor: Actor, id: number, tx?: StoreDb): Promise<void> {
    const r = await this.decidable(actor, id);
    await this.inTransaction(tx, async (tx) => {
      await closeJoinFlow(tx, r.id, 'APPROVED', actor.userId);
      if (!(await this.requests.decide(r.id, 'APPROVED', actor.userId, tx))) throw this.decided(actor);
      await assertSeatAvailable(this.db, r.organizationId, actor.lang, tx);
      await this.orgs.upsertMember(r.organizationId, r.userId, 'OPERATOR', r.name, tx);
    });
  }

  async reject(actor: Actor, id: number, tx?: StoreDb): Promise<void> {
    const r = await this.decidable(actor, id);
    await this.inTransaction(tx, async (tx) => {
      await closeJoinFlow(tx, r.id, 'REJECTED', actor.userId);
      if (!(await this.requests.decide(r.id, 'REJECTED', actor.userId, tx))) throw this.decided(actor);
    });
  }

  private inTransaction(tx: StoreDb | undefined, fn: (tx: StoreDb) => Promise<void>): Promise<void> {
    return tx ? fn(tx) : this.db.transaction().execute(fn);
  }

  /** The request, if the caller is an admin of its team (another team's request answers 403 like any foreign id). */
  private async decidable(actor: Actor, id: number) {
    const r = await this.requests.get(id);
    if (!r) throw new AppError(404, ERROR_CODES.NOT_FOUND, orgMsg(actor.lang, 'JOIN_REQUEST_NOT_FOUND', { id }));
    await requireMemberOf(this.orgs, r.organizationId, actor, ADMIN_ROLES);
    if (r.status !== 'PENDING') throw this.decided(actor);
    return r;
  }

  private decided(actor: Actor) {
    return new AppError(409, ERROR_CODES.CONFLICT, orgMsg(actor.lang, 'JOIN_REQUEST_DECIDED'));
  }
}
