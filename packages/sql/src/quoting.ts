/** Identifier and string quoting (spec 01 §5), shared by every dialect definition. */
import type { QuoteStyle } from './dialect.js';

export interface QuotingRules {
  quoteStyle: QuoteStyle;
  /** How the engine folds unquoted names: a name that would not survive folding is quoted. */
  identifierCase: 'lower' | 'upper' | 'preserve';
  reserved: ReadonlySet<string>;
  /** Engines that accept `_name` bare (all but the Oracle family). */
  leadingUnderscore: boolean;
}

const PLAIN_ASCII = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLAIN_UNICODE = /^[\p{L}_][\p{L}\p{N}_]*$/u;

export function needsQuoting(name: string, r: QuotingRules): boolean {
  if (name.length === 0) return true;
  if (!PLAIN_ASCII.test(name) && !PLAIN_UNICODE.test(name)) return true;
  if (name.charCodeAt(0) === 95 && !r.leadingUnderscore) return true;
  if (r.identifierCase === 'lower' && name !== name.toLowerCase()) return true;
  if (r.identifierCase === 'upper' && name !== name.toUpperCase()) return true;
  return r.reserved.has(name.toUpperCase());
}

export function quoteWith(name: string, style: QuoteStyle): string {
  switch (style) {
    case 'backtick':
      return '`' + name.replaceAll('`', '``') + '`';
    case 'bracket':
      return '[' + name.replaceAll(']', ']]') + ']';
    default:
      return '"' + name.replaceAll('"', '""') + '"';
  }
}

export function makeIdentifierQuoter(r: QuotingRules): (name: string, force?: boolean) => string {
  return (name, force) => (force || needsQuoting(name, r) ? quoteWith(name, r.quoteStyle) : name);
}

export type StringQuoting = 'standard' | 'backslash' | 'national';

/**
 * A string literal. 'backslash' (MySQL family): backslashes and NUL escaped too; 'national'
 * (SQL Server): N'…' when the text is not plain ASCII, so it survives a non-Unicode collation.
 */
export function quoteStringWith(value: string, how: StringQuoting): string {
  if (how === 'backslash') {
    return "'" + value.replace(/[\\'\0]/g, (c) => (c === '\0' ? '\\0' : c === "'" ? "''" : '\\\\')) + "'";
  }
  const body = "'" + value.replaceAll("'", "''") + "'";
  // eslint-disable-next-line no-control-regex
  return how === 'national' && /[^\x00-\x7f]/.test(value) ? 'N' + body : body;
}
