/** GitHub / Google sign-in (OpenID Connect, OAuth 2) and WeChat scan: thin handlers over services/auth. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { authServices } from '../services/auth/index.js';
import { authError } from '../services/auth/errors.js';
import { OAUTH_PROVIDERS } from '../services/auth/oauth.js';

export default function oauthRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = authServices(deps);
  const tag = 'Accounts';
  const base = (req: FastifyRequest) => deps.config.auth.publicUrl ?? `${req.protocol}://${req.host}`;
  const redirectUri = (req: FastifyRequest, provider: string) => `${base(req)}/api/oauth/callback/${provider}`;
  const serverOnly = (req: FastifyRequest) => {
    if (deps.config.mode === 'local') throw authError(400, ERROR_CODES.UNSUPPORTED, req.ctx.lang, 'NOT_IN_LOCAL_MODE');
  };

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/get_login_url', summary: "The provider's sign-in URL (PKCE, state and nonce kept in the store); `redirect` is a same-site path to return to", tag, query: z.object({ provider: z.enum(OAUTH_PROVIDERS), redirect: z.string().max(2000).optional() }) }, async ({ query }, req) => {
    serverOnly(req);
    return auth.oauth.loginUrl(query.provider, query.redirect, redirectUri(req, query.provider), req.ctx.lang);
  });

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/callback/:provider', summary: 'The provider returns here: signs in (or registers) and redirects to the saved path; a failure goes to /login?oauthError=…&message=…', tag, params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }), raw: { contentType: 'text/html' } }, async ({ params }, req, reply) => {
    try {
      serverOnly(req);
      const current = new URL(req.url, base(req));
      const { userId, redirect } = await auth.oauth.callback(params.provider, current, req.ctx.lang, req.log);
      const user = await auth.signIn.users.get(userId);
      if (!user || user.status !== 'VALID') throw authError(403, 'ACCOUNT_DISABLED', req.ctx.lang, 'ACCOUNT_DISABLED');
      await auth.signIn.startSession(userId, req, reply);
      return reply.redirect(redirect, 302);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return reply.redirect(`/login?oauthError=${encodeURIComponent(e.errorCode)}&message=${encodeURIComponent(e.message)}`, 302);
    }
  });

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/wechat_qr_a', summary: 'A WeChat scan ticket and its QR code (data: URL)', tag }, async (_i, req) => {
    serverOnly(req);
    return auth.wechat.qr();
  });

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/wechat_login_a', summary: 'Poll a WeChat ticket: WAITING | SCANNED | CONFIRMED (sets the session cookie) | EXPIRED', tag, query: z.object({ ticket: z.string().min(1).max(128) }) }, async ({ query }, req, reply) => {
    serverOnly(req);
    const r = await auth.wechat.poll(query.ticket);
    if (r.status === 'CONFIRMED' && r.userId !== undefined) await auth.signIn.startSession(r.userId, req, reply);
    return { status: r.status };
  });

  defineRoute(app, { access: 'public', method: 'POST', url: '/api/oauth/wechat_dev_confirm', summary: "Development only (ASKDB_WECHAT_DEV=1): play the phone's scan / confirm step for a ticket as WeChat user openId", tag, body: z.object({ ticket: z.string().min(1).max(128), step: z.enum(['scan', 'confirm']), openId: z.string().min(1).max(128).default('dev-openid'), name: z.string().trim().min(1).max(64).default('WeChat user') }) }, async ({ body }, req) => {
    serverOnly(req);
    if (!deps.config.auth.wechatDev || !auth.wechatDev) throw authError(403, ERROR_CODES.PERMISSION_DENIED, req.ctx.lang, 'WECHAT_DEV_ONLY');
    const userId = body.step === 'confirm' ? await auth.wechat.userFor(body.openId, body.name, req.ctx.lang) : undefined;
    if (!(await auth.wechatDev.step(body.ticket, body.step, userId))) throw authError(400, ERROR_CODES.INVALID_PARAMS, req.ctx.lang, 'WECHAT_TICKET_UNKNOWN');
    return true;
  });
}
