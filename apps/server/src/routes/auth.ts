/** Sign-in, registration and passcodes (API.md "Accounts and organisations"): thin handlers over services/auth. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_ERROR_CODES, ERROR_CODES, loginBody, registerBody, resetPasswordBody, sendEmailPasscodeQuery, sendPhonePasscodeQuery, type PasscodePurpose } from '@askdb/contracts';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { authServices } from '../services/auth/index.js';
import { currentUser } from '../services/auth/current-user.js';
import { authError } from '../services/auth/errors.js';
import { authMsg } from '../services/auth/messages.js';
import type { Channel } from '../services/auth/passcodes.js';
import oauthRoutes from './oauth.js';
import { slidSessions } from '../services/auth/session-identity.js';
import { SESSION_COOKIE, setSessionCookie } from '../services/auth/cookies.js';

export default function authRoutes(app: FastifyInstance, deps: AppDeps) {
  oauthRoutes(app, deps);
  // 429 TOO_MANY_ATTEMPTS carries the seconds to wait in errorDetail; browsers and scripts also get Retry-After.
  // A session that slid forward gets its cookie's 30 days renewed (unless this answer already sets or clears it).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 429 && typeof payload === 'string') {
      const seconds = /"errorDetail":"(\d+)"/.exec(payload)?.[1];
      if (seconds) reply.header('retry-after', seconds);
    }
    const token = slidSessions.get(req);
    if (token && !String(reply.getHeader('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`)) setSessionCookie(req, reply, token);
    return payload;
  });
  const auth = authServices(deps);
  const tag = 'Accounts';
  const serverOnly = (req: FastifyRequest) => {
    if (deps.config.mode === 'local') throw authError(400, ERROR_CODES.UNSUPPORTED, req.ctx.lang, 'NOT_IN_LOCAL_MODE');
  };

  defineRoute(app, { access: 'public', method: 'POST', url: '/api/oauth/register_a', summary: 'Register with e-mail or phone and a password; signs in', tag, body: registerBody }, async ({ body }, req, reply) => {
    serverOnly(req);
    const id = await auth.registration.register(body, req.ctx.lang, req.log);
    await auth.signIn.startSession(id, req, reply);
    return currentUser(auth.signIn.users, { ...(await auth.contextFor(id, { kind: 'session' })), lang: req.ctx.lang });
  });

  defineRoute(app, { access: 'public', method: 'POST', url: '/api/oauth/login_a', summary: 'Sign in with a password or a passcode; sets the session cookie', tag, body: loginBody }, async ({ body }, req, reply) => {
    serverOnly(req);
    const user = await auth.signIn.login(body, req, reply);
    return currentUser(auth.signIn.users, { ...(await auth.contextFor(user.id, { kind: 'session' })), lang: req.ctx.lang });
  });

  defineRoute(app, { access: 'public', method: 'POST', url: '/api/oauth/logout_a', summary: 'Sign out this session', tag }, async (_input, req, reply) => {
    await auth.signIn.logout(req, reply);
    return true;
  });

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/login_options', summary: 'What the login page offers: mode, GitHub/Google, WeChat, passcode senders, registration policy', tag }, async () => {
    const { policy } = await auth.registration.policy();
    const { oidc, wechatDev } = deps.config.auth;
    return {
      mode: deps.config.mode,
      providers: (['github', 'google'] as const).filter((p) => !!oidc[p]),
      wechat: auth.wechatDev ? (wechatDev ? 'DEVELOPMENT' : null) : 'CONFIGURED',
      emailPasscode: auth.passcodes.hasSender('email'),
      phonePasscode: auth.passcodes.hasSender('phone'),
      registration: policy,
    };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/oauth/user_a', summary: 'The signed-in user and current organisation', tag }, async (_input, req) => {
    return currentUser(auth.signIn.users, req.ctx);
  });

  const sendPasscode = async (channel: Channel, target: string, purpose: PasscodePurpose, req: FastifyRequest) => {
    serverOnly(req);
    const lang = req.ctx.lang;
    await auth.limiter.hit('passcodeSend', `${channel}:${target}`, req.ip, lang);
    const existing = await auth.signIn.users.byAccount(channel, target);
    if (purpose === 'REGISTER' || purpose === 'CHANGE') {
      // Taken addresses are refused here too (registration says so anyway).
      if (existing) throw authError(409, AUTH_ERROR_CODES.ACCOUNT_EXISTS, lang, 'ACCOUNT_EXISTS', { what: authMsg(lang, channel === 'email' ? 'WHAT_EMAIL' : 'WHAT_PHONE') });
      return auth.passcodes.send(channel, target, purpose, lang, req.log);
    }
    // LOGIN / RESET to an unknown account: the same answer, nothing sent (no account enumeration).
    return auth.passcodes.send(channel, target, purpose, lang, req.log, !!existing && existing.status === 'VALID');
  };
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/user/send_sms_email', summary: 'Send a 6-digit passcode by e-mail → { resendAfterSeconds, expiresInSeconds }', tag, query: sendEmailPasscodeQuery }, async ({ query }, req) =>
    sendPasscode('email', query.email, query.purpose, req),
  );
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/user/send_sms', summary: 'Send a 6-digit passcode by SMS → { resendAfterSeconds, expiresInSeconds }', tag, query: sendPhonePasscodeQuery }, async ({ query }, req) =>
    sendPasscode('phone', query.phone, query.purpose, req),
  );

  defineRoute(app, { access: 'public', method: 'POST', url: '/api/oauth/reset_password', summary: 'Set a new password with a RESET passcode; signs out every session', tag, body: resetPasswordBody }, async ({ body }, req) => {
    serverOnly(req);
    await auth.signIn.resetPassword(body.account, body.passcode, body.password, req);
    return true;
  });
}
