/**
 * Expressions: precedence climbing over a broad, multi-dialect expression language (operators, literals
 * including typed and vendor ones, CASE, names); call arguments are read by the layer below (call.ts),
 * leniently, so vendor syntax does not produce false errors; names that are not columns there (CAST
 * types, date parts) are not recorded as column references.
 */
import { TK } from '../tokenizer/scanner.js';
import type { Scope } from './model.js';
import { CallParser, type ExprInfo } from './call.js';
import type { Token } from './tokens.js';
import { EXPR_STOP, NONRESERVED_STOP, FUNCTION_ALSO, NEGATABLE, COMPARISON, LITERAL_WORDS, NILADIC, TYPED_LITERAL, DATE_UNITS, NORMAL_FORMS, NOT_A_VALUE_START, PG_NOT_PREFIX, TYPE_SEQUENCES, TYPE_WORDS } from './words.js';

export type { ExprInfo } from './call.js';
export { EXPR_STOP, NILADIC, DATE_UNITS } from './words.js';

export class ExprParser extends CallParser {
  scope!: Scope;

  parseExpr(minPrec = 0): ExprInfo | null {
    if (!this.enter()) {
      this.skipToCloseParen();
      return null;
    }
    try {
      let info = this.parseUnary();
      if (!info) return null;
      for (;;) {
        const t = this.t;
        if (!t) break;
        let prec = -1;
        if (t.kind === TK.Word) {
          switch (t.up) {
            case 'OR': prec = 1; break;
            case 'XOR': prec = this.def === 'mysql' ? 2 : -1; break;
            case 'AND': prec = 3; break;
            case 'NOT': {
              const n = this.peek();
              prec = n && n.kind === TK.Word && NEGATABLE.has(n.up) ? 5 : -1;
              break;
            }
            case 'IS': case 'IN': case 'LIKE': case 'ILIKE': case 'RLIKE': case 'REGEXP': case 'GLOB': case 'SIMILAR':
            case 'BETWEEN': case 'ISNULL': case 'NOTNULL':
              prec = 5; break;
            case 'MATCH': prec = this.def === 'sqlite' ? 5 : -1; break;
            case 'OVERLAPS': prec = 5; break;
            case 'SOUNDS': prec = this.def === 'mysql' && this.peekIs(1, 'LIKE') ? 5 : -1; break;
            case 'DIV': case 'MOD': prec = this.def === 'mysql' ? 7 : -1; break;
            case 'COLLATE': prec = 8; break;
            case 'AT': prec = this.peekIs(1, 'TIME') ? 8 : -1; break;
            case 'OPERATOR': prec = this.def === 'postgresql' && this.peek()?.kind === TK.OpenParen ? 7 : -1; break;
          }
        } else if (t.kind === TK.Operator) {
          if (t.text === '::') prec = 9;
          else if (t.text === '[') prec = 9;
          else if (t.text === ']' || t.text === '}' || t.text === '{' || t.text === ':') prec = -1;
          else prec = COMPARISON.has(t.text) ? 5 : 7;
        } else if (t.kind === TK.Param && t.text === '?' && this.def === 'postgresql') prec = 7;
        else if (t.kind === TK.Dot) prec = 9;
        if (prec < 0 || prec < minPrec) break;
        info = {};
        if (!this.infix(t, prec)) break;
      }
      return info;
    } finally {
      this.leave();
    }
  }

  /** Consumes one infix/postfix operator and its right side; false when the expression cannot go on. */
  private infix(t: Token, prec: number): boolean {
    if (t.kind === TK.Operator) {
      this.i++;
      if (t.text === '::') return this.typeName();
      if (t.text === '[') {
        while (!this.done && !this.atOp(']')) {
          const before = this.i;
          if (this.atOp(':') || this.atKind(TK.Comma)) this.i++;
          else this.parseExpr(0);
          if (this.i === before) break;
        }
        if (!this.atOp(']')) {
          this.error('expectedCloseBracket');
          return false;
        }
        this.i++;
        return true;
      }
      return this.parseExpr(prec + 1) !== null;
    }
    if (t.kind === TK.Param || (t.kind === TK.Word && (t.up === 'OR' || t.up === 'AND' || t.up === 'XOR' || t.up === 'DIV' || t.up === 'MOD'))) {
      this.i++;
      return this.parseExpr(prec + 1) !== null;
    }
    if (t.kind === TK.Dot) {
      this.i++;
      if (this.atOp('*') || this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
        this.i++;
        return true;
      }
      this.error('expectedName');
      return false;
    }
    const up = t.up;
    this.i++;
    switch (up) {
      case 'NOT':
        return this.infix(this.t!, prec);
      case 'ISNULL': case 'NOTNULL':
        return true;
      case 'OVERLAPS': // (a, b) OVERLAPS (c, d)
        return this.parseExpr(6) !== null;
      case 'SOUNDS': // MySQL a SOUNDS LIKE b
        this.i++;
        return this.parseExpr(6) !== null;
      case 'IS':
        this.accept('NOT');
        if (this.acceptSeq('DISTINCT', 'FROM')) return this.parseExpr(6) !== null;
        if (this.atAny(NORMAL_FORMS) && this.peekIs(1, 'NORMALIZED')) this.i++;
        if (this.atAny(LITERAL_WORDS) || this.at('JSON') || this.at('DOCUMENT') || this.at('NORMALIZED')) {
          this.i++;
          return true;
        }
        this.error('expectedNull');
        return false;
      case 'IN': {
        const open = this.t;
        if (open && open.kind === TK.OpenParen) {
          this.i++;
          if (this.queryAhead()) this.subquery(open);
          else {
            this.exprList();
            this.expectCloseParen(open);
          }
          return true;
        }
        return this.parsePrimary() !== null;
      }
      case 'BETWEEN':
        if (!this.accept('SYMMETRIC')) this.accept('ASYMMETRIC');
        if (this.parseExpr(6) === null) return false;
        if (!this.accept('AND')) {
          this.error('expectedAnd');
          return false;
        }
        return this.parseExpr(6) !== null;
      case 'COLLATE':
        if (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent) || this.atKind(TK.String)) {
          this.namePath() ?? this.i++;
          return true;
        }
        this.error('expectedName');
        return false;
      case 'AT':
        this.i += 2; // TIME ZONE
        return this.parseExpr(9) !== null;
      case 'OPERATOR': // a OPERATOR(pg_catalog.+) b
        this.skipGroup();
        return this.parseExpr(prec + 1) !== null;
      default: // LIKE family
        if (up === 'SIMILAR' && !this.accept('TO') && this.callName !== 'SUBSTRING') { // substring(x SIMILAR p ESCAPE e)
          this.error('expectedTo');
          return false;
        }
        this.accept('ANY') || this.accept('ALL');
        if (this.parseExpr(6) === null) return false;
        if (this.accept('ESCAPE')) return this.parsePrimary() !== null;
        return true;
    }
  }

  parseUnary(): ExprInfo | null {
    const t = this.t;
    if (t && t.kind === TK.Word && (t.up === 'NOT' || t.up === 'PRIOR' || t.up === 'BINARY' || t.up === 'DISTINCT')) {
      if (t.up === 'BINARY' && this.def !== 'mysql') return this.parsePrimary();
      if (t.up === 'DISTINCT' && this.clause !== 'select') return this.parsePrimary();
      this.i++;
      return this.parseExpr(t.up === 'NOT' ? 4 : 9) ? {} : null;
    }
    if (t && t.kind === TK.Operator && this.isPrefixOp(t)) {
      // A run of prefix operators is read in a loop: `- - - … 1` must not recurse.
      while (this.t && this.t.kind === TK.Operator && this.isPrefixOp(this.t)) this.i++;
      return this.parseUnary() ? {} : null;
    }
    return this.parsePrimary();
  }

  /** `-x`, `~x`; PostgreSQL takes most operators as prefixes (`@@ box`, `|/ 25`, `@-@ path`). */
  private isPrefixOp(t: Token): boolean {
    if (/^[-+~!]+$/.test(t.text)) return true; // MySQL scans `--1` as one operator run
    return this.def === 'postgresql' && !PG_NOT_PREFIX.has(t.text) && /^[~!@#%^&|`?+\-*/<>=]+$/.test(t.text);
  }

  parsePrimary(): ExprInfo | null {
    const t = this.t;
    if (!t) {
      this.error('expectedExpression');
      return null;
    }
    switch (t.kind) {
      case TK.Number: case TK.DollarString: case TK.Param:
        this.i++;
        return {};
      case TK.String:
        this.i++;
        while (this.atKind(TK.String)) this.i++;
        if (this.at('UESCAPE') && this.peek()?.kind === TK.String) this.i += 2; // U&'d!0061t' UESCAPE '!'
        return {};
      case TK.OpenParen: {
        this.i++;
        if (this.queryAhead()) {
          this.subquery(t);
          return {};
        }
        if (this.atKind(TK.CloseParen)) {
          this.error('expectedExpression');
          this.i++;
          return null;
        }
        this.exprList();
        this.expectCloseParen(t);
        return {};
      }
      case TK.Operator:
        if (t.text === '*') {
          this.i++;
          return { star: true };
        }
        if ((t.text === '@' || t.text === '@@') && this.def === 'mysql') {
          const n = this.peek();
          if (n && n.start === t.end && (n.kind === TK.QuotedIdent || n.kind === TK.String)) {
            this.i += 2; // @`a b`, @'x'
            return {};
          }
        }
        if (t.text === '[' || t.text === '{') {
          const close = t.text === '[' ? ']' : '}';
          this.i++;
          while (!this.done && !this.atOp(close)) {
            const before = this.i;
            if (this.atKind(TK.Comma) || this.atOp(':')) this.i++;
            else this.parseExpr(0);
            if (this.i === before) break;
          }
          if (!this.atOp(close)) {
            this.error('expectedCloseBracket');
            return null;
          }
          this.i++;
          return {};
        }
        this.error('expectedExpression');
        return null;
      case TK.Word:
      case TK.QuotedIdent:
        return this.namedPrimary(t);
      default:
        this.error(t.kind === TK.Unknown ? 'unexpectedCharacter' : 'expectedExpression');
        return null;
    }
  }

  private namedPrimary(t: Token): ExprInfo | null {
    const next = this.peek();
    const nextParen = !!next && next.kind === TK.OpenParen;
    if (t.kind === TK.Word) {
      const up = t.up;
      if (EXPR_STOP.has(up) && !(nextParen && FUNCTION_ALSO.has(up)) && !NONRESERVED_STOP.has(up)) {
        this.error('expectedExpression');
        return null;
      }
      if (up === 'CASE') return this.parseCase(t);
      if (up === 'EXISTS' || ((up === 'ARRAY' || up === 'MULTISET') && nextParen)) {
        this.i++;
        const open = this.t;
        if (!open || open.kind !== TK.OpenParen) {
          this.error('expectedOpenParen');
          return null;
        }
        this.i++;
        if (this.atQueryStart()) this.subquery(open);
        else this.args('', open);
        return {};
      }
      if (LITERAL_WORDS.has(up) && !(up === 'DEFAULT' && nextParen)) {
        this.i++;
        return {};
      }
      if (up === 'MATCH' && this.def === 'mysql' && !nextParen) {
        // MATCH a, b AGAINST (…) without parentheses (MariaDB)
        this.i++;
        while (this.namePath() && this.acceptKind(TK.Comma));
        if (!this.at('AGAINST')) this.error('expectedExpression');
        this.callSuffix();
        return {};
      }
      if (NILADIC.has(up) && !(next && next.kind === TK.Dot)) {
        this.i++;
        if (nextParen) this.args(up, this.tokens[this.i++]!);
        return {};
      }
      if (up === 'INTERVAL' && this.intervalIsLiteral(next)) {
        this.i++;
        if (nextParen && this.peek(3)?.kind === TK.String && this.peek(2)?.kind === TK.CloseParen) this.i += 3; // interval(2) '…'
        if (!this.parseUnary()) return null;
        let units = 0;
        while (units < 3 && this.atAny(DATE_UNITS)) {
          this.i++;
          units++;
        }
        if (units) this.fractionalPrecision(); // interval '1.5' second(2)
        return {};
      }
      if (this.typedLiteral(t)) return {};
      if ((up === 'NEXT' || up === 'PREVIOUS') && this.peekIs(1, 'VALUE') && this.peekIs(2, 'FOR')) {
        this.i += 3; // NEXT VALUE FOR seq (MariaDB, SQL Server)
        if (!this.namePath()) this.error('expectedName');
        return {};
      }
      if (up === 'COLLATION' && this.peekIs(1, 'FOR') && this.peek(2)?.kind === TK.OpenParen) {
        this.i += 3; // COLLATION FOR (expr)
        this.args('', this.tokens[this.i - 1]!);
        return {};
      }
      if (up === 'ARRAY' && next && next.kind === TK.Operator && next.text === '[') {
        this.i++;
        return this.parsePrimary();
      }
    }
    const start = this.i;
    const path = this.namePath()!;
    if (this.atKind(TK.OpenParen)) {
      const name = path.parts[path.parts.length - 1]!;
      this.functions.push({ name, start: path.starts[0]!, end: path.ends[path.ends.length - 1]! });
      const open = this.t!;
      this.i++;
      this.args(this.tokens[start + (path.parts.length - 1) * 2]!.up, open);
      this.callSuffix();
      return {};
    }
    if (this.atKind(TK.Dot) && this.peek()?.kind === TK.Operator && this.peek()!.text === '*') {
      this.i += 2;
      return { star: true, qualifier: path };
    }
    this.columns.push({ path, scope: this.scope, clause: this.clause, ...(this.aliasContext ? { mayBeAlias: true } : {}) });
    return { col: path };
  }

  /** INTERVAL starts a literal unless it is a column's name (`OVER (ORDER BY interval)`, `interval,`). */
  private intervalIsLiteral(next: Token | undefined): boolean {
    if (!next) return false;
    if (next.kind === TK.Word) return !EXPR_STOP.has(next.up) && !NOT_A_VALUE_START.has(next.up);
    if (next.kind === TK.Operator) return next.text === '-' || next.text === '+';
    return next.kind === TK.String || next.kind === TK.Number || next.kind === TK.Param || next.kind === TK.OpenParen || next.kind === TK.QuotedIdent;
  }

  /**
   * `type 'text'` at the current word: DATE '…' everywhere, MySQL charset introducers (_utf8mb4'…'), and
   * PostgreSQL's generic typed literals (int2 '2', polygon '…', timestamp with time zone '…'). Consumes it.
   */
  private typedLiteral(t: Token): boolean {
    const up = t.up;
    const next = this.peek();
    if (next?.kind === TK.String) {
      const ok = TYPED_LITERAL.has(up) || (this.def === 'mysql' && up.startsWith('_')) || (this.def === 'postgresql' && !LITERAL_WORDS.has(up));
      if (!ok) return false;
      this.i += 2;
      if (this.at('UESCAPE') && this.peek()?.kind === TK.String) this.i += 2;
      return true;
    }
    if (this.def === 'mysql' && up.startsWith('_') && next?.kind === TK.Number && /^0x/i.test(next.text)) {
      this.i += 2; // _binary 0xFF
      return true;
    }
    if (this.def !== 'postgresql') return false;
    // type(modifiers) 'text': char(20) 'x', numeric(10, 2) '1.5', timestamp(2) with time zone 'now'
    let k = 1;
    if (next?.kind === TK.OpenParen) {
      while (k < 8 && (this.peek(k + 1)?.kind === TK.Number || this.peek(k + 1)?.kind === TK.Comma)) k++;
      if (k === 1 || this.peek(k + 1)?.kind !== TK.CloseParen) return false;
      k += 2;
      if ((this.peekIs(k, 'WITH') || this.peekIs(k, 'WITHOUT')) && this.peekIs(k + 1, 'TIME') && this.peekIs(k + 2, 'ZONE')) k += 3;
      if (this.peek(k)?.kind !== TK.String || LITERAL_WORDS.has(up)) return false;
      this.i += k + 1;
      return true;
    }
    for (const seq of TYPE_SEQUENCES) {
      if (seq[0] !== up) continue;
      k = 1;
      while (k < seq.length && this.peekIs(k, seq[k]!)) k++;
      if (k === seq.length && this.peek(k)?.kind === TK.String) {
        this.i += k + 1;
        return true;
      }
    }
    return false;
  }

  /** `(n)` after an interval's last unit (SECOND(2)). */
  private fractionalPrecision(): void {
    if (this.atKind(TK.OpenParen) && this.peek()?.kind === TK.Number && this.peek(2)?.kind === TK.CloseParen) this.i += 3;
  }

  /** A type name after `::`. */
  typeName(): boolean {
    const path = this.namePath();
    if (!path) {
      this.error('expectedType');
      return false;
    }
    while (this.atAny(TYPE_WORDS)) this.i++;
    if (this.atKind(TK.OpenParen)) this.skipGroup();
    if (path.parts[path.parts.length - 1]!.toUpperCase() === 'INTERVAL') {
      // ::interval day to second(3)
      let units = 0;
      while (units < 3 && this.atAny(DATE_UNITS)) {
        this.i++;
        units++;
      }
      if (units) this.fractionalPrecision();
    }
    while (this.atOp('[') && this.peek()?.kind === TK.Operator && this.peek()!.text === ']') this.i += 2;
    return true;
  }

  exprList(): void {
    for (;;) {
      const before = this.i;
      this.parseExpr(0);
      if (this.i === before) return;
      if (!this.acceptKind(TK.Comma)) return;
    }
  }

  parseCase(t: Token): ExprInfo | null {
    this.i++;
    if (!this.at('WHEN')) {
      if (this.parseExpr(0) === null) return null;
    }
    if (!this.at('WHEN')) {
      this.error('expectedWhen');
      return null;
    }
    while (this.accept('WHEN')) {
      if (this.parseExpr(0) === null) return null;
      if (!this.accept('THEN')) {
        this.error('expectedThen');
        return null;
      }
      if (this.parseExpr(0) === null) return null;
    }
    if (this.accept('ELSE') && this.parseExpr(0) === null) return null;
    if (!this.accept('END')) {
      this.error(this.done ? 'unterminatedCase' : 'expectedEnd', this.done ? t : undefined, this.done ? {} : undefined);
      return null;
    }
    return {};
  }
}
