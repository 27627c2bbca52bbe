/**
 * Local mode on a non-loopback address (issue 24 point 3): the local user is an implicit admin, so
 * anyone on the network could run SQL. Every request must carry the start-up token (config
 * `accessToken`), as notebook servers do: opened once as `/?token=…` (the URL printed at start), it
 * becomes an HttpOnly, SameSite=Strict cookie and the browser is sent to the same page without it;
 * scripts may send it as the `X-AskDB-Token` header instead.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, defineMessages, translate } from '@askdb/contracts';
import type { AppConfig } from '../config.js';
import { languageOf } from './context.js';

export const TOKEN_COOKIE = 'askdb_token';
export const TOKEN_HEADER = 'x-askdb-token';

const messages = defineMessages({
  TOKEN_REQUIRED: {
    'en-US': 'This AskDB listens on the network and needs its access token: open the address with ?token=… that AskDB printed when it started.',
    'zh-CN': '此 AskDB 在网络上监听，需要访问令牌：请打开 AskDB 启动时打印的带 ?token=… 的地址。',
    'ja-JP': 'この AskDB はネットワーク上で待ち受けているため、アクセストークンが必要です。AskDB の起動時に表示された ?token=… 付きのアドレスを開いてください。',
  },
});

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

export function registerLocalToken(app: FastifyInstance, config: Pick<AppConfig, 'accessToken'>): void {
  const token = config.accessToken;
  if (!token) return;
  const expected = digest(token);
  const matches = (given: unknown) => typeof given === 'string' && given.length > 0 && crypto.timingSafeEqual(digest(given), expected);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://askdb.invalid');
    const fromQuery = url.searchParams.get('token');
    if (fromQuery !== null && matches(fromQuery)) {
      reply.setCookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/' });
      if (req.method === 'GET' && !url.pathname.startsWith('/api/')) {
        url.searchParams.delete('token');
        reply.redirect(url.pathname + url.search, 302);
        return reply;
      }
      return;
    }
    if (matches(req.cookies?.[TOKEN_COOKIE]) || matches(req.headers[TOKEN_HEADER])) return;
    const text = translate(messages, 'TOKEN_REQUIRED', languageOf(req));
    if (url.pathname.startsWith('/api/')) {
      reply.code(401).send({ success: false, errorCode: ERROR_CODES.NEED_LOGGED_IN, errorMessage: text });
    } else {
      reply.code(401).type('text/plain; charset=utf-8').send(text);
    }
    return reply;
  });
}
