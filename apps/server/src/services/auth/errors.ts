/** Refusals of sign-in and account routes, worded in the request's language. */
import type { Language } from '@askdb/contracts';
import { ERROR_CODES } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { authMsg, type AuthMessageKey } from './messages.js';

export function authError(status: number, code: string, lang: Language, key: AuthMessageKey, params?: Record<string, string | number>, detail?: string): AppError {
  return new AppError(status, code, authMsg(lang, key, params), detail);
}

/** 429 TOO_MANY_ATTEMPTS; errorDetail carries the seconds to wait (also the Retry-After header). */
export class TooManyAttempts extends AppError {
  constructor(lang: Language, readonly retryAfterSeconds: number) {
    super(429, ERROR_CODES.TOO_MANY_ATTEMPTS, authMsg(lang, 'TOO_MANY_ATTEMPTS', { seconds: retryAfterSeconds }), String(retryAfterSeconds));
  }
}
