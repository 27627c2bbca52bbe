/**
 * Issuing activation codes (issue 15 point 1). Commerce calls this after a paid LOCAL product
 * order; the operator route and `npm run licence -w apps/server -- issue` call it without one.
 * Idempotent per order: a second call for the same order issues nothing new.
 */
import type { AppDeps } from '../../deps.js';
import { licenceServices } from './index.js';

export async function issueActivationCodes(
  deps: AppDeps,
  o: { orderId: number; organizationId: number; userId: number; count: number; validUntil: string | null; product?: string; price?: number | null; currency?: string | null },
): Promise<void> {
  await licenceServices(deps).authority.issue(o);
}
