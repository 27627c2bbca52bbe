/**
 * Where the cursor is: the statement around it, the word being typed, a `qualifier.` before it, and
 * what may come next (a table, a column expression, a keyword, …), read from the tokens before the
 * cursor; plus the statement's scopes from a tolerant parse with a placeholder at the cursor, so
 * tables written later in the statement (`SELECT | FROM orders`) are known too.
 */
import type { Dialect } from '../dialect.js';
import { splitRanges } from '../splitter.js';
import { Scanner, TK, isWordPart } from '../tokenizer/scanner.js';
import { identValue, tokenize, type Token } from '../parser/tokens.js';
import { analyzeStatement } from '../parser/parse-script.js';
import type { Scope, StatementAnalysis, TableSource } from '../parser/model.js';

export type ContextKind =
  | 'none' | 'start' | 'expr' | 'afterOperand' | 'table' | 'afterTable' | 'on' | 'member' | 'insertColumns' | 'setTarget'
  | 'procedure' | 'keywords' | 'subquery' | 'window';

export interface CursorContext {
  kind: ContextKind;
  /** The word typed before the cursor (may be empty). */
  prefix: string;
  qualifier?: string[];
  /** Upper-case keyword governing the cursor: SELECT, WHERE, FROM, JOIN, ON, SET, ORDER, GROUP, … */
  clause: string;
  /** Upper-case previous word ('' if the previous token is not a word). */
  prevWord: string;
  /** For kind 'keywords': what may follow the previous word. */
  follow?: string[];
  /** A table context right after JOIN (join clause suggestions). */
  afterJoin?: boolean;
  analysis?: StatementAnalysis;
  scope?: Scope;
  /** The INSERT/UPDATE target for column lists and SET. */
  target?: TableSource;
  /** Columns already listed in an INSERT column list. */
  listed?: string[];
}

const PLACEHOLDER = 'zz_askdb_cursor';

const w = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/));
const CLAUSE_WORDS = w(`SELECT FROM JOIN WHERE ON HAVING GROUP ORDER BY LIMIT OFFSET SET VALUES INTO UPDATE USING RETURNING
QUALIFY WINDOW PARTITION CALL EXEC EXECUTE TABLE DELETE INSERT WITH UNION INTERSECT EXCEPT WHEN THEN ELSE CASE TRUNCATE
APPLY STRAIGHT_JOIN PREWHERE`);
const EXPR_AFTER = w(`SELECT DISTINCT WHERE AND OR NOT HAVING WHEN THEN ELSE CASE BETWEEN LIKE ILIKE RLIKE REGEXP RETURNING ALL
ANY SOME BY QUALIFY PREWHERE TOP XOR EXISTS PRIOR`);
const TABLE_AFTER = w('FROM JOIN INTO UPDATE TABLE TRUNCATE STRAIGHT_JOIN APPLY');
const FOLLOW: Record<string, string[]> = {
  ORDER: ['BY'], GROUP: ['BY'], PARTITION: ['BY'], INSERT: ['INTO'], DELETE: ['FROM'], LEFT: ['JOIN', 'OUTER JOIN'],
  RIGHT: ['JOIN', 'OUTER JOIN'], FULL: ['JOIN', 'OUTER JOIN'], INNER: ['JOIN'], CROSS: ['JOIN'], OUTER: ['JOIN'],
  NATURAL: ['JOIN'], IS: ['NULL', 'NOT NULL', 'TRUE', 'FALSE'], UNION: ['ALL', 'SELECT'], NULLS: ['FIRST', 'LAST'],
  CREATE: ['TABLE', 'VIEW', 'INDEX', 'UNIQUE INDEX', 'OR REPLACE VIEW', 'PROCEDURE', 'FUNCTION', 'TRIGGER', 'SCHEMA', 'DATABASE'],
  ALTER: ['TABLE', 'VIEW', 'INDEX', 'SCHEMA', 'DATABASE'], DROP: ['TABLE', 'VIEW', 'INDEX', 'IF EXISTS', 'SCHEMA', 'DATABASE'],
  PRIMARY: ['KEY'], FOREIGN: ['KEY'], NOT: ['NULL', 'IN', 'LIKE', 'BETWEEN', 'EXISTS'],
};

/** The statement range around the cursor: [start, end) in `text`, or an empty range at the cursor. */
function statementRange(text: string, cursor: number, dialect: Dialect): { start: number; end: number; gapFrom: number } {
  const ranges = splitRanges(text, dialect.splitter);
  let best = { start: cursor, end: cursor, gapFrom: 0 };
  const sc = new Scanner(dialect.splitter);
  for (let k = 0; k < ranges.length; k += 2) {
    const s = ranges[k]!;
    const e = ranges[k + 1]!;
    if (s > cursor) break;
    if (cursor <= e) return { start: s, end: e, gapFrom: s };
    // The cursor is after this statement: still in it unless a terminator lies between.
    let p = e;
    let terminated = false;
    while (p < cursor) {
      const kind = sc.scan(text, p);
      if (kind !== TK.Space && kind !== TK.LineComment && kind !== TK.BlockComment) {
        terminated = true;
        break;
      }
      p = sc.end;
    }
    best = terminated ? { start: cursor, end: cursor, gapFrom: e } : { start: s, end: Math.max(e, cursor), gapFrom: s };
    // A statement right after the cursor (same line, no terminator yet) belongs to the next range.
  }
  // Text after the cursor up to the next terminator belongs to this statement too (`SELECT | FROM t` typed at the end).
  if (best.start === cursor) {
    for (let k = 0; k < ranges.length; k += 2) {
      if (ranges[k]! >= cursor && /^[^\S\n]*$/.test(text.slice(cursor, ranges[k]!))) return { start: cursor, end: ranges[k + 1]!, gapFrom: best.gapFrom };
    }
  }
  return best;
}

/** True when the cursor sits inside a string, quoted name or comment. */
function insideLiteral(text: string, from: number, cursor: number, dialect: Dialect): boolean {
  const sc = new Scanner(dialect.splitter);
  let p = from;
  while (p < cursor) {
    const kind = sc.scan(text, p);
    const end = sc.end;
    if (end > cursor || (end === cursor && (kind === TK.LineComment || sc.unterminated))) {
      return kind === TK.String || kind === TK.DollarString || kind === TK.LineComment || kind === TK.BlockComment;
    }
    p = end;
  }
  return false;
}

export function cursorContext(beforeSql: string, afterSql: string, dialect: Dialect): CursorContext {
  const text = beforeSql + afterSql;
  const cursor = beforeSql.length;
  const range = statementRange(text, cursor, dialect);
  if (insideLiteral(text, Math.min(range.gapFrom, range.start), cursor, dialect)) return { kind: 'none', prefix: '', clause: '', prevWord: '' };

  let prefixStart = cursor;
  while (prefixStart > range.start && isWordPart(text.charCodeAt(prefixStart - 1))) prefixStart--;
  let wordEnd = cursor;
  while (wordEnd < text.length && isWordPart(text.charCodeAt(wordEnd))) wordEnd++;
  const prefix = text.slice(prefixStart, cursor);

  const { tokens } = tokenize(text, dialect.splitter, range.start, Math.max(range.end, cursor));
  let n = 0;
  while (n < tokens.length && tokens[n]!.end <= prefixStart) n++;
  const before = tokens.slice(0, n);

  // qualifier: a.b.| or a.|
  let qualifier: string[] | undefined;
  let last = before.length - 1;
  if (last >= 0 && before[last]!.kind === TK.Dot && before[last]!.end === prefixStart) {
    qualifier = [];
    let j = last - 1;
    while (j >= 0 && (before[j]!.kind === TK.Word || before[j]!.kind === TK.QuotedIdent)) {
      qualifier.unshift(identValue(before[j]!));
      if (j >= 1 && before[j - 1]!.kind === TK.Dot) j -= 2;
      else {
        j--;
        break;
      }
    }
    last = j;
    if (!qualifier.length) qualifier = undefined;
  }

  const ctx: CursorContext = { kind: 'start', prefix, clause: '', prevWord: '' };
  if (qualifier) ctx.qualifier = qualifier;

  // Tolerant analysis with a placeholder where the word is typed.
  const stmtEnd = Math.max(range.end, wordEnd);
  const patched = text.slice(range.start, prefixStart) + PLACEHOLDER + text.slice(wordEnd, stmtEnd);
  const { analysis } = analyzeStatement(patched, dialect, 0, patched.length, true);
  ctx.analysis = analysis;
  ctx.scope = innermostScope(analysis, prefixStart - range.start);

  const p = last >= 0 ? before[last] : undefined;
  ctx.prevWord = p && p.kind === TK.Word ? p.up : '';
  const g = governing(before, last);
  ctx.clause = g.word;
  if (qualifier) {
    ctx.kind = 'member';
    return ctx;
  }
  if (!p || p.kind === TK.Semicolon) return ctx;
  decideKind(ctx, before, last, g, analysis);
  return ctx;
}

interface Governing {
  word: string;
  /** Index of the governing token; for an open parenthesis, its index and paren = true. */
  index: number;
  paren: boolean;
}

/** The clause keyword (or open parenthesis) the token at `idx` belongs to, at its nesting level. */
function governing(toks: Token[], idx: number): Governing {
  let depth = 0;
  for (let j = idx; j >= 0; j--) {
    const t = toks[j]!;
    if (t.kind === TK.CloseParen) depth++;
    else if (t.kind === TK.OpenParen) {
      if (depth === 0) return { word: '(', index: j, paren: true };
      depth--;
    } else if (depth === 0 && t.kind === TK.Word && CLAUSE_WORDS.has(t.up)) {
      if (t.up === 'BY' && j > 0 && toks[j - 1]!.kind === TK.Word) return { word: toks[j - 1]!.up, index: j, paren: false };
      return { word: t.up, index: j, paren: false };
    }
  }
  return { word: '', index: -1, paren: false };
}

function decideKind(ctx: CursorContext, toks: Token[], last: number, g: Governing, analysis: StatementAnalysis): void {
  const p = toks[last]!;
  const operandEnded = () => {
    ctx.kind = TABLE_AFTER.has(g.word) ? 'afterTable' : 'afterOperand';
  };
  switch (p.kind) {
    case TK.Comma:
      if (g.paren) return parenContext(ctx, toks, g.index, analysis);
      if (g.word === 'FROM') ctx.kind = 'table';
      else if (g.word === 'SET') setTarget(ctx, analysis);
      else ctx.kind = 'expr';
      return;
    case TK.OpenParen:
      return parenContext(ctx, toks, last, analysis);
    case TK.Operator:
      ctx.kind = p.text === '*' && (ctx.prevWord === 'SELECT' || toks[last - 1]?.up === 'SELECT' || toks[last - 1]?.kind === TK.Dot) ? 'afterOperand' : 'expr';
      return;
    case TK.Word: {
      const up = p.up;
      if (up === 'ON') {
        ctx.kind = 'on';
        return;
      }
      if (up === 'SET') return setTarget(ctx, analysis);
      if (up === 'JOIN' || up === 'STRAIGHT_JOIN' || up === 'APPLY') {
        ctx.kind = 'table';
        ctx.afterJoin = true;
        return;
      }
      if (up === 'FROM' && toks[last - 1]?.up === 'DISTINCT') {
        ctx.kind = 'expr'; // IS DISTINCT FROM
        return;
      }
      if (TABLE_AFTER.has(up) || ((up === 'DESC' || up === 'DESCRIBE') && last === 0)) {
        ctx.kind = 'table';
        return;
      }
      if (up === 'CALL' || up === 'EXEC' || up === 'EXECUTE') {
        ctx.kind = 'procedure';
        return;
      }
      if (EXPR_AFTER.has(up)) {
        ctx.kind = 'expr';
        return;
      }
      if (FOLLOW[up] && !(up === 'NOT' && g.word !== 'WHERE' && g.word !== 'ON' && g.word !== 'HAVING')) {
        ctx.kind = 'keywords';
        ctx.follow = FOLLOW[up];
        return;
      }
      if (up === 'AS' || up === 'WITH') {
        ctx.kind = 'none';
        return;
      }
      if (up === 'ASC' || up === 'DESC') {
        ctx.kind = 'afterOperand';
        return;
      }
      return operandEnded();
    }
    default:
      return operandEnded();
  }
}

/** Right after `(` or inside a parenthesised list. */
function parenContext(ctx: CursorContext, toks: Token[], openIdx: number, analysis: StatementAnalysis): void {
  const b = toks[openIdx - 1];
  const bUp = b && b.kind === TK.Word ? b.up : '';
  const intoIdx = findInto(toks, openIdx);
  if (intoIdx >= 0) {
    ctx.kind = 'insertColumns';
    ctx.target = analysis.tables.find((t) => t.role === 'target');
    ctx.listed = toks.slice(openIdx + 1).filter((t) => t.kind === TK.Word || t.kind === TK.QuotedIdent).map(identValue);
    return;
  }
  if (!b || bUp === 'FROM' || bUp === 'JOIN' || bUp === 'AS' || b.kind === TK.OpenParen) {
    ctx.kind = 'subquery';
    return;
  }
  if (bUp === 'IN' || bUp === 'EXISTS' || bUp === 'ANY' || bUp === 'ALL' || bUp === 'SOME') {
    ctx.kind = 'subquery';
    ctx.clause = 'IN';
    return;
  }
  if (bUp === 'OVER') {
    ctx.kind = 'window';
    return;
  }
  ctx.kind = 'expr';
}

/** Index of INTO when `toks[openIdx]` opens `INSERT INTO name (`. */
function findInto(toks: Token[], openIdx: number): number {
  let j = openIdx - 1;
  if (j < 0 || (toks[j]!.kind !== TK.Word && toks[j]!.kind !== TK.QuotedIdent)) return -1;
  j--;
  while (j >= 1 && toks[j]!.kind === TK.Dot) j -= 2;
  const t = toks[j];
  return t && t.kind === TK.Word && t.up === 'INTO' && toks[j - 1]?.up !== 'SELECT' ? j : -1;
}

function setTarget(ctx: CursorContext, analysis: StatementAnalysis): void {
  ctx.kind = 'setTarget';
  ctx.target = analysis.tables.find((t) => t.role === 'target');
}

/** The smallest scope whose range contains `pos` (offsets of the patched statement). */
function innermostScope(a: StatementAnalysis, pos: number): Scope {
  let best = a.root;
  let bestSize = Infinity;
  for (const s of a.scopes) {
    if (s.start <= pos && pos <= s.end && s.end - s.start <= bestSize) {
      best = s;
      bestSize = s.end - s.start;
    }
  }
  return best;
}
