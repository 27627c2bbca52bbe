/**
 * The request context: who is asking, in which organisation, with which role and edition, in
 * which language. One hook fills it for every request (`req.ctx`) through the ContextResolver
 * (services/auth in server mode, the implicit local user in local mode); routes and services
 * read it and never look at cookies or headers themselves.
 */
import type { Edition, Language, OrganizationType, RoleCode } from '@askdb/contracts';
import { pickLanguage } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { Freshness } from '../store/change-feed.js';

export interface RequestUser {
  id: number;
  name: string;
  /** The user's role in the current organisation. */
  roleCode: RoleCode;
  /** ADMIN or SUPER_ADMIN of the current organisation (always true in local mode). */
  isAdmin: boolean;
  /** The deployment's operator (first account, or ASKDB_OPERATOR_EMAIL); local mode's user is one. */
  isOperator: boolean;
}
export interface RequestOrganization {
  id: number;
  type: OrganizationType;
  name: string;
}
export type AuthKind = 'none' | 'local' | 'session' | 'apiKey';

export interface RequestContext {
  user: RequestUser | null;
  organization: RequestOrganization | null;
  /** Same as organization?.id; kept for the handlers that only need the id. */
  organizationId: number | null;
  role: RoleCode | null;
  edition: Edition;
  /** Billing on: the organisation has a paid subscription in force (services/commerce/gate.ts). */
  vip?: boolean;
  lang: Language;
  auth: { kind: AuthKind; sessionId?: string; apiKeyId?: number };
  /**
   * Server mode's read cache had caught up with the store after this request began (store/read-cache.ts):
   * the request's later cached reads (data source, grants) need no round trip of their own.
   */
  fresh?: Freshness | null;
}

/** Resolves the identity part of the context from a request (cookie, bearer key, or the local user). */
export interface ContextResolver {
  resolve(req: FastifyRequest): Promise<Omit<RequestContext, 'lang'>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Local mode's implicit user and its personal organisation (created on first run, ids 1). */
export const LOCAL_USER: RequestUser = { id: 1, name: 'local', roleCode: 'SUPER_ADMIN', isAdmin: true, isOperator: true };
export const LOCAL_ORGANIZATION: RequestOrganization = { id: 1, type: 'PERSONAL', name: 'local' };

export function anonymousContext(edition: Edition): Omit<RequestContext, 'lang'> {
  return { user: null, organization: null, organizationId: null, role: null, edition, auth: { kind: 'none' } };
}

export function languageOf(req: FastifyRequest): Language {
  const q = (req.query as Record<string, unknown> | undefined)?.language;
  return pickLanguage(typeof q === 'string' ? q : req.headers['accept-language']);
}

/** The user of a request that must be logged in (handlers call this; the access hook already refused anonymous requests). */
export function requireUser(req: FastifyRequest): RequestUser {
  if (!req.ctx.user) throw Object.assign(new Error('Please log in'), { statusCode: 401 });
  return req.ctx.user;
}

/** The current organisation of a signed-in request. */
export function requireOrganization(req: FastifyRequest): RequestOrganization {
  requireUser(req);
  if (!req.ctx.organization) throw Object.assign(new Error('Please log in'), { statusCode: 401 });
  return req.ctx.organization;
}
