/**
 * Access rules: every route declares one (`access` in its RouteSpec) and one hook enforces it
 * before validation and the handler run. A route without a rule does not register.
 *
 * - public:     anyone, no login (system, sign-in, sign-up, OAuth callbacks).
 * - signedIn:   any signed-in user, in whatever organisation is current.
 * - admin:      ADMIN or SUPER_ADMIN of the current organisation.
 * - superAdmin: SUPER_ADMIN (the owner) of the current organisation.
 * - operator:   the deployment's operator (server settings, registration policy).
 * Grants narrower than these (a data source, a table) are checked by the services the handler calls.
 */
import { ERROR_CODES } from '@askdb/contracts';
import { AppError } from './errors.js';
import type { RequestContext } from './context.js';
import { msg } from './messages.js';

export const ACCESS_RULES = ['public', 'signedIn', 'admin', 'superAdmin', 'operator'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** Throws the refusal a user sees when the context does not satisfy the rule: 401 without a login, 403 without the role. */
export function enforceAccess(rule: AccessRule, ctx: RequestContext): void {
  if (rule === 'public') return;
  if (!ctx.user) throw new AppError(401, ERROR_CODES.NEED_LOGGED_IN, msg(ctx.lang, 'NEED_LOGGED_IN'));
  if (rule === 'signedIn') return;
  if (rule === 'operator') {
    if (!ctx.user.isOperator) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, msg(ctx.lang, 'PERMISSION_DENIED'));
    return;
  }
  const ok = rule === 'admin' ? ctx.role === 'ADMIN' || ctx.role === 'SUPER_ADMIN' : ctx.role === 'SUPER_ADMIN';
  if (!ok) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, msg(ctx.lang, 'PERMISSION_DENIED'));
}
