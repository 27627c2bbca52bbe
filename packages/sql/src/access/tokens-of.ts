/** The tokens of the statement being analysed, kept for the one statement (several access helpers read them). */
import type { Dialect } from '../dialect.js';
import { tokenize, type Token } from '../parser/tokens.js';

let last: { sql: string; dialect: Dialect; tokens: Token[] } | null = null;

export function tokensOf(sql: string, dialect: Dialect): Token[] {
  if (last && last.sql === sql && last.dialect === dialect) return last.tokens;
  last = { sql, dialect, tokens: tokenize(sql, dialect.splitter).tokens };
  return last.tokens;
}
