/**
 * Organisations and their members (spec 02 §3 "Organization"). Every user has one PERSONAL
 * organisation, of which they are SUPER_ADMIN; TEAM organisations have an 8-digit code.
 */
import type { OrganizationType, RoleCode, MemberStatus } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface OrganizationRecord {
  id: number;
  type: OrganizationType;
  name: string;
  teamCode: string | null;
  area: string | null;
  industry: string | null;
  avatar: string | null;
  ownerId: number;
  createdAt: string;
  updatedAt: string;
}
export interface MembershipRecord {
  organizationId: number;
  userId: number;
  roleCode: RoleCode;
  status: MemberStatus;
  name: string;
  updatedAt: string;
}

type OrgRow = { id: number; type: string; name: string; team_code: string | null; area: string | null; industry: string | null; avatar: string | null; owner_id: number; created_at: string; updated_at: string };
const toOrg = (r: OrgRow): OrganizationRecord => ({
  id: r.id, type: r.type as OrganizationType, name: r.name, teamCode: r.team_code, area: r.area, industry: r.industry, avatar: r.avatar, ownerId: r.owner_id, createdAt: r.created_at, updatedAt: r.updated_at,
});

export class OrganizationRepo {
  constructor(private readonly db: StoreDb) {}

  /** Creates the user's PERSONAL organisation and makes it current; pass a transaction to make it part of a registration. */
  async createPersonal(userId: number, name: string, db: StoreDb = this.db): Promise<number> {
    const now = nowIso();
    const org = await db
      .insertInto('organizations')
      .values({ type: 'PERSONAL', name, team_code: null, area: null, industry: null, creator_role: null, avatar: null, owner_id: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('organization_members').values({ organization_id: org.id, user_id: userId, role_code: 'SUPER_ADMIN', status: 'VALID', name, created_at: now, updated_at: now }).execute();
    await db.updateTable('users').set({ current_org_id: org.id, updated_at: now }).where('id', '=', userId).execute();
    return org.id;
  }

  async get(id: number): Promise<OrganizationRecord | null> {
    const r = await this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toOrg(r) : null;
  }

  async personalOf(userId: number): Promise<OrganizationRecord | null> {
    const r = await this.db.selectFrom('organizations').selectAll().where('owner_id', '=', userId).where('type', '=', 'PERSONAL').orderBy('id').executeTakeFirst();
    return r ? toOrg(r) : null;
  }

  /** The user's membership in an organisation, or null (never a member). */
  async membership(organizationId: number, userId: number): Promise<MembershipRecord | null> {
    const r = await this.db.selectFrom('organization_members').selectAll().where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirst();
    return r ? { organizationId: r.organization_id, userId: r.user_id, roleCode: r.role_code as RoleCode, status: r.status as MemberStatus, name: r.name, updatedAt: r.updated_at } : null;
  }
}
