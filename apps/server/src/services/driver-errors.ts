/** Turns a driver failure into the envelope: our short message in the user's language, the driver's own text as detail. */
import { DriverError } from '@askdb/drivers';
import type { Language } from '@askdb/contracts';
import { ERROR_CODES } from '@askdb/contracts';
import { AppError } from '../http/errors.js';
import { msg, serverMessages } from '../http/messages.js';

export function driverFailure(e: unknown, lang: Language): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof DriverError) {
    const known = e.code in serverMessages;
    const head = known ? msg(lang, e.code as keyof typeof serverMessages) : e.message;
    const detail = e.detail ?? e.message;
    return new AppError(200, e.code === 'UNSUPPORTED' ? ERROR_CODES.UNSUPPORTED : ERROR_CODES.CONNECTION_FAILED, detail && detail !== head ? `${head}: ${detail}` : head, detail);
  }
  const m = (e as Error)?.message ?? String(e);
  return new AppError(200, ERROR_CODES.CONNECTION_FAILED, m, m);
}
