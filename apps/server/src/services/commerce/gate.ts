/**
 * The gate (issue 14 point 1): with billing on, every signed-in request gets its organisation's
 * edition in `req.ctx.edition` (and `vip`), routes of GATED_ROUTES answer 403
 * FREE_TRIAL_USAGE_LIMIT when the plan lacks their feature, and creating a connection beyond the
 * plan's count is refused. Billing off: nothing here runs (every feature unlocked).
 */
import { GATED_ROUTES } from '@askdb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceService } from './service.js';
import { requireFeature, usageLimitError } from './usage.js';

/** Routes that add a connection (counted against the plan's connections). */
export const CONNECTION_CREATING_ROUTES = new Set(['POST /api/connection/datasource/create', 'POST /api/connection/datasource/clone']);

export async function gateRequest(svc: CommerceService, req: FastifyRequest): Promise<void> {
  const ctx = req.ctx;
  if (!svc.billing || !ctx?.user || ctx.organizationId === null) return;
  const ent = await svc.entitlement(ctx.organizationId);
  ctx.edition = ent.edition;
  ctx.vip = ent.vip;
  const url = req.routeOptions.url ?? '';
  const gated = GATED_ROUTES.find((g) => url.startsWith(g.prefix));
  if (gated) requireFeature(ent, gated.feature, ctx.lang);
  const limit = ent.limits.connections;
  if (limit !== null && CONNECTION_CREATING_ROUTES.has(`${req.method} ${url}`) && (await svc.repo.dataSourceCount(ctx.organizationId)) >= limit) {
    throw usageLimitError(ctx.lang, 'CONNECTION_LIMIT', ent, { limit: 'connections', max: limit }, { limit });
  }
}

/** Registers the gate (after the identity/access hook of app.ts: hooks run in the order added). */
export function registerGate(app: FastifyInstance, svc: CommerceService): void {
  if (!svc.billing) return;
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.config?.access) return;
    await gateRequest(svc, req);
  });
}
