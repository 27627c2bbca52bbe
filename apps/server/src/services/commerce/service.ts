/**
 * The commerce service of a deployment (one per store, like permissions()): catalogue, orders,
 * payments, subscriptions, usage. Its clock is injectable (`svc.clock = () => …`) so tests cover
 * the 15-minute payment window without waiting.
 */
import { COMMERCE_ERROR_CODES, type Language, type PaymentMethod } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { CommerceRepo } from '../../store/commerce.js';
import { entitlementOf, type Entitlement } from './entitlement.js';
import { commerceMsg } from './messages.js';
import { registerSeatGuard } from './seats.js';
import { buildProviders, type PaymentProvider } from './providers/index.js';

export type CommerceDeps = AppDeps;

export class CommerceService {
  readonly repo: CommerceRepo;
  readonly providers: Map<PaymentMethod, PaymentProvider>;
  /** Milliseconds since the epoch; replaced by tests. */
  clock: () => number = Date.now;
  /** Order ids cancelled by this process (tests count "once across replicas" with it). */
  readonly cancelledHere: number[] = [];
  /** When each open order was last asked about at its provider (status polling asks at most every 30 s). */
  readonly lastQueried = new Map<number, number>();

  constructor(readonly deps: CommerceDeps) {
    this.repo = new CommerceRepo(deps.store.db);
    this.providers = buildProviders(deps);
  }

  get billing(): boolean {
    return this.deps.config.billing.enabled;
  }
  nowIso(): string {
    return new Date(this.clock()).toISOString();
  }
  entitlement(organizationId: number | null): Promise<Entitlement> {
    return entitlementOf(this.repo, this.deps.config, organizationId, this.clock());
  }
  requireBilling(lang: Language): void {
    if (!this.billing) throw new AppError(404, COMMERCE_ERROR_CODES.BILLING_OFF, commerceMsg(lang, 'BILLING_OFF'));
  }
  /** The address browsers use: ASKDB_PUBLIC_URL, else the request's own origin. */
  baseUrl(req: FastifyRequest): string {
    const configured = this.deps.config.billing.publicUrl ?? this.deps.config.auth.publicUrl;
    if (configured) return configured;
    return `${req.protocol}://${req.host}`;
  }
}

const services = new WeakMap<object, CommerceService>();

export function commerce(deps: CommerceDeps): CommerceService {
  let s = services.get(deps.store);
  if (!s) {
    s = new CommerceService(deps);
    services.set(deps.store, s);
    registerSeatGuard(deps.store.db, s);
  }
  return s;
}
