/**
 * The one check for SQL that must only read (dashboards' chart queries, the MCP `run_query` tool,
 * named AI chats' SQL): a single SELECT (or WITH … SELECT) that writes nothing — no data-modifying
 * CTE, no SELECT … INTO, no row locks (FOR UPDATE / FOR SHARE / LOCK IN SHARE MODE / UPDLOCK), and no
 * call to a function that changes server or session state, stalls the server, or reaches files and
 * other servers (per engine, see side-effect-functions.ts). Built on statementAccess, plus a token
 * scan that still works where the parser gives up (a syntax error hides nothing from it).
 */
import { dialectFor, definitionNameFor } from '../dialects/registry.js';
import { splitStatements } from '../splitter.js';
import { identValue, type Token } from '../parser/tokens.js';
import { TK } from '../tokenizer/scanner.js';
import { statementAccess } from './statement-access.js';
import { isSideEffectFunction } from './side-effect-functions.js';
import { tokensOf } from './tokens-of.js';
import { canonicalSql } from './canonical.js';

export type ReadOnlyReason = 'EMPTY' | 'MULTIPLE_STATEMENTS' | 'NOT_SELECT' | 'WRITES' | 'SELECT_INTO' | 'LOCKS_ROWS' | 'SIDE_EFFECT_FUNCTION' | 'NOT_VERIFIABLE';

export interface ReadOnlyRefusal {
  reason: ReadOnlyReason;
  /** What was refused, as written or as the analysis names it: `pg_terminate_backend`, `FOR UPDATE`, `DELETE`, `2`. */
  detail: string;
  /** One English sentence for logs and for callers without their own messages. */
  message: string;
}

export interface ReadOnlyOptions {
  /** Also refuse what the analysis cannot vouch for: syntax errors, functions that are not the engine's built-ins, unresolved names. */
  strict?: boolean;
}

const TEXT: Record<ReadOnlyReason, (d: string) => string> = {
  EMPTY: () => 'There is no statement to run.',
  MULTIPLE_STATEMENTS: (d) => `Only one statement may run here, not ${d}.`,
  NOT_SELECT: (d) => `Only a SELECT may run here, not ${d}.`,
  WRITES: (d) => `The statement changes data (${d}).`,
  SELECT_INTO: () => 'SELECT … INTO writes its rows somewhere; it is not a plain read.',
  LOCKS_ROWS: (d) => `The statement locks rows (${d}).`,
  SIDE_EFFECT_FUNCTION: (d) => `The function ${d} has side effects or reaches outside the database.`,
  NOT_VERIFIABLE: (d) => `The statement cannot be verified as read-only (${d}).`,
};
const refuse = (reason: ReadOnlyReason, detail: string): ReadOnlyRefusal => ({ reason, detail, message: TEXT[reason](detail) });

/** Words that start a write; looked for only when the parser could not read the statement. */
const WRITE_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'TRUNCATE', 'DROP', 'CREATE', 'ALTER', 'GRANT', 'REVOKE', 'COPY', 'CALL', 'EXEC', 'EXECUTE', 'ATTACH', 'DETACH', 'INSTALL', 'LOAD', 'PRAGMA', 'HANDLER', 'LOCK']);
/** SQL Server table hints that take update or exclusive locks. */
const LOCK_HINTS = new Set(['UPDLOCK', 'XLOCK', 'TABLOCKX']);

/** Why `sql` is not one read-only statement for a `type` database, or null when it is. */
export function readOnlyRefusal(sql: string, type: string, options: ReadOnlyOptions = {}): ReadOnlyRefusal | null {
  const dialect = dialectFor(type);
  const def = definitionNameFor(type);
  const statements = splitStatements(sql, dialect).map((s) => s.sql.trim().replace(/;\s*$/, '').trim()).filter(Boolean);
  if (statements.length === 0) return refuse('EMPTY', '');
  if (statements.length > 1) return refuse('MULTIPLE_STATEMENTS', String(statements.length));
  const stmt = statements[0]!;
  const a = statementAccess(stmt, dialect);
  // Scanned as the engine reads it (`#` comments and operators, U& names), like the analysis.
  const tokens = tokensOf(canonicalSql(stmt, dialect).text, dialect);
  const first = tokens.find((t) => t.kind === TK.Word)?.up ?? '';
  if (a.kind !== 'SELECT') return refuse(a.kind === 'OTHER' || a.kind === 'MERGE' ? 'NOT_SELECT' : 'WRITES', a.kind === 'OTHER' ? first : a.kind);
  if (a.unresolved.some((u) => u.startsWith('statement:'))) return refuse('NOT_SELECT', a.unresolved.find((u) => u.startsWith('statement:'))!.slice(10));
  // MySQL executable comments are code the engine may or may not run: nothing read-only can vouch for them.
  if (a.unresolved.includes('executable-comment')) return refuse('NOT_VERIFIABLE', '/*! … */');

  const syntax = a.unresolved.includes('syntax');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const word = t.kind === TK.Word ? t.up : '';
    if ((t.kind === TK.Word || t.kind === TK.QuotedIdent) && next?.kind === TK.OpenParen) {
      const parts = qualifiedName(tokens, i);
      if (isSideEffectFunction(def, parts)) return refuse('SIDE_EFFECT_FUNCTION', parts.join('.'));
    }
    if (word === 'NEXTVAL' && tokens[i - 1]?.kind === TK.Dot) return refuse('SIDE_EFFECT_FUNCTION', 'NEXTVAL'); // Oracle seq.NEXTVAL
    if (word === 'NEXT' && next?.up === 'VALUE' && tokens[i + 2]?.up === 'FOR') return refuse('SIDE_EFFECT_FUNCTION', 'NEXT VALUE FOR');
    if (word === 'FOR') {
      const lock = lockAfterFor(tokens, i);
      if (lock) return refuse('LOCKS_ROWS', lock);
    }
    if (word === 'LOCK' && next?.up === 'IN' && tokens[i + 2]?.up === 'SHARE' && tokens[i + 3]?.up === 'MODE') return refuse('LOCKS_ROWS', 'LOCK IN SHARE MODE');
    if (def === 'sqlserver' && LOCK_HINTS.has(word)) return refuse('LOCKS_ROWS', word);
    if (word === 'INTO') return refuse('SELECT_INTO', 'INTO');
    if (syntax && WRITE_WORDS.has(word) && next?.kind !== TK.OpenParen && tokens[i - 1]?.kind !== TK.Dot) return refuse('WRITES', word);
  }
  if (a.writes.length || a.ddl || a.category !== 'READ') return refuse('WRITES', a.writes.map((w) => w.table.name).join(', ') || a.kind);
  if (a.unresolved.includes('select:INTO')) return refuse('SELECT_INTO', 'INTO');
  if (options.strict && a.unresolved.length) return refuse('NOT_VERIFIABLE', a.unresolved.join(', '));
  return null;
}

/** `FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`, `FOR KEY SHARE`, `FOR READ ONLY` excepted; null when `FOR` is something else (`substring(x FOR 2)`). */
function lockAfterFor(tokens: Token[], i: number): string | null {
  const w = (k: number) => (tokens[i + k]?.kind === TK.Word ? tokens[i + k]!.up : '');
  if (w(1) === 'UPDATE' || w(1) === 'SHARE') return `FOR ${w(1)}`;
  if (w(1) === 'NO' && w(2) === 'KEY' && w(3) === 'UPDATE') return 'FOR NO KEY UPDATE';
  if (w(1) === 'KEY' && w(2) === 'SHARE') return 'FOR KEY SHARE';
  return null;
}

/** The dotted name ending at token `end` (a call's name), its parts unquoted, lower-cased. */
function qualifiedName(tokens: Token[], end: number): string[] {
  const parts = [identValue(tokens[end]!).toLowerCase()];
  let k = end;
  while (tokens[k - 1]?.kind === TK.Dot && (tokens[k - 2]?.kind === TK.Word || tokens[k - 2]?.kind === TK.QuotedIdent)) {
    parts.unshift(identValue(tokens[k - 2]!).toLowerCase());
    k -= 2;
  }
  return parts;
}
