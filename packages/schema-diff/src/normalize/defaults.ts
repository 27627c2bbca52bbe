/** Column default text as each engine reports it, reduced to one canonical spelling. */
import type { EngineFamily } from '../model.js';
import { stripOuterParens, stripQualifier } from './expression.js';

export interface DefaultContext {
  /** The schema (or database, for MySQL) the table lives in: its qualifiers are removed. */
  qualifier: string | null;
}

/** The default to keep in the model; null when the column has no default (or defaults to NULL). */
export function normalizeDefault(engine: EngineFamily, raw: string | null | undefined, ctx: DefaultContext): string | null {
  if (raw == null) return null;
  let text = raw.trim();
  if (text === '') return null;
  switch (engine) {
    case 'postgresql':
      if (/^null(::[\w\s"]+(\(\d+(,\d+)?\))?(\[\])?)?$/i.test(text)) return null;
      return unqualifySequence(stripQualifier(text, ctx.qualifier), ctx.qualifier);
    case 'mysql':
      if (/^null$/i.test(text)) return null;
      return mysqlTimestampFunction(text) ?? text;
    case 'sqlite':
    case 'duckdb':
    case 'sqlserver':
      text = stripOuterParens(text);
      if (/^null$/i.test(text) || /^cast\(null as [^)]+\)$/i.test(text)) return null;
      return engine === 'duckdb' ? stripQualifier(text, ctx.qualifier) : text;
    case 'oracle':
      return /^null$/i.test(text) ? null : text;
  }
}

/** `CURRENT_TIMESTAMP`, `current_timestamp()`, `now()`, `LOCALTIMESTAMP` → `current_timestamp()` (with precision). */
function mysqlTimestampFunction(text: string): string | null {
  const m = /^(current_timestamp|now|localtime|localtimestamp)(\s*\(\s*(\d*)\s*\))?$/i.exec(text);
  if (!m) return null;
  const precision = m[3] && m[3] !== '0' ? m[3] : '';
  return `current_timestamp(${precision})`;
}

/** `nextval('s1.seq'::regclass)` in schema s1 → `nextval('seq'::regclass)`: the name sits in a string. */
function unqualifySequence(text: string, qualifier: string | null): string {
  if (!qualifier) return text;
  const forms = [qualifier, `"${qualifier.replace(/"/g, '""')}"`].map((f) => f.replace(/'/g, "''"));
  let out = text;
  for (const f of forms) out = out.split(`nextval('${f}.`).join("nextval('");
  return out;
}
