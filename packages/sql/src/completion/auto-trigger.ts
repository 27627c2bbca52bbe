/**
 * When the suggestion list opens by itself, without Ctrl+Space (issue 25): after a character that
 * ends a word (space, comma, dot) at the places the spec's tips are fetched and a list is obviously
 * wanted — `FROM `, `JOIN `, `ON `, `WHERE `, `AND `, `SELECT `, `BY `, `SET `, `,` in a select,
 * FROM, GROUP BY or ORDER BY list, `alias.` — never inside a string or comment. Letters open it
 * anyway (the editor's quick suggestions), so a statement's first word always gets keywords.
 */
import type { Dialect } from '../dialect.js';
import { cursorContext, type CursorContext } from './context.js';

/** Words after which a space opens the list (what follows is a table, a column or a condition). */
const AFTER_WORDS = new Set(['FROM', 'JOIN', 'STRAIGHT_JOIN', 'ON', 'WHERE', 'AND', 'OR', 'NOT', 'SELECT', 'DISTINCT', 'UPDATE', 'INTO', 'TABLE', 'BY', 'SET', 'HAVING', 'USING', 'CALL', 'EXEC', 'EXECUTE', 'DESC', 'DESCRIBE', 'TRUNCATE']);
/** Clauses whose comma-separated lists get the list after `,` (and after `, `). */
const LIST_CLAUSES = new Set(['SELECT', 'FROM', 'GROUP', 'ORDER', 'PARTITION', 'SET', 'RETURNING', 'DISTINCT']);
/** Kinds of position where the list has something to offer. */
const LIST_KINDS = new Set<CursorContext['kind']>(['expr', 'table', 'on', 'member', 'insertColumns', 'setTarget', 'procedure', 'afterOperand']);

/** Longest text looked at; a bigger script is read in the editor's 100-line window anyway. */
const MAX_TEXT = 50_000;

/** The character that was just typed is the last one of `beforeSql`. */
export function shouldAutoSuggest(beforeSql: string, afterSql: string, dialect: Dialect): boolean {
  const typed = beforeSql.charAt(beforeSql.length - 1);
  if (typed !== ' ' && typed !== ',' && typed !== '.') return false;
  if (beforeSql.length + afterSql.length > MAX_TEXT) return false;
  // Before the typed character: a space after a comma counts as the comma.
  const trimmed = beforeSql.replace(/[ \t]+$/, '');
  // A second space: the list was offered (or closed) at the first.
  if (typed === ' ' && /\s/.test(beforeSql.charAt(beforeSql.length - 2))) return false;
  const ctx = cursorContext(beforeSql, afterSql, dialect);
  if (ctx.kind === 'none' || ctx.prefix) return false;
  if (typed === '.') return ctx.kind === 'member';
  const afterComma = typed === ',' || trimmed.endsWith(',');
  if (afterComma) return LIST_KINDS.has(ctx.kind) && (LIST_CLAUSES.has(ctx.clause) || ctx.kind === 'insertColumns' || ctx.kind === 'setTarget');
  return AFTER_WORDS.has(ctx.prevWord) && LIST_KINDS.has(ctx.kind);
}
