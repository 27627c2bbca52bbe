/**
 * Every account and organisation call of the web app (issue 12), typed, in one place: the login page, the
 * header, settings and the team tab import from here, so a server shape change is adapted once.
 * Pinned shapes: shared/API.md "Accounts and organisations"; the others follow the server's route files.
 */
import type { CurrentUser, JoinRequestRow, LoginType, MemberRow, OrganizationSummary, Page, PasscodePurpose, RegistrationPolicy, RoleCode, SwitchOrgResult } from '@askdb/contracts';
import { api } from '../../lib/api';

export type { CurrentUser, JoinRequestRow, MemberRow, OrganizationSummary, Page };
export interface SessionInfo {
  id: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string | null;
}
export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface InvitationInfo {
  organizationId: number;
  name: string;
  avatar: string | null;
  alreadyMember: boolean;
}
export interface InviteLink {
  token: string;
  url: string;
  expiresAt: string;
  /** With an e-mail address: whether the mail went out (else `message` says why). */
  sent: boolean;
  message?: string;
}

/** `account` is an e-mail when it contains "@", else a phone number. */
export const isEmailAccount = (account: string) => account.includes('@');

export interface LoginOptions {
  mode: 'local' | 'server';
  providers: ('github' | 'google')[];
  wechat: 'CONFIGURED' | 'DEVELOPMENT' | null;
  emailPasscode: boolean;
  phonePasscode: boolean;
}

export const accountApi = {
  // ---- sign-in (routes/auth.ts)
  currentUser: () => api<CurrentUser>('/api/oauth/user_a'),
  login: (loginType: LoginType, account: string, secret: { password?: string; passcode?: string }) =>
    api<CurrentUser>('/api/oauth/login_a', { body: { loginType, account, ...secret } }),
  register: (input: { account: string; password: string; displayName: string; passcode?: string; inviteToken?: string }) =>
    api<CurrentUser>('/api/oauth/register_a', {
      body: {
        ...(isEmailAccount(input.account) ? { email: input.account } : { phone: input.account }),
        password: input.password,
        displayName: input.displayName,
        passcode: input.passcode || undefined,
        inviteToken: input.inviteToken,
      },
    }),
  logout: () => api<void>('/api/oauth/logout_a', { body: {} }),
  /** Sends a 6-digit passcode; answers the seconds to wait before the next one may be sent. */
  sendCode: async (account: string, purpose: PasscodePurpose = 'LOGIN'): Promise<number> => {
    const r = isEmailAccount(account)
      ? await api<unknown>('/api/user/send_sms_email', { query: { email: account, purpose } })
      : await api<unknown>('/api/user/send_sms', { query: { phone: account, purpose } });
    return resendSeconds(r);
  },
  resetPassword: (account: string, passcode: string, password: string) => api<void>('/api/oauth/reset_password', { body: { account, passcode, password } }),
  /** What the server's login page offers (issue 25 point 7: only these sign-in buttons show). */
  loginOptions: () => api<LoginOptions>('/api/oauth/login_options'),
  loginUrl: (provider: 'github' | 'google', redirect: string) => api<string | { url: string }>('/api/oauth/get_login_url', { query: { provider, redirect } }).then((r) => (typeof r === 'string' ? r : r.url)),
  wechatQr: () => api<{ ticket: string; qrUrl: string; expiresIn?: number }>('/api/oauth/wechat_qr_a'),
  wechatStatus: (ticket: string) =>
    api<string | { status: string }>('/api/oauth/wechat_login_a', { query: { ticket } }).then((r) => (typeof r === 'string' ? r : r.status)),

  // ---- the signed-in user (routes/account.ts)
  updateProfile: (input: { displayName?: string; avatar?: string | null }) => api<boolean>('/api/user/update_profile', { body: input }),
  changeEmail: (email: string, passcode: string) => api<CurrentUser>('/api/user/change_email', { body: { email, passcode } }),
  changePhone: (phone: string, passcode: string) => api<CurrentUser>('/api/user/change_phone', { body: { phone, passcode } }),
  changePassword: (oldPassword: string, newPassword: string) => api<void>('/api/user/change_password', { body: { oldPassword, newPassword } }),
  registrationPolicy: () => api<{ policy: RegistrationPolicy }>('/api/admin/registration'),
  setRegistrationPolicy: (policy: RegistrationPolicy) => api<{ policy: RegistrationPolicy }>('/api/admin/registration', { body: { policy } }),
  sessions: () => api<SessionInfo[]>('/api/user/sessions'),
  revokeSession: (id: string) => api<boolean>('/api/user/sessions/revoke', { body: { id } }),
  /** "Sign out everywhere", this session included. */
  revokeAllSessions: () => api<{ revoked: number }>('/api/user/sessions/revoke_all', { body: { includeCurrent: true } }),
  apiKeys: () => api<ApiKeyInfo[]>('/api/user/api_keys'),
  createApiKey: (name: string) => api<ApiKeyInfo & { key: string }>('/api/user/api_keys', { body: { name } }),
  revokeApiKey: (id: number) => api<void>(`/api/user/api_keys/${id}`, { method: 'DELETE' }),

  // ---- organisations (routes/organization.ts)
  organization: () => api<OrganizationSummary>('/api/organization'),
  organizations: () => api<OrganizationSummary[]>('/api/organization/list'),
  createTeam: (input: { name: string; area: string; industry: string; role: string; agree: boolean }) =>
    api<{ id: number; teamCode: string }>('/api/organization/create', { body: input }),
  queryByTeamCode: (teamCode: string) => api<{ id: number; name: string; avatar: string | null; teamCode: string }>('/api/organization/queryByTeamCode', { query: { teamCode } }),
  join: (input: { teamCode: string; name: string; reason?: string }) => api<{ approvalId: number }>('/api/organization/join', { body: input }),
  switchOrganization: (organizationId: number) => api<SwitchOrgResult>('/api/organization/switch_org', { body: { organizationId } }),
  updateOrganization: (input: { organizationId: number; name?: string; avatar?: string | null }) => api<void>('/api/organization/update', { body: input }),
  members: (q: { organizationId: number; pageNo: number; pageSize: number; searchKey?: string }) => api<Page<MemberRow>>('/api/organization/list_user', { query: q }),
  updateRole: (organizationId: number, userId: number, roleCode: RoleCode) => api<void>('/api/organization/update_user_role', { body: { organizationId, userId, roleCode } }),
  removeMember: (organizationId: number, userId: number) => api<void>('/api/organization/remove_user', { body: { organizationId, userId } }),
  transferOwner: (organizationId: number, userId: number) => api<void>('/api/organization/transfer_owner', { body: { organizationId, userId } }),
  joinRequests: (organizationId: number) => api<JoinRequestRow[]>('/api/organization/join_requests', { query: { organizationId } }),
  approveJoin: (id: number) => api<boolean>('/api/organization/join_requests/approve', { body: { id } }),
  rejectJoin: (id: number) => api<void>('/api/organization/join_requests/reject', { body: { id } }),
  inviteByEmail: (organizationId: number, email: string) => api<InviteLink>('/api/organization/invitation/create', { body: { organizationId, email } }),
  inviteLink: (organizationId: number) => api<InviteLink>('/api/organization/invitation/create', { body: { organizationId } }),
  invitation: (token: string) => api<InvitationInfo>('/api/organization/invitation', { query: { token } }),
  acceptInvitation: (input: { token: string; name: string; reason?: string }) => api<{ approvalId: number }>('/api/organization/invitation/accept', { body: input }),
};

/** The resend countdown from a send-code answer (`{ resendAfterSeconds, expiresInSeconds }`), else 60 s. */
export function resendSeconds(r: unknown): number {
  if (typeof r === 'number' && r > 0) return r;
  if (r && typeof r === 'object') {
    for (const k of ['resendAfterSeconds', 'resendAfter', 'countdown']) {
      const v = (r as Record<string, unknown>)[k];
      if (typeof v === 'number' && v > 0) return v;
    }
  }
  return 60;
}
