/**
 * Calls: the arguments inside a call's parentheses, read leniently (keywords such as AS, FROM, ORDER BY,
 * SEPARATOR, COLUMNS are allowed inside), and what may follow a call (OVER, FILTER, WITHIN GROUP, AGAINST).
 */
import { TK } from '../tokenizer/scanner.js';
import type { NamePath } from './model.js';
import { Stream } from './stream.js';
import type { Token } from './tokens.js';
import { EXPR_STOP, NONRESERVED_STOP, DATEPART_FUNCS, HARD_ARG_KEYWORDS, SOFT_ARG_KEYWORDS, KEYWORD_FUNCS, TABLE_FUNCS, GROUPING_FUNCS, QUERY_WORDS, QUERY_CONTINUES, FRAME_UNITS, FRAME_NEXT, NOT_A_VALUE_START, ARG_NAME_AFTER } from './words.js';

export interface ExprInfo {
  /** Set when the whole expression is one column reference. */
  col?: NamePath;
  /** `*` or `t.*`. */
  star?: boolean;
  qualifier?: NamePath;
}

export abstract class CallParser extends Stream {
  /** Upper-case name of the call whose arguments are being read ('' outside calls). */
  protected callName = '';

  abstract parseExpr(minPrec?: number): ExprInfo | null;

  /** Reads a subquery after its `(` (implemented by the query layer). */
  protected subquery(_open: Token): void {
    this.skipToCloseParen();
  }
  protected atQueryStart(): boolean {
    return this.at('SELECT') || this.at('WITH') || this.at('VALUES') || (this.at('TABLE') && this.def === 'postgresql');
  }

  /**
   * Just after a `(`: a query starts here, including `((SELECT 1) UNION SELECT 2)` where a parenthesized
   * query is followed by a set operator or ORDER BY/LIMIT (looked ahead to the end of the inner group).
   */
  protected queryAhead(): boolean {
    if (this.atQueryStart()) return true;
    let j = this.i;
    while (j - this.i < 64 && this.tokens[j]?.kind === TK.OpenParen) j++;
    const first = this.tokens[j];
    if (j === this.i || !first || first.kind !== TK.Word || !QUERY_WORDS.has(first.up)) return false;
    let d = 0;
    for (let k = this.i; k < this.tokens.length && k - this.i < 20_000; k++) {
      const kind = this.tokens[k]!.kind;
      if (kind === TK.OpenParen) d++;
      else if (kind === TK.CloseParen && --d === 0) {
        const after = this.tokens[k + 1];
        return !!after && after.kind === TK.Word && QUERY_CONTINUES.has(after.up);
      }
    }
    return false;
  }

  /** WITHIN GROUP (…), FILTER (…), OVER (…) / OVER name, IGNORE NULLS, KEEP (…), MySQL MATCH … AGAINST (…). */
  protected callSuffix(): void {
    for (let guard = 0; guard < 6; guard++) {
      if (this.accept('AGAINST')) {
        // AGAINST ('words' IN NATURAL LANGUAGE MODE WITH QUERY EXPANSION): a search string and its modes
        if (this.atKind(TK.OpenParen)) this.skipGroup();
        else this.error('expectedOpenParen');
        continue;
      }
      if (this.acceptSeq('WITHIN', 'GROUP') || this.accept('FILTER') || this.accept('KEEP')) {
        const open = this.t;
        if (!open || open.kind !== TK.OpenParen) {
          this.error('expectedOpenParen');
          return;
        }
        this.i++;
        this.args('', open);
        continue;
      }
      if (this.acceptSeq('IGNORE', 'NULLS') || this.acceptSeq('RESPECT', 'NULLS')) continue;
      if (this.accept('OVER')) {
        const open = this.t;
        if (open && open.kind === TK.OpenParen) {
          this.i++;
          this.args('', open);
        } else if (open && (open.kind === TK.Word || open.kind === TK.QuotedIdent)) this.i++;
        else this.error('expectedOpenParen');
        continue;
      }
      return;
    }
  }

  /** Arguments after `(` through the closing `)`. */
  args(fnUp: string, open: Token): void {
    const outer = this.callName;
    this.callName = fnUp;
    try {
      this.argList(fnUp, open);
    } finally {
      this.callName = outer;
    }
  }

  /** A query starts inside call parentheses (MySQL's VALUES(col) is a function there). */
  private argQuery(): boolean {
    if (this.def === 'mysql' && this.at('VALUES') && this.peek()?.kind === TK.OpenParen) return false;
    return this.queryAhead();
  }

  private argList(fnUp: string, open: Token): void {
    if (this.acceptKind(TK.CloseParen)) return;
    if (this.argQuery()) {
      this.subquery(open);
      return;
    }
    let first = true;
    for (;;) {
      const t = this.t;
      if (!t) {
        this.error('missingCloseParen', open, {});
        return;
      }
      if (t.kind === TK.CloseParen) {
        this.i++;
        return;
      }
      if (t.kind === TK.Comma) {
        this.i++;
        first = false;
        const n = this.t;
        if (n && (n.kind === TK.Comma || n.kind === TK.CloseParen)) this.error('expectedExpression');
        continue;
      }
      const before = this.i;
      if (t.kind === TK.OpenParen && this.peek()?.kind === TK.CloseParen && GROUPING_FUNCS.has(fnUp)) {
        this.i += 2; // the empty grouping set: GROUPING SETS ((a), ())
        first = false;
        continue;
      }
      if (t.kind === TK.Word) {
        if (t.up === 'AS') {
          this.i++;
          this.skipTypeInArgs();
          continue;
        }
        if (t.up === 'COLUMNS' && TABLE_FUNCS.has(fnUp)) {
          // Column definitions: JSON_TABLE(… COLUMNS (id FOR ORDINALITY, a INT PATH '$.a')), XMLTABLE(… COLUMNS a int PATH 'x', …)
          this.i++;
          while (!this.done && !this.atKind(TK.CloseParen)) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
          continue;
        }
        if (first && DATEPART_FUNCS.has(fnUp)) {
          const n = this.peek();
          if (n && (n.kind === TK.Comma || (n.kind === TK.Word && n.up === 'FROM'))) {
            this.i++;
            first = false;
            continue;
          }
        }
        if ((HARD_ARG_KEYWORDS.has(t.up) && (!KEYWORD_FUNCS[t.up] || KEYWORD_FUNCS[t.up]!.has(fnUp))) || this.softKeyword(t.up)) {
          this.i++;
          if (t.up === 'NULLS' && (this.at('FIRST') || this.at('LAST'))) this.i++;
          else if (t.up === 'CURRENT' && this.at('ROW')) this.i++;
          else if (t.up === 'EXCLUDE') {
            if (!this.acceptSeq('CURRENT', 'ROW') && !this.acceptSeq('NO', 'OTHERS')) this.accept('TIES') || this.accept('GROUP');
          }
          continue;
        }
        if (ARG_NAME_AFTER.has(t.up)) {
          this.i++;
          if (this.at('OPERATOR') && this.peek()?.kind === TK.OpenParen) {
            this.i++;
            this.skipGroup(); // ORDER BY c USING OPERATOR(public.<^)
          } else if (this.atKind(TK.Word) || this.atKind(TK.Operator)) this.i++; // CONVERT(x USING utf8), ORDER BY c USING ~<~
          continue;
        }
        if (this.argQuery()) {
          this.subquery(open);
          return;
        }
      }
      if (!first && t.kind === TK.Word && EXPR_STOP.has(t.up) && !NONRESERVED_STOP.has(t.up) && this.peek()?.kind !== TK.OpenParen) {
        // count(* FROM t: the call was not closed.
        this.error('expectedCloseParen');
        return;
      }
      this.parseExpr(0);
      if (this.i === before) {
        this.error('unexpected');
        this.skipToCloseParen();
        return;
      }
      first = false;
    }
  }

  /** A word that acts as a keyword inside call parentheses only when a value follows (KEY 'a' VALUE 1). */
  private softKeyword(up: string): boolean {
    const n = this.peek();
    if (FRAME_UNITS.has(up)) return !!n && ((n.kind === TK.Word && FRAME_NEXT.has(n.up)) || n.kind === TK.Number);
    if (up === 'CURRENT') return !!n && n.kind === TK.Word && n.up === 'ROW';
    if (!SOFT_ARG_KEYWORDS.has(up) || !n) return false;
    if (n.kind === TK.String || n.kind === TK.Number || n.kind === TK.Param || n.kind === TK.QuotedIdent) return true;
    return n.kind === TK.Word && !NOT_A_VALUE_START.has(n.up);
  }

  /** After AS inside a call: the type name, up to `,` or `)` of the call. */
  private skipTypeInArgs(): void {
    while (!this.done && !this.atKind(TK.Comma) && !this.atKind(TK.CloseParen)) {
      if (this.atKind(TK.OpenParen)) this.skipGroup();
      else this.i++;
    }
  }
}
