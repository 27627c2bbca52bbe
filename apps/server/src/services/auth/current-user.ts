/** `GET /api/oauth/user_a`: the signed-in user (server mode) or the implicit local user, as API.md pins it. */
import type { CurrentUser } from '@askdb/contracts';
import type { RequestContext } from '../../http/context.js';
import type { UserRepo } from '../../store/users.js';

export async function currentUser(users: UserRepo, ctx: RequestContext): Promise<CurrentUser | null> {
  if (!ctx.user) return null;
  const u = await users.get(ctx.user.id);
  if (!u) return null;
  return {
    id: u.id,
    displayName: u.name,
    email: u.email,
    phone: u.phone,
    avatar: u.avatar,
    activated: u.status === 'VALID',
    trialStartTime: u.trialStartTime,
    isOperator: u.isOperator,
    // Spec 01 §3 (issue 29 item 21): the user has not chosen to work without the network; nothing here turns it on.
    networkAbandoned: false,
    currentOrganization: ctx.organization
      ? { id: ctx.organization.id, name: ctx.organization.name, type: ctx.organization.type, roleCodes: ctx.role ? [ctx.role] : [], vip: ctx.vip ?? false }
      : null,
  };
}
