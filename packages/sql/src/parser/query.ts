/**
 * Queries: WITH, SELECT cores joined by set operators, select lists, and the clauses in their required
 * order (FROM items and joins are read by the layer below, from.ts). Each SELECT core is a scope holding
 * its sources.
 */
import { TK } from '../tokenizer/scanner.js';
import type { ClauseKind, Cte, Scope, SelectItem } from './model.js';
import { FromParser, SET_OPERATORS } from './from.js';
import { identValue, type Token } from './tokens.js';

export { NOT_ALIAS } from './from.js';

const w = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/));

const SELECT_MODIFIERS = w(`ALL DISTINCT DISTINCTROW HIGH_PRIORITY STRAIGHT_JOIN SQL_SMALL_RESULT SQL_BIG_RESULT SQL_BUFFER_RESULT
SQL_NO_CACHE SQL_CACHE SQL_CALC_FOUND_ROWS UNIQUE`);
/** PostgreSQL: what may follow an empty select list. */
const EMPTY_LIST_NEXT = w('UNION INTERSECT EXCEPT GROUP HAVING WINDOW ORDER LIMIT OFFSET FETCH FOR');
const EXPORT_OPTIONS = w('FIELDS COLUMNS LINES TERMINATED OPTIONALLY ENCLOSED ESCAPED STARTING BY');
const FOR_CLAUSE_NEXT = w('UPDATE SHARE NO KEY XML JSON READ BROWSE');
/** Clause order inside one SELECT core. */
const CLAUSE_ORDER: Record<string, number> = {
  FROM: 1, WHERE: 2, START: 3, CONNECT: 3, GROUP: 4, HAVING: 5, WINDOW: 6, QUALIFY: 7, ORDER: 8, LIMIT: 9, OFFSET: 10, FETCH: 11, FOR: 12,
  PREWHERE: 2, SETTINGS: 13, FORMAT: 14, OPTION: 13, LOCK: 12, PROCEDURE: 12, INTO: 12,
};

export class QueryParser extends FromParser {
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
        if (this.procedure) this.error('unexpected');
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
      this.nested++; // MySQL: no INTO / PROCEDURE inside a parenthesized query
      const s = this.queryExpression(parent, t.start);
      this.nested--;
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
    if (into) {
      if (this.def === 'mysql' && this.nested > 0) this.error('unexpected'); // MySQL: INTO only in the outermost query
      this.i++;
      this.intoTargets();
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

  /** After INTO: new_table / @var, … / OUTFILE 'x' with its options. */
  private intoTargets(): void {
    if (this.accept('TEMP') || this.accept('TEMPORARY') || this.accept('UNLOGGED')) this.accept('TABLE');
    if (this.accept('OUTFILE') || this.accept('DUMPFILE')) {
      this.acceptKind(TK.String);
      this.exportOptions();
      return;
    }
    if (this.atKind(TK.Param)) {
      while (this.acceptKind(TK.Param) && this.acceptKind(TK.Comma));
      return;
    }
    const p = this.namePath();
    if (!p) return this.error('expectedName');
    this.creates.push(p.parts[p.parts.length - 1]!);
    while (this.acceptKind(TK.Comma) && this.namePath()); // MySQL routine variables: INTO a, b
  }

  /** MySQL INTO OUTFILE 'f' [CHARACTER SET cs] [FIELDS TERMINATED BY ',' …] [LINES …]. */
  private exportOptions(): void {
    for (;;) {
      if (this.acceptSeq('CHARACTER', 'SET') || this.accept('CHARSET')) this.i++;
      else if (this.atAny(EXPORT_OPTIONS) || (this.atKind(TK.String) && this.tokens[this.i - 1]?.up === 'BY')) this.i++;
      else return;
    }
  }

  /** ORDER BY / LIMIT / OFFSET / FETCH after a parenthesized query. */
  trailingClauses(scope: Scope): void {
    for (;;) {
      const t = this.t;
      if (!t || t.kind !== TK.Word) return;
      // MySQL: (SELECT …) UNION (SELECT …) INTO @v / FOR UPDATE
      const tail = ['ORDER', 'LIMIT', 'OFFSET', 'FETCH'].includes(t.up) || (this.def === 'mysql' && ['INTO', 'FOR', 'LOCK'].includes(t.up) && this.clauseOrderAt(t) !== undefined);
      if (!tail) return;
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
        const select = scope.clauses.some((c) => c.kind === 'select'); // not UPDATE/DELETE … LIMIT
        if (!(select && this.rowsExamined()) && !this.accept('ALL')) this.requiredExpr();
        if (this.acceptKind(TK.Comma) || this.accept('OFFSET')) this.requiredExpr();
        if (this.accept('BY')) this.exprList();
        if (select) this.rowsExamined();
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
      case 'INTO': // MySQL: … LIMIT 1 INTO @v
        this.intoTargets();
        break;
      case 'PROCEDURE': // MySQL: PROCEDURE ANALYSE(…), last in the statement
        this.procedure = true;
        this.skipTail();
        break;
      default:
        // FOR UPDATE …, SETTINGS …, FORMAT …, OPTION (…), LOCK IN SHARE MODE: vendor tails read leniently.
        this.skipTail();
    }
    close();
  }

  /** MariaDB: LIMIT [n] ROWS EXAMINED m */
  private rowsExamined(): boolean {
    if (!this.acceptSeq('ROWS', 'EXAMINED')) return false;
    this.requiredExpr();
    return true;
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

}
