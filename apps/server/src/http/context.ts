/**
 * The request context: who is asking and in which organization and language. Every route reads it
 * (`req.ctx`), so login and permissions plug in here without touching handlers.
 */
import type { Language, RoleCode } from '@askdb/contracts';
import { pickLanguage } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';

export interface RequestUser {
  id: number;
  name: string;
  roleCode: RoleCode;
  isAdmin: boolean;
}
export interface RequestContext {
  user: RequestUser | null;
  organizationId: number | null;
  lang: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export const LOCAL_USER: RequestUser = { id: 1, name: 'local', roleCode: 'SUPER_ADMIN', isAdmin: true };

export function languageOf(req: FastifyRequest): Language {
  const q = (req.query as Record<string, unknown> | undefined)?.language;
  return pickLanguage(typeof q === 'string' ? q : req.headers['accept-language']);
}

/** The user of a request that must be logged in (handlers call this; server mode without a session already got 401). */
export function requireUser(req: FastifyRequest): RequestUser {
  if (!req.ctx.user) throw Object.assign(new Error('Please log in'), { statusCode: 401 });
  return req.ctx.user;
}
