/**
 * The sign-in services of one app, built once from its deps (routes call `authServices(deps)`;
 * the composition root only builds the ContextResolver).
 */
import type { AppDeps } from '../../deps.js';
import { PasscodeRepo } from '../../store/passcodes.js';
import { LoginThrottleRepo, RateLimitRepo } from '../../store/rate-limits.js';
import { ApiKeyRepo } from '../../store/api-keys.js';
import { PasscodeService } from './passcodes.js';
import { LoginThrottle, RateLimiter } from './rate-limit.js';
import { signInThrottledNotifier } from './throttle-notice.js';
import { RegistrationService } from './registration.js';
import { SignInService } from './sign-in.js';
import { AccountSettings } from './account-settings.js';
import { userContext, type ContextFor } from './session-identity.js';
import { OAuthService } from './oauth.js';
import { configuredWeChatProvider, DevWeChatProvider, WeChatService } from './wechat.js';
import { OAuthRepo } from '../../store/oauth.js';
import { WeChatTicketRepo } from '../../store/wechat-tickets.js';

export interface AuthServices {
  passcodes: PasscodeService;
  limiter: RateLimiter;
  /** Password sign-in attempts per account and client address (tests move its clock). */
  throttle: LoginThrottle;
  registration: RegistrationService;
  signIn: SignInService;
  settings: AccountSettings;
  oauth: OAuthService;
  wechat: WeChatService;
  /** The development WeChat provider when no real one is configured (its confirm endpoint needs ASKDB_WECHAT_DEV=1). */
  wechatDev: DevWeChatProvider | null;
  /** The request context a user would have (after sign-in, before the next request resolves it). */
  contextFor: ContextFor;
}

const built = new WeakMap<AppDeps, AuthServices>();

export function authServices(deps: AppDeps): AuthServices {
  let s = built.get(deps);
  if (!s) {
    const db = deps.store.db;
    const passcodes = new PasscodeService(new PasscodeRepo(db), deps.config.auth);
    const limiter = new RateLimiter(new RateLimitRepo(db));
    const tell = signInThrottledNotifier(deps);
    const throttle = new LoginThrottle(new LoginThrottleRepo(db), (a) => {
      const kind = a.account.startsWith('phone:') ? 'phone' : 'email';
      return tell({ kind, account: a.account.slice(kind.length + 1), address: a.address, attempts: a.attempts });
    });
    const signIn = new SignInService(db, passcodes, limiter, throttle);
    const registration = new RegistrationService(db, deps.kv, deps.config.auth, passcodes);
    const identities = new OAuthRepo(db);
    const tickets = new WeChatTicketRepo(db);
    const real = configuredWeChatProvider(deps.config.auth);
    const wechatDev = real ? null : new DevWeChatProvider(tickets);
    s = {
      passcodes,
      limiter,
      throttle,
      registration,
      signIn,
      oauth: new OAuthService(identities, signIn.users, registration, deps.config.auth),
      wechat: new WeChatService(real ?? wechatDev!, tickets, identities, registration),
      wechatDev,
      settings: new AccountSettings(signIn.users, new ApiKeyRepo(db), signIn.sessions, passcodes),
      contextFor: userContext(db),
    };
    built.set(deps, s);
  }
  return s;
}
