/**
 * Who ran a statement, for the SQL audit: the route builds it from the request (user and current
 * organisation from req.ctx, client address from req.ip) and hands it to the services that run SQL,
 * so services never read the request themselves.
 */
import type { FastifyRequest } from 'fastify';

export interface AuditActor {
  userId: number;
  organizationId: number;
  clientIp: string | null;
}

/** The actor of a signed-in request; null when nobody is signed in (such requests run no SQL). */
export function auditActor(req: FastifyRequest): AuditActor | null {
  const user = req.ctx.user;
  const organizationId = req.ctx.organizationId;
  if (!user || organizationId == null) return null;
  return { userId: user.id, organizationId, clientIp: req.ip ?? null };
}
