/**
 * Brute-force limits (issue 12): fixed windows counted in the app store (store/rate-limits.ts), so
 * every replica refuses the same attempt. Each action is limited per account and per client address;
 * every attempt counts (a success too), which keeps the check one atomic increment.
 */
import type { Language } from '@askdb/contracts';
import type { RateLimitRepo } from '../../store/rate-limits.js';
import { TooManyAttempts } from './errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}
export type LimitedAction = 'login' | 'passcodeSend' | 'passcodeVerify';

export const DEFAULT_LIMITS: Record<LimitedAction, { account: Limit; address: Limit }> = {
  login: { account: { max: 10, windowMs: 15 * 60_000 }, address: { max: 100, windowMs: 15 * 60_000 } },
  passcodeSend: { account: { max: 10, windowMs: 60 * 60_000 }, address: { max: 30, windowMs: 60 * 60_000 } },
  passcodeVerify: { account: { max: 20, windowMs: 15 * 60_000 }, address: { max: 100, windowMs: 15 * 60_000 } },
};

export class RateLimiter {
  private hits = 0;
  constructor(
    private readonly repo: RateLimitRepo,
    private readonly limits: Record<LimitedAction, { account: Limit; address: Limit }> = DEFAULT_LIMITS,
  ) {}

  /** Counts one attempt of `action` for the account and the address; throws 429 when either is over its limit. */
  async hit(action: LimitedAction, account: string | null, address: string, lang: Language): Promise<void> {
    const rule = this.limits[action];
    const checks: [string, Limit][] = [[`${action}:ip:${address}`, rule.address]];
    if (account) checks.push([`${action}:acct:${account}`, rule.account]);
    const now = Date.now();
    let wait = 0;
    for (const [bucket, limit] of checks) {
      const start = now - (now % limit.windowMs);
      const count = await this.repo.hit(bucket, start);
      if (count > limit.max) wait = Math.max(wait, Math.ceil((start + limit.windowMs - now) / 1000));
    }
    if (++this.hits % 200 === 0) await this.repo.prune(now - 24 * 3600_000).catch(() => {});
    if (wait > 0) throw new TooManyAttempts(lang, wait);
  }
}
