/**
 * Formatting with sql-formatter and the dialect map. Scripts whose statements are separated by more
 * than plain semicolons (MySQL DELIMITER, SQL Server GO, Oracle `/`) are formatted statement by
 * statement with the separators kept verbatim. Any failure — or an output that would split into a
 * different number of statements — gives back the original text, with the spec's log line (spec 01 §8).
 */
import { format, type SqlLanguage } from 'sql-formatter';
import { dialectFor } from '../dialects/registry.js';
import { splitRanges } from '../splitter.js';

export type FormatKeywordCase = 'off' | 'upper' | 'lower';

export function formatSql(sql: string, dbType?: string | null, keywordCase: FormatKeywordCase = 'off'): string {
  return formatSqlResult(sql, dbType, keywordCase).text;
}

/** The formatted text and whether any part of it failed to format (that part is kept as written). */
export interface FormatResult {
  text: string;
  failed: boolean;
}

export function formatSqlResult(sql: string, dbType?: string | null, keywordCase: FormatKeywordCase = 'off'): FormatResult {
  if (!sql || !sql.trim()) return { text: sql, failed: false };
  const dialect = dialectFor(dbType || 'MYSQL');
  if (dialect.name === 'redis') return { text: sql, failed: false };
  const kc = keywordCase === 'off' ? 'preserve' : keywordCase;
  const run = (text: string) => format(text, { language: dialect.formatterLanguage as SqlLanguage, keywordCase: kc, dataTypeCase: kc, functionCase: kc });
  try {
    const ranges = splitRanges(sql, dialect.splitter);
    const failures: unknown[] = [];
    const out = plainSeparators(sql, ranges) ? run(sql) : perStatement(sql, ranges, run, failures);
    if (splitRanges(out, dialect.splitter).length !== ranges.length) throw new Error('formatting changed the statement structure');
    if (failures.length) console.error('Server-side SQL formatting error:', failures[0] instanceof Error ? failures[0].message : failures[0]);
    return { text: out, failed: failures.length > 0 };
  } catch (e) {
    console.error('Server-side SQL formatting error:', e instanceof Error ? e.message : e);
    return { text: sql, failed: true };
  }
}

/** Every gap between statements is whitespace, comments and at most one semicolon. */
function plainSeparators(sql: string, ranges: number[]): boolean {
  for (let k = 0; k <= ranges.length; k += 2) {
    const from = k === 0 ? 0 : ranges[k - 1]!;
    const to = k < ranges.length ? ranges[k]! : sql.length;
    const gap = sql.slice(from, to).replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '');
    if (!/^\s*;?\s*$/.test(gap)) return false;
  }
  return true;
}

function perStatement(sql: string, ranges: number[], run: (s: string) => string, failures: unknown[]): string {
  let out = '';
  let prev = 0;
  for (let k = 0; k < ranges.length; k += 2) {
    out += sql.slice(prev, ranges[k]!);
    const stmt = sql.slice(ranges[k]!, ranges[k + 1]!);
    let formatted: string;
    try {
      formatted = run(stmt).replace(/;\s*$/, stmt.trimEnd().endsWith(';') ? ';' : '');
    } catch (e) {
      failures.push(e);
      formatted = stmt;
    }
    out += formatted;
    prev = ranges[k + 1]!;
  }
  return out + sql.slice(prev);
}

