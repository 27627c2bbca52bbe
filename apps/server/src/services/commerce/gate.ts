/**
 * The gate (issue 14 point 1): with billing on, every signed-in request gets its organisation's
 * edition in `req.ctx.edition` (and `vip`), routes of GATED_ROUTES answer 403
 * FREE_TRIAL_USAGE_LIMIT when the plan lacks their feature (except the read-only views of
 * LOCKED_READS, answered empty), and creating a connection beyond the
 * plan's count is refused. Billing off: nothing here runs (every feature unlocked).
 */
import { GATED_ROUTES, LOCKED_READS, type Page } from '@askdb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceService } from './service.js';
import type { AppDeps } from '../../deps.js';
import { assertLocalFeature } from '../licence/index.js';
import { requireFeature, usageLimitError } from './usage.js';

/** Routes that add a connection (counted against the plan's connections). */
export const CONNECTION_CREATING_ROUTES = new Set(['POST /api/connection/datasource/create', 'POST /api/connection/datasource/clone']);

/** What the gate answers instead of the route (LOCKED_READS), or nothing (the route runs). */
export type GateAnswer = { answer: Page<never> | { count: 0 } } | undefined;

function emptyAnswer(kind: 'page' | 'count', req: FastifyRequest): GateAnswer {
  if (kind === 'count') return { answer: { count: 0 } };
  const q = (req.query ?? {}) as Record<string, unknown>;
  const int = (v: unknown, d: number) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return { answer: { data: [], pageNo: int(q.pageNo, 1), pageSize: int(q.pageSize, 20), total: 0, hasNextPage: false } };
}

export async function gateRequest(svc: CommerceService, req: FastifyRequest): Promise<GateAnswer> {
  const ctx = req.ctx;
  if (!svc.billing || !ctx?.user || ctx.organizationId === null) return;
  const ent = await svc.entitlement(ctx.organizationId);
  ctx.edition = ent.edition;
  ctx.vip = ent.vip;
  const url = req.routeOptions.url ?? '';
  const gated = GATED_ROUTES.find((g) => url.startsWith(g.prefix));
  if (gated && !ent.features.includes(gated.feature)) {
    // Read-only views the web loads with every page: empty rather than the pricing modal (LOCKED_READS).
    const locked = LOCKED_READS[`${req.method} ${url}`];
    const personal = ctx.organization?.type === 'PERSONAL';
    if (locked === 'count') return emptyAnswer('count', req);
    if (locked === 'page' && personal) return emptyAnswer('page', req);
    if (locked === 'own' && personal) return undefined;
    requireFeature(ent, gated.feature, ctx.lang);
  }
  const limit = ent.limits.connections;
  if (limit !== null && CONNECTION_CREATING_ROUTES.has(`${req.method} ${url}`) && (await svc.repo.dataSourceCount(ctx.organizationId)) >= limit) {
    throw usageLimitError(ctx.lang, 'CONNECTION_LIMIT', ent, { limit: 'connections', max: limit }, { limit });
  }
}

/**
 * Local mode (billing is always off there): the routes of GATED_ROUTES whose feature the offline edition
 * sells (LOCAL_LICENSED_FEATURES) need the install's trial or licence — OFFLINE_TRIAL_EXPIRED /
 * OFFLINE_LICENSE_EXPIRED otherwise. No route of the core loop is in GATED_ROUTES.
 */
export async function gateLocalRequest(deps: AppDeps, req: FastifyRequest): Promise<void> {
  const url = req.routeOptions.url ?? '';
  const gated = GATED_ROUTES.find((g) => url.startsWith(g.prefix));
  if (gated) await assertLocalFeature(deps, gated.feature, req.ctx?.lang ?? 'en-US');
}

/** Registers the gate (after the identity/access hook of app.ts: hooks run in the order added). */
export function registerGate(app: FastifyInstance, svc: CommerceService): void {
  if (svc.deps.config.mode === 'local') {
    app.addHook('onRequest', async (req) => {
      if (req.routeOptions.config?.access) await gateLocalRequest(svc.deps, req);
    });
    return;
  }
  if (!svc.billing) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.config?.access) return;
    const r = await gateRequest(svc, req);
    if (r) return reply.send({ success: true, data: r.answer });
  });
}
