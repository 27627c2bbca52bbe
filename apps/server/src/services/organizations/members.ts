/**
 * Member management of a team (spec 02 §2 "Member management", §4, §6): the paged, searchable
 * members table; set or remove admin (admins and the owner); remove a member (admins; never the
 * owner); transfer the team (the owner only; the old owner stays as ADMIN). Each change that
 * touches two tables runs in one transaction.
 */
import { ERROR_CODES, ORGANIZATION_ERROR_CODES, type MemberRow, type Page, type RoleCode } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { OrganizationRepo, type MembershipRecord } from '../../store/organizations.js';
import { ADMIN_ROLES, OWNER_ROLES, requireMemberOf, requireTeam, type Actor } from './guard.js';
import { msg } from '../../http/messages.js';
import { orgMsg } from './messages.js';

export class MemberService {
  private readonly orgs: OrganizationRepo;
  constructor(private readonly db: StoreDb) {
    this.orgs = new OrganizationRepo(db);
  }

  /** Any VALID member may read the members table; e-mail addresses only admins see. */
  async list(actor: Actor, organizationId: number, q: { pageNo: number; pageSize: number; searchKey?: string }): Promise<Page<MemberRow>> {
    const { org, me } = await requireMemberOf(this.orgs, organizationId, actor);
    const admin = ADMIN_ROLES.includes(me.roleCode);
    const { rows, total } = await this.orgs.members(org.id, { ...q, searchEmail: admin });
    return {
      data: rows.map((r) => ({ userId: r.userId, name: r.name, roleCode: r.roleCode, status: r.status, gmtModified: r.updatedAt, email: admin ? r.email : null, isOwner: r.userId === org.ownerId })),
      pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total,
    };
  }

  private async target(organizationId: number, userId: number, actor: Actor): Promise<MembershipRecord> {
    const m = await this.orgs.membership(organizationId, userId);
    if (!m || m.status !== 'VALID') throw new AppError(404, ERROR_CODES.NOT_FOUND, orgMsg(actor.lang, 'MEMBER_NOT_FOUND', { id: userId }));
    return m;
  }

  /** Set admin (ADMIN) or remove admin (OPERATOR). The owner's role changes only by a transfer. */
  async setRole(actor: Actor, organizationId: number, userId: number, roleCode: RoleCode): Promise<void> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor, ADMIN_ROLES);
    requireTeam(org, actor.lang);
    if (roleCode === 'SUPER_ADMIN') throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(actor.lang, 'ROLE_NOT_ASSIGNABLE'));
    if (userId === org.ownerId) throw new AppError(403, ORGANIZATION_ERROR_CODES.OWNER_PROTECTED, orgMsg(actor.lang, 'OWNER_ROLE_FIXED'));
    await this.target(org.id, userId, actor);
    await this.orgs.setRole(org.id, userId, roleCode);
  }

  /**
   * The membership becomes INVALID and, if this team was the member's current organisation, their
   * current one becomes their personal organisation: their open session sees no team data from its
   * next request on (the request context is built from the membership on every request).
   */
  async remove(actor: Actor, organizationId: number, userId: number): Promise<void> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor, ADMIN_ROLES);
    requireTeam(org, actor.lang);
    if (userId === org.ownerId) throw new AppError(403, ORGANIZATION_ERROR_CODES.OWNER_PROTECTED, orgMsg(actor.lang, 'OWNER_NOT_REMOVABLE'));
    if (userId === actor.userId) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(actor.lang, 'REMOVE_SELF'));
    await this.target(org.id, userId, actor);
    await this.db.transaction().execute(async (tx) => {
      await this.orgs.deactivate(org.id, userId, tx);
      await this.orgs.resetCurrentIfLeft(org.id, userId, tx);
    });
  }

  /** The owner hands the team to another VALID member, who becomes SUPER_ADMIN; the old owner becomes ADMIN. */
  async transfer(actor: Actor, organizationId: number, userId: number): Promise<void> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor, OWNER_ROLES);
    requireTeam(org, actor.lang);
    if (org.ownerId !== actor.userId) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, msg(actor.lang, 'PERMISSION_DENIED'));
    if (userId === actor.userId) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(actor.lang, 'TRANSFER_TO_SELF'));
    await this.target(org.id, userId, actor);
    await this.db.transaction().execute(async (tx) => {
      await this.orgs.setOwner(org.id, userId, tx);
      await this.orgs.setRole(org.id, userId, 'SUPER_ADMIN', tx);
      await this.orgs.setRole(org.id, actor.userId, 'ADMIN', tx);
    });
  }
}
