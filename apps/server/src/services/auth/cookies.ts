/** The session cookie (contract): `askdb_session`, HttpOnly, SameSite=Lax, Path=/, Secure over https, 30 days. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'askdb_session';
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.protocol === 'https', maxAge: SESSION_MS / 1000 });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.protocol === 'https' });
}

export function sessionTokenOf(req: FastifyRequest): string | null {
  const v = req.cookies?.[SESSION_COOKIE];
  return typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v) ? v : null;
}

/** `Authorization: Bearer askdb_<43 base64url>`, or null. */
export function bearerKeyOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(askdb_[A-Za-z0-9_-]{43})\s*$/.exec(h);
  return m ? m[1]! : null;
}
