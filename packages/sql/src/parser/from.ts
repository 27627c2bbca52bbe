/**
 * FROM clauses: items (tables, table functions, derived tables, VALUES, ROWS FROM), joins and their
 * conditions, aliases with column lists, and vendor table hints. The query layer above supplies
 * queryExpression and valuesRows.
 */
import { TK } from '../tokenizer/scanner.js';
import type { Scope, Source } from './model.js';
import { ExprParser, type ExprInfo } from './expr.js';
import { identValue } from './tokens.js';

const w = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/));

/** Words that end a FROM item: never read as a table alias. */
export const NOT_ALIAS = w(`WHERE GROUP HAVING ORDER LIMIT OFFSET FETCH UNION INTERSECT EXCEPT MINUS JOIN INNER LEFT RIGHT FULL
CROSS NATURAL OUTER ON USING WINDOW QUALIFY INTO SET RETURNING FOR LOCK WITH STRAIGHT_JOIN PREWHERE SETTINGS FORMAT FINAL
SAMPLE CONNECT START PIVOT UNPIVOT VALUES SELECT FROM AS WHEN THEN ELSE END AND OR NOT IS IN LIKE BETWEEN APPLY OPTION
TABLESAMPLE USE IGNORE FORCE PARTITION ASOF SEMI ANTI ANY GLOBAL ARRAY LATERAL DO NOTHING UPDATE DELETE INSERT MERGE BY
OVER ASC DESC NULLS OUTPUT CASE`);
const JOIN_START = w('JOIN INNER LEFT RIGHT FULL CROSS NATURAL STRAIGHT_JOIN OUTER ASOF SEMI ANTI ANY GLOBAL POSITIONAL ARRAY');
const JOIN_NEEDS_ON: ReadonlySet<string> = new Set(['postgresql', 'sqlserver', 'oracle']);
export const SET_OPERATORS = w('UNION INTERSECT EXCEPT MINUS');

export abstract class FromParser extends ExprParser {
  /** Subqueries open around the current position (MySQL's INTO and PROCEDURE belong to the outer query only). */
  protected nested = 0;
  /** A PROCEDURE ANALYSE clause was read (nothing may follow it). */
  protected procedure = false;

  abstract queryExpression(parent: Scope | undefined, start: number): Scope;
  abstract valuesRows(): void;

  /** Skips to the end of the current query level (a `)` or the end), keeping parentheses balanced. */
  skipTail(): void {
    while (!this.done && !this.atKind(TK.CloseParen) && !this.atKind(TK.Semicolon) && !this.atAny(SET_OPERATORS)) {
      if (this.atKind(TK.OpenParen)) this.skipGroup();
      else this.i++;
    }
  }

  requiredExpr(): ExprInfo | null {
    if (this.done || this.atKind(TK.CloseParen) || this.atKind(TK.Semicolon)) {
      this.error('expectedExpression');
      return null;
    }
    return this.parseExpr(0);
  }

  /**
   * System-versioned and application-time tables (MariaDB, SQL Server): FOR SYSTEM_TIME {ALL | AS OF x |
   * BETWEEN x AND y | FROM x TO y}, FOR PORTION OF period FROM x TO y.
   */
  protected periodClause(): void {
    this.i++;
    const portion = this.accept('PORTION');
    if (portion) {
      this.accept('OF');
      this.namePath();
    } else this.i++; // SYSTEM_TIME
    const bound = (): void => {
      if ((this.at('TIMESTAMP') || this.at('TRANSACTION')) && this.peek()?.kind !== TK.String) this.i++;
      this.parseExpr(6);
    };
    if (!portion && this.accept('ALL')) return;
    if (!portion && this.acceptSeq('AS', 'OF')) return bound();
    if (!portion && this.accept('BETWEEN')) {
      bound();
      if (!this.accept('AND')) return this.error('expectedAnd');
      return bound();
    }
    if (!this.accept('FROM')) return this.error('expectedFrom');
    bound();
    if (!this.accept('TO')) return this.error('unexpected');
    bound();
  }

  /** [AS] alias; `strings` allows 'alias' (select lists). */
  alias(strings: boolean): string | undefined {
    const t = this.t;
    if (!t) return undefined;
    if (t.kind === TK.Word && t.up === 'AS') {
      this.i++;
      const a = this.t;
      if (a && (a.kind === TK.Word || a.kind === TK.QuotedIdent || (strings && a.kind === TK.String))) {
        this.i++;
        if (this.at('UESCAPE') && this.peek()?.kind === TK.String) this.i += 2; // AS U&"d*0061t" UESCAPE '*'
        return a.kind === TK.String ? a.text.slice(1, -1) : identValue(a);
      }
      this.error('expectedAlias');
      return undefined;
    }
    if (t.kind === TK.QuotedIdent || (strings && t.kind === TK.String && this.def !== 'postgresql')) {
      this.i++;
      if (this.at('UESCAPE') && this.peek()?.kind === TK.String) this.i += 2; // AS U&"d*0061t" UESCAPE '*'
      return t.kind === TK.String ? t.text.slice(1, -1) : identValue(t);
    }
    const notAlias = (this.def === 'sqlserver' && t.up === 'GO') || (this.def === 'mysql' && t.up === 'PROCEDURE') || (t.up === 'BEFORE' && this.peekIs(1, 'SYSTEM_TIME'));
    if (t.kind === TK.Word && !NOT_ALIAS.has(t.up) && !notAlias) {
      this.i++;
      return t.text;
    }
    return undefined;
  }

  nameList(): string[] {
    const open = this.t!;
    this.i++;
    const names: string[] = [];
    while (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
      names.push(identValue(this.t!));
      this.i++;
      if (!this.acceptKind(TK.Comma)) break;
    }
    this.expectCloseParen(open);
    return names;
  }

  fromClause(scope: Scope): void {
    const fromTok = this.t!;
    this.i++;
    const close = this.openClause(scope, 'from', fromTok.end);
    if (this.done || this.atKind(TK.Semicolon) || this.atKind(TK.CloseParen) || this.atAny(NOT_ALIAS)) {
      if (!this.at('LATERAL') && !this.at('VALUES')) {
        this.error('expectedTable');
        close();
        return;
      }
    }
    this.fromList(scope);
    close();
  }

  fromList(scope: Scope): void {
    this.fromItem(scope);
    this.fromListTail(scope);
  }

  /** `, item` and joins after a first FROM item. */
  fromListTail(scope: Scope): void {
    for (;;) {
      if (this.errors.length) return;
      if (this.acceptKind(TK.Comma)) {
        this.fromItem(scope);
        continue;
      }
      if (this.atAny(JOIN_START) || ((this.at('CROSS') || this.at('OUTER')) && this.peekIs(1, 'APPLY'))) {
        if (!this.join(scope)) return;
        continue;
      }
      if (this.at('PIVOT') || this.at('UNPIVOT')) {
        this.i++;
        this.skipGroup();
        this.alias(false);
        continue;
      }
      return;
    }
  }

  private join(scope: Scope): boolean {
    let outer = false;
    let cross = false;
    let natural = false;
    let joined = false;
    let apply = false;
    while (!joined) {
      const t = this.t;
      if (!t || t.kind !== TK.Word) break;
      const up = t.up;
      this.i++;
      if (up === 'JOIN' || up === 'STRAIGHT_JOIN') joined = true;
      else if (up === 'APPLY') joined = apply = true;
      else if (up === 'ARRAY' && this.def === 'clickhouse' && this.at('JOIN')) {
        this.i++;
        this.exprList();
        return true;
      } else if (JOIN_START.has(up)) {
        if (up === 'LEFT' || up === 'RIGHT' || up === 'FULL') outer = true;
        if (up === 'CROSS') cross = true;
        if (up === 'NATURAL') natural = true;
      } else {
        this.i--;
        break;
      }
    }
    if (!joined) {
      this.error('expectedJoin');
      return false;
    }
    if (this.done || (this.atAny(NOT_ALIAS) && !this.at('LATERAL') && this.peek()?.kind !== TK.OpenParen)) {
      this.error('expectedTable');
      return false;
    }
    this.fromItem(scope);
    // a JOIN b JOIN c ON … ON …: the right side is itself a joined table
    while (!this.errors.length && !this.at('ON') && !this.at('USING') && (this.atAny(JOIN_START) && !this.at('ANY'))) {
      if (!this.join(scope)) return false;
    }
    if (this.at('ON') && !(this.def === 'mysql' && this.peekIs(1, 'DUPLICATE'))) {
      const on = this.t!;
      this.i++;
      const close = this.openClause(scope, 'on', on.end);
      this.scope = scope;
      this.requiredExpr();
      close();
    } else if (this.at('USING')) {
      this.i++;
      if (this.atKind(TK.OpenParen)) this.nameList();
      else this.error('expectedOpenParen');
      if (this.at('AS') && this.def === 'postgresql') this.alias(false); // JOIN … USING (id) AS j
    } else if (!cross && !natural && !apply && (outer || JOIN_NEEDS_ON.has(this.def))) {
      this.error('expectedOn', this.t, this.t ? undefined : {});
    }
    return true;
  }

  fromItem(scope: Scope): void {
    if (!this.enter()) {
      this.skipTail();
      return;
    }
    try {
      this.accept('LATERAL');
      if (this.at('ONLY') && this.def === 'postgresql' && this.peek() && this.peek()!.kind !== TK.Comma && !this.peekIs(1, 'AS')) this.i++;
      const t = this.t;
      if (!t) {
        this.error('expectedTable');
        return;
      }
      if (t.kind === TK.OpenParen) {
        this.i++;
        if (this.queryAhead()) {
          this.nested++;
          const sub = this.queryExpression(scope, t.start);
          this.nested--;
          this.scope = scope;
          this.expectCloseParen(t);
          const src: Source = { kind: 'subquery', scope: sub, start: t.start, end: this.prevEnd };
          this.sourceAlias(src);
          scope.sources.push(src);
        } else {
          this.fromList(scope);
          this.expectCloseParen(t);
          // (a CROSS JOIN b) AS j (x, y, …)
          if (this.alias(false) !== undefined && this.def === 'postgresql' && this.atKind(TK.OpenParen)) this.columnDefList();
        }
        return;
      }
      if (this.at('VALUES')) {
        this.valuesRows();
        const src: Source = { kind: 'opaque', start: t.start, end: this.prevEnd };
        this.sourceAlias(src);
        scope.sources.push(src);
        return;
      }
      if (t.kind === TK.String) {
        this.i++;
        const src: Source = { kind: 'opaque', name: t.text, start: t.start, end: t.end };
        this.sourceAlias(src);
        scope.sources.push(src);
        return;
      }
      if (t.kind !== TK.Word && t.kind !== TK.QuotedIdent) {
        this.error('expectedTable');
        return;
      }
      if (this.at('ROWS') && this.peekIs(1, 'FROM') && this.peek(2)?.kind === TK.OpenParen) {
        // ROWS FROM (f(…) [AS (col type, …)], g(…)) [WITH ORDINALITY] [alias]
        this.i += 2;
        const open = this.t!;
        this.i++;
        this.args('ROWS', open);
        const src: Source = { kind: 'opaque', name: 'ROWS FROM', start: t.start, end: this.prevEnd };
        this.acceptSeq('WITH', 'ORDINALITY');
        this.sourceAlias(src);
        scope.sources.push(src);
        return;
      }
      this.tableSource(scope, 'from');
    } finally {
      this.leave();
    }
  }

  /** name [(args) → table function] [alias] plus vendor hints. */
  tableSource(scope: Scope, role: 'from' | 'target'): void {
    const t = this.t!;
    if (t.kind === TK.Word && NOT_ALIAS.has(t.up) && !(this.peek()?.kind === TK.OpenParen)) {
      this.error('expectedTable');
      return;
    }
    const path = this.namePath();
    if (!path) {
      this.error('expectedTable');
      return;
    }
    if (this.atKind(TK.OpenParen)) {
      const open = this.t!;
      this.i++;
      const name = path.parts[path.parts.length - 1]!;
      this.functions.push({ name, start: t.start, end: path.ends[path.ends.length - 1]! });
      this.args(name.toUpperCase(), open);
      const src: Source = { kind: 'opaque', name: path.parts.join('.'), start: t.start, end: this.prevEnd };
      this.acceptSeq('WITH', 'ORDINALITY');
      this.sourceAlias(src);
      scope.sources.push(src);
      return;
    }
    if (this.def === 'postgresql' && this.atOp('*')) this.i++; // inheritance: FROM parent*
    const src: Source = { kind: 'table', path, start: t.start, end: this.prevEnd, role };
    this.tableHints();
    this.sourceAlias(src);
    this.tableHints();
    scope.sources.push(src);
    this.tables.push(src);
  }

  private sourceAlias(src: Source): void {
    const at = this.t;
    if (src.kind === 'opaque' && this.at('AS') && this.peek()?.kind === TK.OpenParen) {
      // f(…) AS (a int, b text): a column definition list without an alias
      this.i++;
      src.columnAliases = this.columnDefList();
      src.end = this.prevEnd;
      return;
    }
    const a = this.alias(false);
    if (a !== undefined) {
      src.alias = a;
      if (src.kind === 'table') src.aliasStart = this.tokens[this.i - 1]!.start;
      src.end = this.prevEnd;
      if (this.atKind(TK.OpenParen) && (src.kind !== 'table' || this.def === 'postgresql')) {
        const cols = this.columnDefList();
        if (src.kind !== 'table') src.columnAliases = cols;
      }
    } else if (at && at.kind === TK.Word && at.up === 'AS') {
      src.end = this.prevEnd;
    }
  }

  /** `(a, b)` or, after a set-returning function, `(a int, "rank" text[])`: the names, types skipped. */
  private columnDefList(): string[] {
    const open = this.t!;
    this.i++;
    const names: string[] = [];
    while (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
      names.push(identValue(this.t!));
      this.i++;
      while (!this.done && !this.atKind(TK.Comma) && !this.atKind(TK.CloseParen)) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
      if (!this.acceptKind(TK.Comma)) break;
    }
    this.expectCloseParen(open);
    return names;
  }

  /** WITH (NOLOCK), USE/FORCE/IGNORE INDEX (…), PARTITION (…), TABLESAMPLE …, FINAL, FOR SYSTEM_TIME … */
  private tableHints(): void {
    for (let guard = 0; guard < 8; guard++) {
      if (this.at('WITH') && this.peek()?.kind === TK.OpenParen) {
        this.i++;
        this.skipGroup();
      } else if ((this.at('USE') || this.at('FORCE') || this.at('IGNORE')) && (this.peekIs(1, 'INDEX') || this.peekIs(1, 'KEY'))) {
        this.i += 2;
        if (this.accept('FOR')) {
          if (!this.accept('JOIN')) this.i += 2;
        }
        this.skipGroup();
      } else if (this.at('PARTITION') && this.peek()?.kind === TK.OpenParen) {
        this.i++;
        this.skipGroup();
      } else if (this.at('TABLESAMPLE')) {
        this.i++;
        this.namePath();
        this.skipGroup();
        if (this.accept('REPEATABLE')) this.skipGroup();
      } else if (this.at('FINAL') && this.def === 'clickhouse') this.i++;
      else if (this.at('INDEXED') && this.peekIs(1, 'BY')) this.i += 3;
      else if (this.at('FOR') && (this.peekIs(1, 'SYSTEM_TIME') || this.peekIs(1, 'PORTION'))) this.periodClause();
      else if (this.at('NOT') && this.peekIs(1, 'INDEXED')) this.i += 2;
      else return;
    }
  }
}
