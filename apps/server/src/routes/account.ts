/**
 * Account settings (issue 12 point 5) and the operator's registration policy. Local mode: profile
 * and API keys work for the implicit user; e-mail, phone, password and sessions are server mode's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeEmailBody, changePasswordBody, changePhoneBody, createApiKeyBody, ERROR_CODES, registrationPolicyBody, updateProfileBody } from '@askdb/contracts';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { authServices } from '../services/auth/index.js';
import { authError } from '../services/auth/errors.js';

export default function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = authServices(deps);
  const tag = 'Account';
  const serverOnly = (req: FastifyRequest) => {
    if (deps.config.mode === 'local') throw authError(400, ERROR_CODES.UNSUPPORTED, req.ctx.lang, 'NOT_IN_LOCAL_MODE');
  };

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/update_profile', summary: 'Display name and avatar (data URL of a JPG/GIF/PNG under 1 MB; null removes it)', tag, body: updateProfileBody, bodyLimit: 2 * 1024 * 1024 }, async ({ body }, req) => {
    await auth.settings.updateProfile(requireUser(req).id, body, req.ctx.lang);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/change_email', summary: 'New e-mail, with the CHANGE passcode sent to it', tag, body: changeEmailBody }, async ({ body }, req) => {
    serverOnly(req);
    await auth.limiter.hit('passcodeVerify', `email:${body.email}`, req.ip, req.ctx.lang);
    await auth.settings.changeAccount(requireUser(req).id, 'email', body.email, body.passcode, req.ctx.lang);
    return true;
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/change_phone', summary: 'New phone, with the CHANGE passcode sent to it', tag, body: changePhoneBody }, async ({ body }, req) => {
    serverOnly(req);
    await auth.limiter.hit('passcodeVerify', `phone:${body.phone}`, req.ip, req.ctx.lang);
    await auth.settings.changeAccount(requireUser(req).id, 'phone', body.phone, body.passcode, req.ctx.lang);
    return true;
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/change_password', summary: 'New password given the current one; signs out the other sessions', tag, body: changePasswordBody }, async ({ body }, req) => {
    serverOnly(req);
    const user = requireUser(req);
    await auth.limiter.hit('login', `user:${user.id}`, req.ip, req.ctx.lang);
    await auth.signIn.changePassword(user.id, body.oldPassword, body.newPassword, req.ctx.lang, req.ctx.auth.sessionId);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/user/sessions', summary: 'My signed-in sessions (device, address, created, last seen, current)', tag }, async (_i, req) =>
    auth.settings.listSessions(requireUser(req).id, req.ctx.auth.sessionId),
  );
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/sessions/revoke', summary: 'Sign out one session', tag, body: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) }) }, async ({ body }, req) => {
    await auth.settings.revokeSession(requireUser(req).id, body.id, req.ctx.lang);
    return true;
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/sessions/revoke_all', summary: 'Sign out everywhere: every other session, or all with includeCurrent', tag, body: z.object({ includeCurrent: z.boolean().default(false) }) }, async ({ body }, req, reply) => {
    const keep = body.includeCurrent ? undefined : req.ctx.auth.sessionId;
    const count = await auth.settings.revokeAllSessions(requireUser(req).id, keep);
    if (body.includeCurrent) await auth.signIn.logout(req, reply);
    return { revoked: count };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/user/api_keys', summary: 'My API keys (name, prefix, created, last used)', tag }, async (_i, req) => auth.settings.listApiKeys(requireUser(req).id));
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/user/api_keys', summary: 'Create an API key → { id, name, prefix, key } (the key is shown only this once)', tag, body: createApiKeyBody }, async ({ body }, req) =>
    auth.settings.createApiKey(requireUser(req).id, body.name),
  );
  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/user/api_keys/:id', summary: 'Revoke an API key', tag, params: z.object({ id: z.coerce.number().int().positive() }) }, async ({ params }, req) => {
    await auth.settings.revokeApiKey(requireUser(req).id, params.id, req.ctx.lang);
    return true;
  });

  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/admin/registration', summary: 'Registration policy (OPEN, INVITE_ONLY, CLOSED) and where it comes from', tag }, async () => auth.registration.policy());
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/admin/registration', summary: 'Set the registration policy (overrides ASKDB_REGISTRATION)', tag, body: registrationPolicyBody }, async ({ body }) => {
    await auth.registration.setPolicy(body.policy);
    return auth.registration.policy();
  });
}
