/**
 * Brute-force limits (issue 12): fixed windows counted in the app store (store/rate-limits.ts), so
 * every replica refuses the same attempt. Each action is limited per account and per client address;
 * every attempt counts (a success too), which keeps the check one atomic increment.
 *
 * Password sign-in is throttled, never locked (issue 24 point 4; LoginThrottle below): a stranger who
 * knows an e-mail address must not keep its owner out. Failures count per account AND client
 * address; after a few, each further attempt from that address waits longer (doubling, capped),
 * answered 429 with Retry-After; the owner elsewhere signs in at once, and is told once per episode.
 */
import type { Language } from '@askdb/contracts';
import type { LoginThrottleRepo, RateLimitRepo } from '../../store/rate-limits.js';
import { TooManyAttempts } from './errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}
export type LimitedAction = 'login' | 'passcodeSend' | 'passcodeVerify';

/**
 * `login` is counted per address only here (many accounts tried from one address); per account it is
 * LoginThrottle's, per (account, address), so nobody can lock an account from elsewhere.
 */
export const DEFAULT_LIMITS: Record<LimitedAction, { account: Limit; address: Limit }> = {
  login: { account: { max: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 }, address: { max: 100, windowMs: 15 * 60_000 } },
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

export interface ThrottleRules {
  /** Attempts in an episode before any wait. */
  freeAttempts: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** A quiet time after which the count starts again (and the owner may be told again). */
  episodeMs: number;
}
export const LOGIN_THROTTLE: ThrottleRules = { freeAttempts: 5, firstWaitMs: 1000, maxWaitMs: 15 * 60_000, episodeMs: 24 * 3600_000 };

/** The wait after the n-th attempt (index n−1): none for the free ones, then doubling from the first wait up to the cap. */
export function throttleWaits(r: ThrottleRules): number[] {
  const waits: number[] = Array.from({ length: Math.max(0, r.freeAttempts - 1) }, () => 0);
  for (let w = r.firstWaitMs; ; w *= 2) {
    waits.push(Math.min(w, r.maxWaitMs));
    if (w >= r.maxWaitMs) return waits;
  }
}

export interface ThrottledAccount {
  account: string;
  address: string;
  attempts: number;
}

export class LoginThrottle {
  private readonly waits: number[];
  constructor(
    private readonly repo: LoginThrottleRepo,
    /** Tells the account's owner; called once per episode when the waits begin. Never fails the sign-in. */
    private readonly onEngaged: (a: ThrottledAccount) => Promise<void>,
    private readonly rules: ThrottleRules = LOGIN_THROTTLE,
    /** Milliseconds since the epoch; tests replace it instead of waiting. */
    public clock: () => number = Date.now,
  ) {
    this.waits = throttleWaits(rules);
  }

  private key(account: string, address: string) {
    return `${account}|${address}`;
  }

  /** Counts one attempt before the password is looked at: throws 429 (Retry-After) while this account and address must wait. */
  async attempt(account: string, address: string, lang: Language): Promise<number> {
    const r = await this.repo.reserve(this.key(account, address), this.clock(), this.rules.episodeMs, this.waits);
    if ('waitMs' in r) throw new TooManyAttempts(lang, Math.ceil(r.waitMs / 1000));
    return r.attempt;
  }

  /**
   * A wrong password on attempt `attempt`: once the waits begin, the owner is told (once per episode).
   * The telling is not awaited: the answer takes as long whether the account exists or not, and a
   * slow mail server does not hold the sign-in form.
   */
  async failed(account: string, address: string, attempt: number): Promise<void> {
    if (attempt < this.rules.freeAttempts) return;
    const warn = (e: unknown) => process.emitWarning(`AskDB sign-in: telling the owner of a throttled account failed (${(e as Error).message})`);
    try {
      if (await this.repo.claimNotice(account, this.clock(), this.rules.episodeMs)) void this.onEngaged({ account, address, attempts: attempt }).catch(warn);
    } catch (e) {
      warn(e);
    }
  }

  /** The right password: this address starts again from nothing. */
  async succeeded(account: string, address: string): Promise<void> {
    await this.repo.clear(this.key(account, address));
  }
}
