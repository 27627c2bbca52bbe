/**
 * The sign-in services of one app, built once from its deps (routes call `authServices(deps)`;
 * the composition root only builds the ContextResolver).
 */
import type { AppDeps } from '../../deps.js';
import { PasscodeRepo } from '../../store/passcodes.js';
import { RateLimitRepo } from '../../store/rate-limits.js';
import { ApiKeyRepo } from '../../store/api-keys.js';
import { PasscodeService } from './passcodes.js';
import { RateLimiter } from './rate-limit.js';
import { RegistrationService } from './registration.js';
import { SignInService } from './sign-in.js';
import { userContext, type ContextFor } from './session-identity.js';

export interface AuthServices {
  passcodes: PasscodeService;
  limiter: RateLimiter;
  registration: RegistrationService;
  signIn: SignInService;
  apiKeys: ApiKeyRepo;
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
    s = {
      passcodes,
      limiter,
      registration: new RegistrationService(db, deps.kv, deps.config.auth, passcodes),
      signIn: new SignInService(db, passcodes, limiter),
      apiKeys: new ApiKeyRepo(db),
      contextFor: userContext(db),
    };
    built.set(deps, s);
  }
  return s;
}
