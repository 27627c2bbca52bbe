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

export interface NewTeam {
  name: string;
  teamCode: string;
  area: string;
  industry: string;
  creatorRole: string;
  ownerId: number;
  ownerName: string;
}

type MemberRow = { organization_id: number; user_id: number; role_code: string; status: string; name: string; updated_at: string };
const toMember = (r: MemberRow): MembershipRecord => ({ organizationId: r.organization_id, userId: r.user_id, roleCode: r.role_code as RoleCode, status: r.status as MemberStatus, name: r.name, updatedAt: r.updated_at });

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

  async get(id: number, db: StoreDb = this.db): Promise<OrganizationRecord | null> {
    const r = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toOrg(r) : null;
  }

  async personalOf(userId: number, db: StoreDb = this.db): Promise<OrganizationRecord | null> {
    const r = await db.selectFrom('organizations').selectAll().where('owner_id', '=', userId).where('type', '=', 'PERSONAL').orderBy('id').executeTakeFirst();
    return r ? toOrg(r) : null;
  }

  /** The user's membership in an organisation, or null (never a member). */
  async membership(organizationId: number, userId: number, db: StoreDb = this.db): Promise<MembershipRecord | null> {
    const r = await db.selectFrom('organization_members').selectAll().where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirst();
    return r ? toMember(r) : null;
  }

  /** A TEAM organisation with its owner as SUPER_ADMIN; part of the caller's transaction. */
  async createTeam(t: NewTeam, db: StoreDb): Promise<number> {
    const now = nowIso();
    const org = await db
      .insertInto('organizations')
      .values({ type: 'TEAM', name: t.name, team_code: t.teamCode, area: t.area || null, industry: t.industry || null, creator_role: t.creatorRole || null, avatar: null, owner_id: t.ownerId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.upsertMember(org.id, t.ownerId, 'SUPER_ADMIN', t.ownerName, db);
    return org.id;
  }

  async teamCodeTaken(code: string, db: StoreDb = this.db): Promise<boolean> {
    return !!(await db.selectFrom('organizations').select('id').where('team_code', '=', code).executeTakeFirst());
  }

  async byTeamCode(code: string): Promise<OrganizationRecord | null> {
    const r = await this.db.selectFrom('organizations').selectAll().where('team_code', '=', code).where('type', '=', 'TEAM').executeTakeFirst();
    return r ? toOrg(r) : null;
  }

  /** Organisations the user is a VALID member of, personal first, with the user's role. */
  async listForUser(userId: number): Promise<Array<OrganizationRecord & { roleCode: RoleCode }>> {
    const rows = await this.db
      .selectFrom('organizations as o')
      .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
      .selectAll('o')
      .select('m.role_code')
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'VALID')
      .orderBy('o.id')
      .execute();
    const list = rows.map((r) => ({ ...toOrg(r), roleCode: r.role_code as RoleCode }));
    return [...list.filter((o) => o.type === 'PERSONAL'), ...list.filter((o) => o.type !== 'PERSONAL')];
  }

  async update(id: number, patch: { name?: string; avatar?: string | null }): Promise<void> {
    const set: { name?: string; avatar?: string | null; updated_at: string } = { updated_at: nowIso() };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.avatar !== undefined) set.avatar = patch.avatar;
    await this.db.updateTable('organizations').set(set).where('id', '=', id).execute();
  }

  async setOwner(id: number, userId: number, db: StoreDb): Promise<void> {
    await db.updateTable('organizations').set({ owner_id: userId, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  /** Members (any status), searchable by name (and e-mail when `searchEmail`), owner first then by name. */
  async members(organizationId: number, q: { pageNo: number; pageSize: number; searchKey?: string; searchEmail?: boolean }) {
    let query = this.db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', '=', organizationId);
    const key = q.searchKey?.trim();
    if (key) {
      const like = `%${key.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
      query = query.where((eb) => eb.or([eb(eb.fn('lower', ['m.name']), 'like', like), eb(eb.fn('lower', ['u.name']), 'like', like), ...(q.searchEmail ? [eb(eb.fn('lower', ['u.email']), 'like', like)] : [])]));
    }
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll('m')
      .select('u.email')
      .orderBy((eb) => eb.case().when('m.role_code', '=', 'SUPER_ADMIN').then(0).when('m.role_code', '=', 'ADMIN').then(1).else(2).end())
      .orderBy('m.name')
      .orderBy('m.user_id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute();
    return { rows: rows.map((r) => ({ ...toMember(r), email: r.email })), total };
  }

  /** Makes the user a VALID member with the role (re-activates a removed member). */
  async upsertMember(organizationId: number, userId: number, roleCode: RoleCode, name: string, db: StoreDb = this.db): Promise<void> {
    const now = nowIso();
    await db
      .insertInto('organization_members')
      .values({ organization_id: organizationId, user_id: userId, role_code: roleCode, status: 'VALID', name, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role_code: roleCode, status: 'VALID', name, updated_at: now }))
      .execute();
  }

  async setRole(organizationId: number, userId: number, roleCode: RoleCode, db: StoreDb = this.db): Promise<void> {
    await db.updateTable('organization_members').set({ role_code: roleCode, updated_at: nowIso() }).where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
  }

  /** A removed member stays in the table as INVALID (shown so; may join again). */
  async deactivate(organizationId: number, userId: number, db: StoreDb): Promise<void> {
    await db.updateTable('organization_members').set({ status: 'INVALID', role_code: 'OPERATOR', updated_at: nowIso() }).where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
  }

  async currentOrgId(userId: number, db: StoreDb = this.db): Promise<number | null> {
    return (await db.selectFrom('users').select('current_org_id').where('id', '=', userId).executeTakeFirst())?.current_org_id ?? null;
  }

  async setCurrent(userId: number, organizationId: number, db: StoreDb = this.db): Promise<void> {
    await db.updateTable('users').set({ current_org_id: organizationId, updated_at: nowIso() }).where('id', '=', userId).execute();
  }

  /** Users whose current organisation is this one but who are no longer VALID members of it go back to their personal one. */
  async resetCurrentIfLeft(organizationId: number, userId: number, db: StoreDb): Promise<void> {
    const personal = await this.personalOf(userId, db);
    if (!personal) return;
    await db.updateTable('users').set({ current_org_id: personal.id, updated_at: nowIso() }).where('id', '=', userId).where('current_org_id', '=', organizationId).execute();
  }
}
