/**
 * Client rules of completion (spec 01 §5, §7): tips are fetched when the character before the
 * cursor is a delimiter; otherwise, and within 300 ms of the binding's registration, the cached tips
 * are returned. The request carries up to 100 lines each side of the cursor. The cache belongs to one
 * binding and is reset when the binding changes; it also belongs to one place: the text before the
 * word being typed (its anchor) and the part of the word typed when it was fetched. A list fetched
 * after `FROM ` is never offered for a word typed elsewhere, nor one fetched for `u` for `sel` (a
 * cleared console's `upd` gets UPDATE, `sel` gets SELECT, not an old list).
 */
import { LIMITS } from '@askdb/contracts';

export const TIP_DELIMITERS = new Set([' ', '.', ',', '(', ')', '[', ']', '{', '}', '\t', '\n', '\r']);

export function isDelimiter(ch: string | undefined): boolean {
  return ch === undefined || ch === '' || TIP_DELIMITERS.has(ch);
}

export interface TipsDecision {
  fetch: boolean;
  reason: 'delimiter' | 'cached' | 'registration' | 'no-context' | 'empty-cache' | 'incomplete' | 'moved';
}

/**
 * Whether to ask the server. An empty cache (nothing fetched yet for this binding) is filled once
 * outside the registration window, so the first word of a fresh console also gets suggestions; a
 * cache fetched at another place (`sameAnchor` false) is asked again; an incomplete one (a capped
 * list, or a schema still loading) is asked again at every keystroke. A delimiter whose list is
 * already fetched or on its way (the prefetch when it was typed) is not asked twice.
 */
export function decideTips(o: {
  charBefore: string | undefined; now: number; registeredAt: number; hasContext: boolean; cacheFilled: boolean; cacheIncomplete?: boolean;
  /** The cache was fetched for this place: same text before the word, a prefix of the word typed (or is being fetched for it). */
  sameAnchor?: boolean;
}): TipsDecision {
  if (!o.hasContext) return { fetch: false, reason: 'no-context' };
  if (o.now - o.registeredAt < LIMITS.tipsRegistrationWindowMs) return { fetch: false, reason: 'registration' };
  const same = o.sameAnchor ?? true;
  if (isDelimiter(o.charBefore) && !(same && o.cacheFilled)) return { fetch: true, reason: 'delimiter' };
  if (!o.cacheFilled) return { fetch: true, reason: 'empty-cache' };
  if (!same) return { fetch: true, reason: 'moved' };
  if (o.cacheIncomplete) return { fetch: true, reason: 'incomplete' };
  return { fetch: false, reason: 'cached' };
}

/** The text before and after the cursor, at most `window` lines each side (spec 01 §7). */
export function tipsWindow(lines: string[], line: number, column: number, window = LIMITS.tipsWindowLines): { beforeSql: string; afterSql: string } {
  const i = line - 1;
  const current = lines[i] ?? '';
  const beforeLines = lines.slice(Math.max(0, i - window), i);
  const afterLines = lines.slice(i + 1, i + 1 + window);
  const beforeSql = [...beforeLines, current.slice(0, column - 1)].join('\n');
  const afterSql = [current.slice(column - 1), ...afterLines].join('\n');
  return { beforeSql, afterSql };
}
