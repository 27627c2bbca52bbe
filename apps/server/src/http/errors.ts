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
