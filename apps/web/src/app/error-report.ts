/** The "copy error report" text (spec 02 §8 "copy an error report containing interface details"). */
import type { ApiError } from '../lib/api';

/** Interface details of a failed call, one per line; absent parts are left out. */
export function errorReport(e: Pick<ApiError, 'message' | 'errorCode' | 'status' | 'detail' | 'call'>, now = new Date()): string {
  const lines = [
    `Interface: ${e.call ? `${e.call.method} ${e.call.path}` : 'unknown'}`,
    e.status !== undefined ? `Status: ${e.status}` : null,
    e.errorCode ? `Code: ${e.errorCode}` : null,
    `Message: ${e.message}`,
    e.detail && e.detail !== e.message ? `Detail: ${e.detail}` : null,
    `Time: ${e.call?.time ?? now.toISOString()}`,
    e.call?.solutionLink ? `Solution: ${safeLink(e.call.solutionLink)}` : null,
  ];
  return lines.filter((l): l is string => l !== null).join('\n');
}

/** Only a path on this server or an https address is shown as a link (never javascript: or the like). */
export function safeLink(link: string | undefined, origin = typeof window !== 'undefined' ? window.location.origin : ''): string | undefined {
  if (!link) return undefined;
  if (link.startsWith('/') && !link.startsWith('//')) return origin + link;
  return /^https:\/\//i.test(link) ? link : undefined;
}
