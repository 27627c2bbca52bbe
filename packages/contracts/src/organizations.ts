/**
 * Organisations, members, join requests and invitations (spec 02 §2 "Team area", §3
 * "Organization", §4, §6; API.md "Accounts and organisations"). Formats that carry a message the
 * user reads (the 8-digit team code, the agreement) are checked by the server so the message is in
 * the user's language; the schemas here only bound sizes and types.
 */
import { z } from 'zod';
import type { MemberStatus, OrganizationType, RoleCode } from './enums.js';
import { ROLE_CODES } from './enums.js';

export const ORGANIZATION_LIMITS = {
  teamCodeDigits: 8,
  /** Avatar: JPG, GIF or PNG under 1 MB (spec 02 §5). */
  avatarBytes: 1024 * 1024,
  name: 255,
  reason: 1000,
  /** An invite link stays valid this long. */
  inviteDays: 7,
} as const;

/** Error codes of this area (additive to ERROR_CODES). */
export const ORGANIZATION_ERROR_CODES = {
  INVALID_TEAM_CODE: 'INVALID_TEAM_CODE',
  ALREADY_MEMBER: 'ALREADY_MEMBER',
  JOIN_PENDING: 'JOIN_PENDING',
  INVALID_INVITATION: 'INVALID_INVITATION',
  AVATAR_TOO_LARGE: 'AVATAR_TOO_LARGE',
  AVATAR_TYPE: 'AVATAR_TYPE',
  NOT_A_MEMBER: 'NOT_A_MEMBER',
  OWNER_PROTECTED: 'OWNER_PROTECTED',
} as const;

/** Required, but checked by the server so that an empty name is refused in the user's language. */
const Name = z.string().trim().max(ORGANIZATION_LIMITS.name);
const OrgId = z.coerce.number().int().positive();

/** The current organisation (GET /api/organization) and each entry of GET /api/organization/list. */
export interface OrganizationSummary {
  id: number;
  type: OrganizationType;
  name: string;
  /** The caller's role(s) in it (one today). */
  roleCodes: RoleCode[];
  vip: boolean;
  teamCode: string | null;
  avatar: string | null;
  /** The spec's name of `avatar` (02 §3 Organization; issue 29 item 21): the same value. */
  organizationAvatar?: string | null;
  area: string | null;
  industry: string | null;
  ownerId: number;
  current: boolean;
}

/** A row of the members table (GET /api/organization/list_user). */
export interface MemberRow {
  userId: number;
  name: string;
  roleCode: RoleCode;
  status: MemberStatus;
  gmtModified: string;
  email: string | null;
  isOwner: boolean;
}

/** A pending request to join (GET /api/organization/join_requests) until approvals exist (issue 13). */
export interface JoinRequestRow {
  id: number;
  userId: number;
  name: string;
  reason: string | null;
  via: 'CODE' | 'INVITE';
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'REVOKED';
  email: string | null;
  gmtCreate: string;
}

export const OrganizationCreate = z.object({
  name: Name.default(''),
  area: z.string().trim().max(255).default(''),
  industry: z.string().trim().max(255).default(''),
  /** The creator's role in their company (free text, spec 02 §2 create form). */
  role: z.string().trim().max(255).default(''),
  /** Agreement to the service terms and the organisation terms: must be true. */
  agree: z.boolean().default(false),
});
export type OrganizationCreate = z.infer<typeof OrganizationCreate>;

export const TeamCodeQuery = z.object({ teamCode: z.string().max(64).default('') });

export const OrganizationJoin = z.object({
  teamCode: z.string().max(64),
  name: Name.default(''),
  reason: z.string().trim().max(ORGANIZATION_LIMITS.reason).optional(),
});

export const MemberListQuery = z.object({
  organizationId: OrgId.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  searchKey: z.string().max(255).optional(),
});

export const MemberRoleUpdate = z.object({ organizationId: OrgId, userId: OrgId, roleCode: z.enum(ROLE_CODES) });
export const MemberRef = z.object({ organizationId: OrgId, userId: OrgId });
export const OrganizationRef = z.object({ organizationId: OrgId });

/** POST /api/organization/update: name and/or avatar (a data: URL of a JPG, GIF or PNG, or null to remove it). */
export const OrganizationUpdate = z.object({
  organizationId: OrgId.optional(),
  name: Name.optional(),
  avatar: z.string().max(8 * ORGANIZATION_LIMITS.avatarBytes).nullable().optional(),
});

export const JoinRequestQuery = z.object({
  organizationId: OrgId.optional(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'REVOKED']).default('PENDING'),
});
export const JoinRequestDecision = z.object({ id: OrgId });

/** Invite link (no e-mail) or invitation by e-mail. */
export const InvitationCreate = z.object({
  organizationId: OrgId.optional(),
  email: z.string().trim().email().max(255).optional(),
});
export const InvitationQuery = z.object({ token: z.string().min(16).max(128) });
export const InvitationAccept = z.object({
  token: z.string().min(16).max(128),
  name: Name.default(''),
  reason: z.string().trim().max(ORGANIZATION_LIMITS.reason).optional(),
});

/** What POST switch_org answers: the main tab to open (spec 02 §4). */
export interface SwitchOrgResult {
  organizationId: number;
  type: OrganizationType;
  tab: 'workspace' | 'team';
}
