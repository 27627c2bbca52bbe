/**
 * The scope of a data application (issue 25 point 6): what the applicant asks for (the refused
 * tables and columns, and a validity) and the approver's narrowing of it. An approver may drop
 * tables, columns or actions and shorten the validity; nothing wider than asked is ever granted.
 */
import { ERROR_CODES, type ApprovalScopeItem, type ApprovalScopeView, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { apMsg } from './messages.js';

const invalid = (lang: Language, key: Parameters<typeof apMsg>[1], params?: Record<string, string>) => new AppError(400, ERROR_CODES.INVALID_PARAMS, apMsg(lang, key, params));
const keyOf = (t: Pick<ApprovalScopeItem, 'databaseName' | 'schemaName' | 'tableName'>) => JSON.stringify([t.databaseName, t.schemaName, t.tableName]);
export const tableLabel = (t: Pick<ApprovalScopeItem, 'databaseName' | 'schemaName' | 'tableName'>) => [t.databaseName, t.schemaName, t.tableName].filter(Boolean).join('.');

/** One item per table: the same table named twice is merged (columns united; any "all columns" wins). */
function merge(items: ApprovalScopeItem[]): ApprovalScopeItem[] {
  const out = new Map<string, ApprovalScopeItem>();
  for (const t of items) {
    const seen = out.get(keyOf(t));
    if (!seen) {
      out.set(keyOf(t), { ...t, columns: t.columns ? [...new Set(t.columns)] : null, actions: [...new Set(t.actions)] });
      continue;
    }
    seen.columns = seen.columns && t.columns ? [...new Set([...seen.columns, ...t.columns])] : null;
    seen.actions = [...new Set([...seen.actions, ...t.actions])];
  }
  return [...out.values()];
}

function futureOrNull(lang: Language, expireAt: string | null | undefined, now: number): string | null {
  if (!expireAt) return null;
  const at = new Date(expireAt);
  if (at.getTime() <= now) throw invalid(lang, 'EXPIRY_PAST');
  return at.toISOString();
}

/** The scope an application asks for. */
export function askedScope(lang: Language, tables: ApprovalScopeItem[] | undefined, expireAt: string | null | undefined, now = Date.now()): ApprovalScopeView {
  return { tables: merge(tables ?? []), expireAt: futureOrNull(lang, expireAt, now) };
}

/**
 * What the approver grants: `tables` (absent: all asked) must each be an asked table with a subset
 * of its columns and actions; `expireAt` (absent: as asked) no later than the asked one.
 */
export function narrowedScope(lang: Language, asked: ApprovalScopeView, tables: ApprovalScopeItem[] | undefined, expireAt: string | null | undefined, now = Date.now()): ApprovalScopeView {
  let granted = asked.tables;
  if (tables) {
    if (asked.tables.length && !tables.length) throw invalid(lang, 'SCOPE_EMPTY');
    const byKey = new Map(asked.tables.map((t) => [keyOf(t), t]));
    granted = merge(tables).map((t) => {
      const a = byKey.get(keyOf(t));
      if (!a) throw invalid(lang, 'SCOPE_NOT_ASKED', { table: tableLabel(t) });
      const extraCol = a.columns && (t.columns === null || t.columns.find((c) => !a.columns!.includes(c)));
      if (extraCol) throw invalid(lang, 'SCOPE_NOT_ASKED', { table: `${tableLabel(t)}.${extraCol === true ? '*' : extraCol}` });
      const extraAction = t.actions.find((x) => !a.actions.includes(x));
      if (extraAction) throw invalid(lang, 'SCOPE_NOT_ASKED', { table: `${tableLabel(t)} (${extraAction})` });
      return t;
    });
  }
  let until = asked.expireAt;
  if (expireAt !== undefined) {
    until = futureOrNull(lang, expireAt, now);
    if (asked.expireAt && (until === null || until > asked.expireAt)) throw invalid(lang, 'EXPIRY_LONGER', { asked: asked.expireAt });
  }
  return { tables: granted, expireAt: until };
}
