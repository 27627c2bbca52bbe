/**
 * Organisations as a user sees them: the current one, the list (personal + teams), creating a team
 * with its 8-digit code, finding a team by code, renaming it or changing its avatar, and switching
 * the current organisation (spec 02 §2–§4).
 */
import crypto from 'node:crypto';
import { ERROR_CODES, ORGANIZATION_ERROR_CODES, ORGANIZATION_LIMITS, type OrganizationCreate, type OrganizationSummary, type RoleCode, type SwitchOrgResult } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { OrganizationRepo, type OrganizationRecord } from '../../store/organizations.js';
import { ADMIN_ROLES, parseTeamCode, requireMemberOf, requireName, requireTeam, type Actor } from './guard.js';
import { checkAvatar } from './avatar.js';
import { orgMsg } from './messages.js';

const CODE_ATTEMPTS = 10;

export function summaryOf(org: OrganizationRecord, roleCode: RoleCode, currentId: number | null, vip = false): OrganizationSummary {
  return {
    id: org.id, type: org.type, name: org.name, roleCodes: [roleCode], vip, teamCode: org.teamCode, avatar: org.avatar, organizationAvatar: org.avatar,
    area: org.area, industry: org.industry, ownerId: org.ownerId, current: org.id === currentId,
  };
}

/** A random 8-digit code (no leading zero, so it reads as 8 digits everywhere). */
export const randomTeamCode = () => String(crypto.randomInt(10 ** (ORGANIZATION_LIMITS.teamCodeDigits - 1), 10 ** ORGANIZATION_LIMITS.teamCodeDigits));

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique constraint/i.test(err.message ?? '');
};

/** Whether an organisation has a paid plan in force (commerce entitlement; false where nothing is sold). */
export type VipOf = (organizationId: number) => Promise<boolean>;

export class TeamService {
  readonly orgs: OrganizationRepo;
  /**
   * `vipOf`: the source of each organisation's `vip` — the same as the user's currentOrganization.vip
   * (routes pass the commerce entitlement).
   */
  constructor(private readonly db: StoreDb, private readonly newCode: () => string = randomTeamCode, private readonly vipOf: VipOf = async () => false) {
    this.orgs = new OrganizationRepo(db);
  }

  /** An organisation the caller is a VALID member of (by default the current one). */
  async current(actor: Actor, organizationId: number, currentId: number | null = organizationId): Promise<OrganizationSummary> {
    const { org, me } = await requireMemberOf(this.orgs, organizationId, actor);
    return summaryOf(org, me.roleCode, currentId, await this.vipOf(org.id));
  }

  /** The user's personal organisation when they belong to none (the org list's needCreateOrg). */
  async ensurePersonal(userId: number, name: string): Promise<void> {
    if ((await this.orgs.listForUser(userId)).length === 0) await this.orgs.createPersonal(userId, name);
  }

  async list(userId: number, currentId: number | null): Promise<OrganizationSummary[]> {
    const list = await this.orgs.listForUser(userId);
    return Promise.all(list.map(async (o) => summaryOf(o, o.roleCode, currentId, await this.vipOf(o.id))));
  }

  /**
   * Creates a TEAM with the caller as its owner (SUPER_ADMIN) in one transaction. The code is
   * random; a code already taken — checked first, and caught again if another replica takes it in
   * between — is drawn again.
   */
  async create(actor: Actor & { name: string }, input: OrganizationCreate): Promise<{ id: number; teamCode: string }> {
    const name = requireName(input.name, actor.lang);
    if (!input.agree) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(actor.lang, 'MUST_AGREE'));
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const teamCode = this.newCode();
      if (await this.orgs.teamCodeTaken(teamCode)) continue;
      try {
        const id = await this.db.transaction().execute((tx) =>
          this.orgs.createTeam({ name, teamCode, area: input.area, industry: input.industry, creatorRole: input.role, ownerId: actor.userId, ownerName: actor.name }, tx),
        );
        return { id, teamCode };
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
      }
    }
    throw new Error(`No free team code after ${CODE_ATTEMPTS} attempts`);
  }

  async queryByTeamCode(raw: string, lang: Actor['lang']): Promise<{ id: number; name: string; avatar: string | null; teamCode: string }> {
    const org = await this.orgs.byTeamCode(parseTeamCode(raw, lang));
    if (!org) throw new AppError(400, ORGANIZATION_ERROR_CODES.INVALID_TEAM_CODE, orgMsg(lang, 'INVALID_TEAM_CODE'));
    return { id: org.id, name: org.name, avatar: org.avatar, teamCode: org.teamCode! };
  }

  /** Team settings: name and avatar; admins only. */
  async update(actor: Actor, organizationId: number, patch: { name?: string; avatar?: string | null }): Promise<OrganizationSummary> {
    const { org, me } = await requireMemberOf(this.orgs, organizationId, actor, ADMIN_ROLES);
    requireTeam(org, actor.lang);
    const avatar = patch.avatar === undefined || patch.avatar === null ? patch.avatar : checkAvatar(patch.avatar, actor.lang);
    const name = patch.name === undefined ? undefined : requireName(patch.name, actor.lang);
    await this.orgs.update(org.id, { name, avatar });
    return summaryOf((await this.orgs.get(org.id))!, me.roleCode, organizationId, await this.vipOf(org.id));
  }

  /** Makes another organisation current (the caller must be a VALID member); personal opens the workspace tab, a team the team tab. */
  async switchTo(actor: Actor, organizationId: number): Promise<SwitchOrgResult> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor);
    await this.orgs.setCurrent(actor.userId, org.id);
    return { organizationId: org.id, type: org.type, tab: org.type === 'PERSONAL' ? 'workspace' : 'team' };
  }
}
