/**
 * Who may act on which organisation: the caller must be a VALID member of it, with the role the
 * action needs (spec 02 §6). Another organisation's id answers 403, never its data.
 */
import { ERROR_CODES, ORGANIZATION_ERROR_CODES, type Language, type RoleCode } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { msg } from '../../http/messages.js';
import type { OrganizationRecord, OrganizationRepo, MembershipRecord } from '../../store/organizations.js';
import { orgMsg } from './messages.js';

export const ADMIN_ROLES: readonly RoleCode[] = ['ADMIN', 'SUPER_ADMIN'];
export const OWNER_ROLES: readonly RoleCode[] = ['SUPER_ADMIN'];

export interface Actor {
  userId: number;
  lang: Language;
}

export async function requireMemberOf(orgs: OrganizationRepo, organizationId: number, actor: Actor, roles?: readonly RoleCode[]): Promise<{ org: OrganizationRecord; me: MembershipRecord }> {
  const org = await orgs.get(organizationId);
  const me = org ? await orgs.membership(org.id, actor.userId) : null;
  if (!org || !me || me.status !== 'VALID') throw new AppError(403, ORGANIZATION_ERROR_CODES.NOT_A_MEMBER, orgMsg(actor.lang, 'NOT_A_MEMBER'));
  if (roles && !roles.includes(me.roleCode)) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, msg(actor.lang, 'PERMISSION_DENIED'));
  return { org, me };
}

export function requireTeam(org: OrganizationRecord, lang: Language): void {
  if (org.type === 'PERSONAL') throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(lang, 'NOT_A_TEAM'));
}

/** A required name (team name, the name a member gives), or the localized refusal. */
export function requireName(name: string | undefined, lang: Language): string {
  const n = name?.trim() ?? '';
  if (!n) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(lang, 'NAME_REQUIRED'));
  return n;
}

/** The 8-digit team code a user typed, or the localized refusal. */
export function parseTeamCode(raw: string, lang: Language): string {
  const code = raw.trim();
  if (!/^\d{8}$/.test(code)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, orgMsg(lang, 'TEAM_CODE_FORMAT'));
  return code;
}
