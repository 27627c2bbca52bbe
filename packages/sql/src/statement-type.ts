/**
 * The audit's statement type (spec 02 §3 "SQL audit"): SELECT, INSERT, UPDATE, DELETE, ALTER,
 * CREATE, DROP and their variants, OTHER. Reads only the first words of a statement with the shared
 * scanner (comments, strings and quoted names skipped), so it is cheap on any length and never throws.
 *
 * Variants: REPLACE / MERGE / UPSERT → INSERT; VALUES, TABLE t and (SELECT …) → SELECT;
 * WITH … → the verb after the common table expressions; RENAME / COMMENT ON → ALTER;
 * TRUNCATE → DROP (it discards a table's contents as a DDL statement); anything else → OTHER.
 */
import type { SqlStatementType } from '@askdb/contracts';
import type { SplitterOptions } from './dialect.js';
import { Scanner, TK } from './tokenizer/scanner.js';

const VERBS: Record<string, SqlStatementType> = {
  SELECT: 'SELECT', VALUES: 'SELECT', TABLE: 'SELECT',
  INSERT: 'INSERT', REPLACE: 'INSERT', MERGE: 'INSERT', UPSERT: 'INSERT',
  UPDATE: 'UPDATE',
  DELETE: 'DELETE',
  ALTER: 'ALTER', RENAME: 'ALTER', COMMENT: 'ALTER',
  CREATE: 'CREATE',
  DROP: 'DROP', TRUNCATE: 'DROP',
};
/** After WITH, the main statement starts at the first of these outside parentheses. */
const AFTER_WITH = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'VALUES', 'TABLE', 'REPLACE']);
/** Tokens read at most: a WITH whose CTE headers run longer than this is OTHER. */
const MAX_TOKENS = 20_000;

const DEFAULT_SCAN: Pick<SplitterOptions, 'dollarQuotes' | 'nestedBlockComments' | 'hashComments' | 'backslashEscapes' | 'identifierQuotes'> = {
  dollarQuotes: true, nestedBlockComments: true, hashComments: false, backslashEscapes: false, identifierQuotes: ['"', '`', '['],
};

export function statementType(sql: string, splitter: Pick<SplitterOptions, 'dollarQuotes' | 'nestedBlockComments' | 'hashComments' | 'backslashEscapes' | 'identifierQuotes'> = DEFAULT_SCAN): SqlStatementType {
  const sc = new Scanner(splitter);
  let pos = 0;
  let depth = 0;
  let inWith = false;
  for (let n = 0; pos < sql.length && n < MAX_TOKENS; n++) {
    const kind = sc.scan(sql, pos);
    const start = pos;
    pos = sc.end > pos ? sc.end : pos + 1;
    if (kind === TK.Space || kind === TK.LineComment || kind === TK.BlockComment) continue;
    if (kind === TK.OpenParen) {
      depth++;
      continue;
    }
    if (kind === TK.CloseParen) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (kind !== TK.Word) {
      if (inWith || depth > 0) continue;
      return 'OTHER';
    }
    const word = sql.slice(start, pos).toUpperCase();
    if (inWith) {
      if (depth === 0 && AFTER_WITH.has(word)) return VERBS[word]!;
      continue;
    }
    if (word === 'WITH') {
      inWith = true;
      continue;
    }
    // `(SELECT …) UNION …`: the first word inside leading parentheses decides.
    return VERBS[word] ?? 'OTHER';
  }
  return 'OTHER';
}
