/**
 * Queries: WITH, SELECT cores joined by set operators, select lists, FROM items and joins, and the
 * clauses in their required order. Each SELECT core is a scope holding its sources.
 */
import { TK } from '../tokenizer/scanner.js';
import type { ClauseKind, Cte, Scope, SelectItem, Source } from './model.js';
import { ExprParser, type ExprInfo } from './expr.js';
import { identValue, type Token } from './tokens.js';

const w = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/));

/** Words that end a FROM item: never read as a table alias. */
export const NOT_ALIAS = w(`WHERE GROUP HAVING ORDER LIMIT OFFSET FETCH UNION INTERSECT EXCEPT MINUS JOIN INNER LEFT RIGHT FULL
CROSS NATURAL OUTER ON USING WINDOW QUALIFY INTO SET RETURNING FOR LOCK WITH STRAIGHT_JOIN PREWHERE SETTINGS FORMAT FINAL
SAMPLE CONNECT START PIVOT UNPIVOT VALUES SELECT FROM AS WHEN THEN ELSE END AND OR NOT IS IN LIKE BETWEEN APPLY OPTION
TABLESAMPLE USE IGNORE FORCE PARTITION ASOF SEMI ANTI ANY GLOBAL ARRAY LATERAL DO NOTHING UPDATE DELETE INSERT MERGE BY
OVER ASC DESC NULLS OUTPUT CASE`);
const JOIN_START = w('JOIN INNER LEFT RIGHT FULL CROSS NATURAL STRAIGHT_JOIN OUTER ASOF SEMI ANTI ANY GLOBAL POSITIONAL ARRAY');
const SELECT_MODIFIERS = w(`ALL DISTINCT DISTINCTROW HIGH_PRIORITY STRAIGHT_JOIN SQL_SMALL_RESULT SQL_BIG_RESULT SQL_BUFFER_RESULT
SQL_NO_CACHE SQL_CACHE SQL_CALC_FOUND_ROWS UNIQUE`);
const SET_OPERATORS = w('UNION INTERSECT EXCEPT MINUS');
/** PostgreSQL: what may follow an empty select list. */
const EMPTY_LIST_NEXT = w('UNION INTERSECT EXCEPT GROUP HAVING WINDOW ORDER LIMIT OFFSET FETCH FOR');
const FOR_CLAUSE_NEXT = w('UPDATE SHARE NO KEY XML JSON READ BROWSE');
const JOIN_NEEDS_ON: ReadonlySet<string> = new Set(['postgresql', 'sqlserver', 'oracle']);
/** Clause order inside one SELECT core. */
const CLAUSE_ORDER: Record<string, number> = {
  FROM: 1, WHERE: 2, START: 3, CONNECT: 3, GROUP: 4, HAVING: 5, WINDOW: 6, QUALIFY: 7, ORDER: 8, LIMIT: 9, OFFSET: 10, FETCH: 11, FOR: 12,
  PREWHERE: 2, SETTINGS: 13, FORMAT: 14, OPTION: 13, LOCK: 12, PROCEDURE: 12, INTO: 12,
};

export class QueryParser extends ExprParser {
  /** Subqueries open around the current position (MySQL's INTO and PROCEDURE belong to the outer query only). */
  private nested = 0;

  protected override subquery(open: Token): void {
    const outer = this.scope;
    const saveClause = this.clause;
    const saveAlias = this.aliasContext;
    this.aliasContext = false;
    this.nested++;
    this.queryExpression(outer, open.start);
    this.nested--;
    this.scope = outer;
    this.clause = saveClause;
    this.aliasContext = saveAlias;
    this.expectCloseParen(open);
  }

  /** [WITH …] query term { set-operator query term }. Returns the first SELECT core's scope. */
  queryExpression(parent: Scope | undefined, start: number): Scope {
    if (!this.enter()) {
      this.skipToCloseParen();
      return this.newScope(parent, start);
    }
    try {
      let container = parent;
      if (this.at('WITH')) container = this.withClause(parent, start);
      const first = this.queryTerm(container, start);
      while (this.atAny(SET_OPERATORS)) {
        this.i++;
        if (!this.accept('ALL')) this.accept('DISTINCT');
        if (this.accept('CORRESPONDING') && this.accept('BY')) this.skipGroup();
        if (this.done || this.atKind(TK.CloseParen) || this.atKind(TK.Semicolon)) {
          this.error('expectedSelect');
          break;
        }
        this.queryTerm(container, this.t!.start);
      }
      return first;
    } finally {
      this.leave();
    }
  }

  /** WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (query), …; returns the scope holding the CTEs. */
  withClause(parent: Scope | undefined, start: number): Scope {
    this.i++;
    this.accept('RECURSIVE');
    const holder = this.newScope(parent, start);
    for (;;) {
      const nameTok = this.t;
      if (!nameTok || (nameTok.kind !== TK.Word && nameTok.kind !== TK.QuotedIdent)) {
        this.error('expectedCteName');
        return holder;
      }
      this.i++;
      const cte: Cte = { name: identValue(nameTok), start: nameTok.start, end: nameTok.end };
      holder.ctes.push(cte);
      if (this.atKind(TK.OpenParen)) cte.columnAliases = this.nameList();
      if (!this.accept('AS')) {
        this.error('expectedAs');
        return holder;
      }
      if (!this.accept('MATERIALIZED')) if (this.accept('NOT')) this.accept('MATERIALIZED');
      const open = this.t;
      if (!open || open.kind !== TK.OpenParen) {
        this.error('expectedOpenParen');
        return holder;
      }
      this.i++;
      this.scope = holder;
      const body = this.cteBody(holder, open);
      cte.scope = body;
      this.expectCloseParen(open);
      cte.end = this.prevEnd;
      this.searchCycle();
      if (!this.acceptKind(TK.Comma)) break;
    }
    holder.end = this.prevEnd;
    return holder;
  }

  /** The query of a CTE after its `(` (the statement layer adds data-modifying bodies). */
  protected cteBody(holder: Scope, open: Token): Scope {
    return this.queryExpression(holder, open.start);
  }

  /** PostgreSQL 14+: SEARCH {BREADTH|DEPTH} FIRST BY cols SET col / CYCLE cols SET col [TO v DEFAULT v] USING col. */
  private searchCycle(): void {
    const names = (): void => {
      while (this.namePath() && this.acceptKind(TK.Comma));
    };
    if (this.at('SEARCH') && (this.peekIs(1, 'BREADTH') || this.peekIs(1, 'DEPTH'))) {
      this.i += 2;
      if (!this.acceptSeq('FIRST', 'BY')) return this.error('expectedBy');
      names();
      if (!this.accept('SET') || !this.namePath()) return this.error('expectedName');
    }
    if (this.at('CYCLE') && this.peek()?.kind !== TK.Comma) {
      this.i++;
      names();
      if (this.accept('RESTRICT')) return; // MariaDB
      if (!this.accept('SET') || !this.namePath()) return this.error('expectedName');
      if (this.accept('TO')) {
        this.parsePrimary();
        if (this.accept('DEFAULT')) this.parsePrimary();
      }
      if (!this.accept('USING') || !this.namePath()) this.error('expectedName');
    }
  }

  queryTerm(parent: Scope | undefined, start: number): Scope {
    const t = this.t;
    if (t && t.kind === TK.OpenParen) {
      this.i++;
      const s = this.queryExpression(parent, t.start);
      this.expectCloseParen(t);
      this.trailingClauses(s);
      return s;
    }
    if (this.at('SELECT')) return this.selectCore(parent, start);
    const scope = this.newScope(parent, start);
    this.scope = scope;
    if (this.at('VALUES')) {
      this.valuesRows();
      this.trailingClauses(scope);
    } else if (this.at('TABLE')) {
      this.i++;
      this.tableSource(scope, 'from');
    } else if (this.at('FROM')) {
      // DuckDB FROM-first: FROM t [SELECT …]
      this.fromClause(scope);
      if (this.at('SELECT')) return this.selectCore(parent, start, scope);
    } else this.error('expectedSelect');
    scope.end = this.prevEnd;
    return scope;
  }

  /** VALUES (…), (…) */
  valuesRows(): void {
    this.i++;
    const close = this.openClause(this.scope, 'values', this.prevEnd);
    for (;;) {
      this.accept('ROW');
      const open = this.t;
      if (!open || open.kind !== TK.OpenParen) {
        this.error('expectedOpenParen');
        break;
      }
      this.i++;
      if (!this.atKind(TK.CloseParen)) this.exprList();
      this.expectCloseParen(open);
      if (!this.acceptKind(TK.Comma)) break;
    }
    close();
  }

  selectCore(parent: Scope | undefined, start: number, existing?: Scope): Scope {
    const scope = existing ?? this.newScope(parent, start);
    this.scope = scope;
    const selectTok = this.t!;
    this.i++;
    const close = this.openClause(scope, 'select', selectTok.end);
    while (this.atAny(SELECT_MODIFIERS)) {
      const up = this.t!.up;
      this.i++;
      if (up === 'DISTINCT' && this.accept('ON')) {
        const open = this.t;
        if (open?.kind === TK.OpenParen) {
          this.i++;
          this.exprList();
          this.expectCloseParen(open);
        }
      }
    }
    if (this.accept('TOP')) {
      const open = this.t;
      if (open?.kind === TK.OpenParen) {
        this.i++;
        this.parseExpr(0);
        this.expectCloseParen(open);
      } else if (!this.acceptKind(TK.Number) && !this.acceptKind(TK.Param)) this.error('expectedExpression');
      this.accept('PERCENT');
      this.acceptSeq('WITH', 'TIES');
    }
    this.selectList(scope);
    const into = this.at('INTO');
    if (this.accept('INTO')) {
      // SELECT … INTO new_table / @var / OUTFILE 'x'
      if (this.accept('TEMP') || this.accept('TEMPORARY') || this.accept('UNLOGGED')) this.accept('TABLE');
      if (this.accept('OUTFILE') || this.accept('DUMPFILE')) this.acceptKind(TK.String);
      else {
        const p = this.namePath();
        if (p) this.creates.push(p.parts[p.parts.length - 1]!);
        else if (this.atKind(TK.Param)) while (this.acceptKind(TK.Param) && this.acceptKind(TK.Comma));
        else this.error('expectedName');
      }
    }
    close();
    let last = 0;
    for (;;) {
      const t = this.t;
      if (!t) break;
      const order = this.clauseOrderAt(t);
      if (order === undefined) {
        // Completion reads past junk (a half-typed word) to reach FROM and the other clauses.
        if (this.tolerant && t.kind !== TK.CloseParen && t.kind !== TK.Semicolon && !this.atAny(SET_OPERATORS)) {
          if (t.kind === TK.OpenParen) this.skipGroup();
          else this.i++;
          continue;
        }
        break;
      }
      if (t.up === 'INTO' && into) break; // one INTO per query
      if (order < last && !this.tolerant) {
        this.error('clauseOrder', t, { clause: t.text });
        break;
      }
      last = order;
      const before = this.i;
      this.clauseBody(scope, t);
      if (this.errors.length) break;
      if (this.i === before) this.i++;
    }
    scope.end = this.prevEnd;
    return scope;
  }

  /** Position of the clause starting at `t` in the SELECT clause order, if it starts one. */
  private clauseOrderAt(t: Token): number | undefined {
    if (t.kind !== TK.Word) return undefined;
    const order = CLAUSE_ORDER[t.up];
    if (order === undefined) return undefined;
    const next = this.peek();
    const nextUp = next && next.kind === TK.Word ? next.up : '';
    if (t.up === 'FOR' && !FOR_CLAUSE_NEXT.has(nextUp)) return undefined;
    if (t.up === 'START' && nextUp !== 'WITH') return undefined;
    if (t.up === 'FORMAT' && this.def !== 'clickhouse') return undefined;
    if (t.up === 'LOCK' && nextUp !== 'IN') return undefined;
    // PostgreSQL: LIMIT / FETCH and OFFSET in either order
    if ((t.up === 'OFFSET' || t.up === 'FETCH') && this.def === 'postgresql') return CLAUSE_ORDER.LIMIT;
    // PROCEDURE ANALYSE(), … LIMIT 1 INTO @v: MySQL, outermost query only
    if ((t.up === 'PROCEDURE' || t.up === 'INTO') && (this.def !== 'mysql' || this.nested > 0)) return undefined;
    return order;
  }

  /** ORDER BY / LIMIT / OFFSET / FETCH after a parenthesized query. */
  trailingClauses(scope: Scope): void {
    for (;;) {
      const t = this.t;
      if (!t || t.kind !== TK.Word || !['ORDER', 'LIMIT', 'OFFSET', 'FETCH'].includes(t.up)) return;
      const before = this.i;
      this.clauseBody(scope, t);
      if (this.i === before || this.errors.length) return;
    }
  }

  private clauseBody(scope: Scope, t: Token): void {
    const kindOf: Record<string, ClauseKind> = {
      FROM: 'from', WHERE: 'where', PREWHERE: 'where', GROUP: 'group', HAVING: 'having', WINDOW: 'window', QUALIFY: 'qualify',
      ORDER: 'order', LIMIT: 'limit', OFFSET: 'limit', FETCH: 'limit', CONNECT: 'where', START: 'where',
    };
    const kind = kindOf[t.up] ?? 'other';
    if (t.up === 'FROM') {
      this.fromClause(scope);
      return;
    }
    this.i++;
    const close = this.openClause(scope, kind, t.end);
    this.scope = scope;
    switch (t.up) {
      case 'WHERE': case 'PREWHERE': case 'QUALIFY':
        this.requiredExpr();
        break;
      case 'HAVING':
        this.aliasContext = true;
        this.requiredExpr();
        this.aliasContext = false;
        break;
      case 'START': // START WITH
        this.i++;
        this.requiredExpr();
        break;
      case 'CONNECT':
        this.accept('BY');
        this.accept('NOCYCLE');
        this.requiredExpr();
        break;
      case 'GROUP':
        if (!this.accept('BY')) this.error('expectedBy');
        else {
          if (!this.accept('ALL')) this.accept('DISTINCT');
          if (!this.done && !this.atKind(TK.Semicolon) && !this.atKind(TK.CloseParen) && !this.at('WITH')) this.orderItems(this.def === 'mysql', true);
          this.acceptSeq('WITH', 'ROLLUP') || this.acceptSeq('WITH', 'CUBE') || this.acceptSeq('WITH', 'TOTALS');
        }
        break;
      case 'ORDER':
        if (!this.accept('BY')) this.error('expectedBy');
        else if (!this.accept('ALL')) this.orderItems(true);
        break;
      case 'WINDOW':
        for (;;) {
          if (!this.namePath() || !this.accept('AS')) {
            this.error('expectedName');
            break;
          }
          const open = this.t;
          if (open?.kind !== TK.OpenParen) {
            this.error('expectedOpenParen');
            break;
          }
          this.i++;
          this.args('', open);
          if (!this.acceptKind(TK.Comma)) break;
        }
        break;
      case 'LIMIT':
        if (!this.rowsExamined() && !this.accept('ALL')) this.requiredExpr();
        if (this.acceptKind(TK.Comma) || this.accept('OFFSET')) this.requiredExpr();
        if (this.accept('BY')) this.exprList();
        this.rowsExamined();
        break;
      case 'OFFSET':
        this.requiredExpr();
        if (!this.accept('ROWS')) this.accept('ROW');
        break;
      case 'FETCH':
        if (!this.accept('FIRST')) this.accept('NEXT');
        if (!this.at('ROW') && !this.at('ROWS')) this.parseExpr(0);
        if (!this.accept('ROWS') && !this.accept('ROW')) this.error('expectedRows');
        this.accept('ONLY') || this.acceptSeq('WITH', 'TIES');
        break;
      default:
        // FOR UPDATE …, SETTINGS …, FORMAT …, OPTION (…), LOCK IN SHARE MODE: vendor tails read leniently.
        this.skipTail();
    }
    close();
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

  /** MariaDB: LIMIT [n] ROWS EXAMINED m */
  private rowsExamined(): boolean {
    if (!this.acceptSeq('ROWS', 'EXAMINED')) return false;
    this.requiredExpr();
    return true;
  }

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

  /** ORDER BY / GROUP BY items: expr [ASC|DESC] [NULLS FIRST|LAST]. */
  orderItems(directions: boolean, group = false): void {
    this.aliasContext = true;
    for (;;) {
      const before = this.i;
      if (group && this.atKind(TK.OpenParen) && this.peek()?.kind === TK.CloseParen) this.i += 2; // GROUP BY ()
      else {
        if (group && this.at('GROUPING') && this.peekIs(1, 'SETS')) this.i++; // GROUPING SETS ((a), ())
        if (this.requiredExpr() === null && this.i === before) break;
      }
      if (directions) {
        this.accept('ASC') || this.accept('DESC');
        if (this.accept('USING')) {
          if (this.at('OPERATOR') && this.peek()?.kind === TK.OpenParen) this.i++;
          if (this.atKind(TK.OpenParen)) this.skipGroup();
          else this.i++;
        }
        if (this.accept('NULLS')) this.accept('FIRST') || this.accept('LAST');
      }
      if (!this.acceptKind(TK.Comma)) break;
    }
    this.aliasContext = false;
  }

  selectList(scope: Scope): void {
    const t = this.t;
    const emptyOk = this.def === 'postgresql' && t?.kind === TK.Word && EMPTY_LIST_NEXT.has(t.up); // SELECT UNION SELECT
    if (!t || emptyOk || t.kind === TK.Semicolon || t.kind === TK.CloseParen || (t.kind === TK.Word && (t.up === 'FROM' || t.up === 'WHERE'))) {
      if (this.def !== 'postgresql') this.error('expectedSelectList');
      return;
    }
    for (;;) {
      const start = this.t?.start ?? this.endOffset;
      const before = this.i;
      const info = this.parseExpr(0);
      if (!info) {
        if (this.i === before) return;
      }
      const item: SelectItem = { start, end: this.prevEnd };
      if (info?.star) item.star = info.qualifier ? { qualifier: info.qualifier.parts } : {};
      else if (info?.col) item.name = info.col.parts[info.col.parts.length - 1];
      // `*` takes no alias: `SELECT * FORM t` is a misspelt FROM, not an alias.
      const alias = info?.star ? undefined : this.alias(true);
      if (alias !== undefined) item.name = alias;
      item.end = this.prevEnd;
      scope.items.push(item);
      if (!this.acceptKind(TK.Comma)) return;
      const n = this.t;
      if (!n || n.kind === TK.Comma || (n.kind === TK.Word && (n.up === 'FROM' || n.up === 'WHERE'))) {
        this.error('expectedExpression');
        return;
      }
    }
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
    if (t.kind === TK.Word && !NOT_ALIAS.has(t.up) && !(this.def === 'sqlserver' && t.up === 'GO') && !(t.up === 'BEFORE' && this.peekIs(1, 'SYSTEM_TIME'))) {
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
    if (this.at('ON')) {
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
          this.alias(false);
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
