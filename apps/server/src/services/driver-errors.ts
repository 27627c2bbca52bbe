/** Turns a driver failure into the envelope: the driver's message in the user's language, the driver's own text as detail. */
import { DriverError, driverMessages } from '@askdb/drivers';
import { translate, type Language } from '@askdb/contracts';
import { ERROR_CODES } from '@askdb/contracts';
import { AppError } from '../http/errors.js';
import { FileRefused } from './file-policy.js';

export function driverFailure(e: unknown, lang: Language): AppError {
  if (e instanceof FileRefused) return e.localized(lang);
  if (e instanceof AppError) return e;
  if (e instanceof DriverError) {
    const known = e.code in driverMessages;
    const head = known ? translate(driverMessages, e.code, lang, e.params) : e.message;
    const detail = e.detail && e.detail !== head ? e.detail : undefined;
    return new AppError(200, e.code === 'UNSUPPORTED' ? ERROR_CODES.UNSUPPORTED : ERROR_CODES.CONNECTION_FAILED, head, detail);
  }
  const m = (e as Error)?.message ?? String(e);
  return new AppError(200, ERROR_CODES.CONNECTION_FAILED, m, m);
}

/** A statement's final message in the user's language: our own refusals (FILE_NOT_ALLOWED, …) translated, the engine's words as they are. */
export function doneMessage(ev: { message: string; code?: string; params?: Record<string, string | number> }, lang: Language): string {
  return ev.code && ev.code in driverMessages ? translate(driverMessages, ev.code as keyof typeof driverMessages, lang, ev.params) : ev.message;
}
