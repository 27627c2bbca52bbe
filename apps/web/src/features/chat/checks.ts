/**
 * The server's checking step (issue 7 point 5) as warnings on SQL blocks. The stream may carry
 * JSON objects besides `content`; those with check results are read here, leniently.
 */
import type { TFunction } from 'i18next';
import type { SqlWarning } from './SqlBlock.js';

interface RawCheck {
  index?: number;
  sql?: string;
  writes?: boolean;
  effect?: string;
  changesData?: boolean;
  changesStructure?: boolean;
  unknownTables?: string[];
  unknownColumns?: string[];
  explainError?: string;
  error?: string;
  warnings?: (string | { message?: string; kind?: string })[];
}

function collect(events: Record<string, unknown>[] | undefined): RawCheck[] {
  const out: RawCheck[] = [];
  for (const e of events ?? []) {
    const list = (e.checks ?? e.sqlChecks ?? (e.type === 'check' ? [e.check ?? e] : undefined)) as RawCheck[] | RawCheck | undefined;
    if (Array.isArray(list)) out.push(...list);
    else if (list && typeof list === 'object') out.push(list);
  }
  return out;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').replace(/;\s*$/, '').trim().toLowerCase();

export function warningsFor(events: Record<string, unknown>[] | undefined, t: TFunction): (index: number, sql: string) => SqlWarning[] {
  const checks = collect(events);
  return (index, sql) => {
    // A check is per statement; a block may hold several. Match by text, by position only without it.
    const block = norm(sql);
    const matching = checks.filter((c) => (c.sql != null ? norm(c.sql) !== '' && block.includes(norm(c.sql)) : c.index === index));
    const out: SqlWarning[] = [];
    for (const c of matching) {
      const effect = (c.effect ?? '').toLowerCase();
      if (c.changesStructure || effect === 'structure' || effect === 'ddl') out.push({ kind: 'structure', message: t('chat.sql.changesStructure') });
      else if (c.writes || c.changesData || effect === 'data' || effect === 'dml' || effect === 'write') out.push({ kind: 'writes', message: t('chat.sql.changesData') });
      for (const name of c.unknownTables ?? []) out.push({ kind: 'unknownTable', message: t('chat.sql.unknownTable', { name }) });
      for (const name of c.unknownColumns ?? []) out.push({ kind: 'unknownColumn', message: t('chat.sql.unknownColumn', { name }) });
      const explain = c.explainError ?? c.error;
      if (explain) out.push({ kind: 'explain', message: t('chat.sql.explainError', { message: explain }) });
      for (const w of c.warnings ?? []) {
        const message = typeof w === 'string' ? w : w.message;
        if (message) out.push({ kind: 'other', message });
      }
    }
    return out;
  };
}
