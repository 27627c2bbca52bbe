/** Errors a handler throws; the envelope hook turns them into `{ success:false, errorCode, errorMessage }`. */
import { ERROR_CODES, type ErrorCode } from '@askdb/contracts';
import type { ZodError } from 'zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode | string,
    message: string,
    readonly errorDetail?: string,
    /** Sent as the envelope's `data` (e.g. the apply form's prefill on NO_DATA_ACCESS_PERMISSION). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The envelope's `solutionLink` (spec 02 §8 "notification with detail and solution link"): set for known codes only. */
  get solutionLink(): string | undefined {
    return solutionLinkFor(this.errorCode);
  }
}

/**
 * Codes with a help page (apps/web/public/help/*.html, served with the web app): what the error means and
 * how to get past it. Other codes carry no link.
 */
const HELP: Record<string, string> = {
  NO_DATA_ACCESS_PERMISSION: 'permissions',
  NO_SCRIPT_PERMISSION: 'permissions',
  CONNECTION_FAILED: 'connection',
  FORBIDDEN_HOST: 'connection',
  TRANSACTION_NEEDS_SESSION: 'connection',
};
const AI_HELP = new Set(['AI_KEY_INVALID', 'AI_KEY_LIMIT', 'AI_KEY_EXPIRED', 'AI_AUTH_HEADER_MISSING', 'AI_AUTH_TOKEN_MISSING', 'AI_NOT_CONFIGURED', 'AI_UNREACHABLE', 'AI_SERVICE_BUSY', 'AI_SERVICE_ERROR']);

export function solutionLinkFor(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const page = HELP[code] ?? (AI_HELP.has(code) ? 'ai-service' : code.startsWith('OFFLINE_') || code.startsWith('LICENSE_') ? 'licence' : undefined);
  return page ? `/help/${page}.html#${code}` : undefined;
}

export const notFound = (what: string) => new AppError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);
export const forbidden = (code: ErrorCode = ERROR_CODES.NO_DATA_ACCESS_PERMISSION, message = 'You do not have permission to access this data') =>
  new AppError(403, code, message);
export const invalidParams = (message: string) => new AppError(400, ERROR_CODES.INVALID_PARAMS, message);

/** A zod error as one line naming the field(s). */
export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
}
