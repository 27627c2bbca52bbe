/**
 * One statement: dispatch on its first words, DML in full, DDL and vendor commands leniently (names
 * recorded, parentheses checked), and an error for anything left over or an unknown first word.
 */
import { TK } from '../tokenizer/scanner.js';
import type { DefinitionName } from '../dialects/registry.js';
import type { Scope, StatementAnalysis, StatementKind, TableSource } from './model.js';
import { QueryParser } from './query.js';
import { EXPR_STOP } from './expr.js';
import type { Token } from './tokens.js';

const w = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/));

/** First words of statements we do not parse in depth but accept. */
const OTHER_STARTS = w(`SHOW USE SET RESET DESCRIBE DESC ANALYZE ANALYSE VACUUM GRANT REVOKE BEGIN START COMMIT ROLLBACK
SAVEPOINT RELEASE END CALL EXEC EXECUTE DECLARE PRAGMA ATTACH DETACH COPY LOCK UNLOCK FLUSH KILL OPTIMIZE REPAIR CHECK
CHECKSUM LOAD HANDLER DO PREPARE DEALLOCATE LISTEN NOTIFY UNLISTEN REINDEX CLUSTER COMMENT SECURITY REFRESH DISCARD IF WHILE
PRINT RAISERROR THROW GO BACKUP RESTORE DBCC WAITFOR OPEN CLOSE FETCH SUMMARIZE INSTALL EXPORT IMPORT SYSTEM WATCH CHECKPOINT
RENAME ABORT UPSERT MERGE GET SIGNAL RESIGNAL ITERATE LEAVE LOOP REPEAT RETURN HELP XA CACHE PURGE CHANGE INSTALL UNINSTALL
CONNECT ALTER DROP TRUNCATE CREATE PIVOT UNPIVOT FOR ELSE BREAK CONTINUE GOTO REVERT SETUSER DENY BULK READTEXT WRITETEXT
UPDATETEXT TRY CATCH USING EXIT NULL MOVE LABEL EXPLAIN REASSIGN BINLOG STOP`);

export class StatementParser extends QueryParser {
  constructor(tokens: Token[], def: DefinitionName, endOffset: number) {
    super(tokens, def, endOffset);
  }

  analyze(): StatementAnalysis {
    const first = this.tokens[0];
    const root = this.newScope(undefined, first?.start ?? 0);
    this.scope = root;
    let kind: StatementKind = 'OTHER';
    if (first) kind = this.statement(root);
    if (!this.errors.length && this.i < this.tokens.length) {
      const t = this.tokens[this.i]!;
      this.error(t.kind === TK.CloseParen ? 'unbalancedCloseParen' : 'unexpected', t);
    }
    root.end = this.tokens.length ? this.tokens[this.tokens.length - 1]!.end : root.start;
    return {
      kind,
      start: root.start,
      end: root.end,
      errors: this.errors,
      root,
      scopes: this.scopes,
      tables: this.tables,
      columns: this.columns,
      functions: this.functions,
      creates: this.creates,
    };
  }

  private statement(root: Scope): StatementKind {
    const t = this.t!;
    if (t.kind === TK.OpenParen) {
      this.queryExpression(root, t.start);
      return 'SELECT';
    }
    if (t.kind !== TK.Word) {
      this.error('unknownStatement', t);
      return 'OTHER';
    }
    switch (t.up) {
      case 'SELECT': case 'VALUES': case 'TABLE':
        this.queryExpression(root, t.start);
        return 'SELECT';
      case 'FROM':
        if (this.def === 'duckdb') {
          this.queryExpression(root, t.start);
          return 'SELECT';
        }
        break;
      case 'WITH': {
        const holder = this.withClause(root, t.start);
        this.scope = holder;
        if (this.at('SELECT') || this.atKind(TK.OpenParen) || this.at('VALUES')) {
          this.queryExpression(holder, this.t!.start);
          return 'SELECT';
        }
        if (this.at('INSERT') || this.at('REPLACE')) return this.insert(holder);
        if (this.at('UPDATE')) return this.update(holder);
        if (this.at('DELETE')) return this.delete(holder);
        if (this.at('MERGE')) {
          this.lenientRest();
          return 'MERGE';
        }
        if (!this.errors.length) this.error('expectedSelect');
        return 'SELECT';
      }
      case 'INSERT':
        return this.insert(root);
      case 'REPLACE':
        if (this.def === 'mysql' || this.def === 'sqlite') return this.insert(root);
        break;
      case 'UPDATE':
        return this.update(root);
      case 'DELETE':
        return this.delete(root);
      case 'EXPLAIN': case 'DESCRIBE': case 'DESC': {
        this.i++;
        while (this.atAny(EXPLAIN_OPTIONS)) this.i++;
        if (this.atKind(TK.OpenParen) && !this.peekIs(1, 'SELECT')) this.skipGroup();
        while (this.atAny(EXPLAIN_OPTIONS)) this.i++;
        if (this.atKind(TK.OpenParen) || this.at('SELECT') || this.at('WITH') || this.at('INSERT') || this.at('UPDATE') || this.at('DELETE') || this.at('REPLACE')) {
          return this.statement(root);
        }
        if (t.up !== 'EXPLAIN' && (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent))) {
          this.tableSource(root, 'target');
          this.lenientRest();
          return 'OTHER';
        }
        this.lenientRest();
        return 'OTHER';
      }
      case 'CREATE':
        return this.create(root);
      case 'ALTER':
        this.i++;
        if (this.accept('TABLE')) {
          this.acceptSeq('IF', 'EXISTS');
          this.accept('ONLY');
          this.recordTableName();
        }
        this.lenientRest();
        return 'ALTER';
      case 'TRUNCATE':
        this.i++;
        this.accept('TABLE');
        this.accept('ONLY');
        if (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) this.tableSource(root, 'target');
        this.lenientRest();
        return 'TRUNCATE';
      case 'DROP':
        this.i++;
        this.lenientRest();
        return 'DROP';
    }
    if (OTHER_STARTS.has(t.up) || this.def === 'redis') {
      this.i++;
      this.lenientRest();
      return 'OTHER';
    }
    this.error('unknownStatement', t);
    this.i = this.tokens.length;
    return 'OTHER';
  }

  /** WITH w AS (INSERT … RETURNING …): data-modifying CTE bodies (PostgreSQL). */
  protected override cteBody(holder: Scope, open: Token): Scope {
    const dml = this.at('INSERT') || this.at('UPDATE') || this.at('DELETE') || this.at('MERGE');
    if (!dml) return super.cteBody(holder, open);
    const scope = this.newScope(holder, open.start);
    if (this.at('INSERT')) this.insert(scope);
    else if (this.at('UPDATE')) this.update(scope);
    else if (this.at('DELETE')) this.delete(scope);
    else while (!this.done && !this.atKind(TK.CloseParen)) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
    scope.end = this.prevEnd;
    return scope;
  }

  /** At `(`: a parenthesized query follows (`((SELECT …))`), not a column list. */
  private queryInParens(): boolean {
    let j = this.i;
    while (this.tokens[j]?.kind === TK.OpenParen && j - this.i < 64) j++;
    const t = this.tokens[j];
    return !!t && t.kind === TK.Word && (t.up === 'SELECT' || t.up === 'WITH' || t.up === 'VALUES');
  }

  /** Reads the rest without grammar, checking that parentheses balance. */
  lenientRest(): void {
    const opens: Token[] = [];
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i]!;
      if (t.kind === TK.OpenParen) opens.push(t);
      else if (t.kind === TK.CloseParen) {
        if (!opens.pop()) {
          this.error('unbalancedCloseParen', t);
          this.i = this.tokens.length;
          return;
        }
      } else if (t.kind === TK.Unknown) this.error('unexpectedCharacter', t);
      this.i++;
    }
    if (opens.length) this.error('missingCloseParen', opens[opens.length - 1], {});
  }

  /** Records `name` after ALTER TABLE / CREATE INDEX … ON as a table reference. */
  private recordTableName(): TableSource | undefined {
    const t = this.t;
    if (!t || (t.kind !== TK.Word && t.kind !== TK.QuotedIdent)) return undefined;
    const path = this.namePath()!;
    const src: TableSource = { kind: 'table', path, start: t.start, end: this.prevEnd, role: 'target' };
    this.tables.push(src);
    return src;
  }

  private create(root: Scope): StatementKind {
    this.i++;
    this.acceptSeq('OR', 'REPLACE') || this.acceptSeq('OR', 'ALTER');
    while (this.atAny(CREATE_MODIFIERS)) this.i++;
    if (this.at('VIEW') || (this.at('MATERIALIZED') && this.peekIs(1, 'VIEW'))) {
      this.accept('MATERIALIZED');
      this.i++;
      this.acceptSeq('IF', 'NOT', 'EXISTS');
      const p = this.namePath();
      if (p) this.creates.push(p.parts[p.parts.length - 1]!);
      if (this.atKind(TK.OpenParen)) this.nameList();
      while (!this.done && !this.at('AS')) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
      if (this.accept('AS') && (this.at('SELECT') || this.at('WITH') || this.atKind(TK.OpenParen) || this.at('VALUES'))) {
        this.queryExpression(root, this.t!.start);
        this.acceptSeq('WITH', 'CHECK', 'OPTION') || this.acceptSeq('WITH', 'LOCAL', 'CHECK', 'OPTION') || this.acceptSeq('WITH', 'NO', 'DATA') || this.acceptSeq('WITH', 'DATA');
      }
      this.lenientRest();
      return 'CREATE';
    }
    if (this.accept('TABLE')) {
      this.acceptSeq('IF', 'NOT', 'EXISTS');
      const p = this.namePath();
      if (p) this.creates.push(p.parts[p.parts.length - 1]!);
      else this.error('expectedName');
      if (this.atKind(TK.OpenParen) && !this.peekIs(1, 'SELECT') && !this.peekIs(1, 'WITH')) this.lenientGroup();
      while (!this.done && !this.at('AS') && !this.at('SELECT')) this.atKind(TK.OpenParen) ? this.lenientGroup() : this.i++;
      this.accept('AS');
      if (this.at('SELECT') || this.at('WITH') || this.atKind(TK.OpenParen) || this.at('VALUES')) this.queryExpression(root, this.t!.start);
      this.lenientRest();
      return 'CREATE';
    }
    if (this.at('INDEX') || (this.at('UNIQUE') && this.peekIs(1, 'INDEX'))) {
      while (!this.done && !this.at('ON')) this.i++;
      if (this.accept('ON')) {
        this.accept('ONLY');
        this.recordTableName();
      }
    }
    this.lenientRest();
    return 'CREATE';
  }

  /** A balanced group read leniently (column definitions), reporting a missing `)`. */
  private lenientGroup(): void {
    const open = this.t!;
    this.i++;
    let d = 0;
    while (this.i < this.tokens.length) {
      const k = this.tokens[this.i]!.kind;
      this.i++;
      if (k === TK.OpenParen) d++;
      else if (k === TK.CloseParen && d-- === 0) return;
    }
    this.error('missingCloseParen', open, {});
  }

  private insert(scope: Scope): StatementKind {
    this.i++;
    while (this.atAny(INSERT_MODIFIERS)) this.i++;
    if (this.at('OR')) this.i += 2; // INSERT OR REPLACE / IGNORE (SQLite)
    this.accept('INTO') || this.accept('OVERWRITE');
    this.accept('TABLE');
    const t = this.t;
    if (!t || (t.kind !== TK.Word && t.kind !== TK.QuotedIdent)) {
      this.error('expectedTable');
      return 'INSERT';
    }
    const path = this.namePath()!;
    const target: TableSource = { kind: 'table', path, start: t.start, end: this.prevEnd, role: 'target' };
    if (this.at('AS') || (this.atKind(TK.Word) && !INSERT_BODY.has(this.t!.up))) {
      this.accept('AS');
      const a = this.t;
      if (a && (a.kind === TK.Word || a.kind === TK.QuotedIdent)) {
        target.alias = a.text;
        this.i++;
      }
    }
    this.tables.push(target);
    scope.sources.push(target);
    this.scope = scope;
    if (this.at('PARTITION') && this.peek()?.kind === TK.OpenParen) {
      this.i++;
      if (this.peek()?.kind === TK.CloseParen) this.error('expectedName', this.peek());
      this.skipGroup();
    }
    if (this.atKind(TK.OpenParen) && !this.queryInParens()) {
      const open = this.t!;
      this.i++;
      const close = this.openClause(scope, 'columns', open.end);
      while (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
        const p = this.namePath()!;
        this.columns.push({ path: p, scope, clause: 'columns', target: p.parts.length === 1 ? target : undefined });
        this.subscripts();
        if (!this.acceptKind(TK.Comma)) break;
      }
      close();
      this.expectCloseParen(open);
    }
    if (this.accept('OVERRIDING')) {
      if (!this.accept('SYSTEM')) this.accept('USER');
      this.accept('VALUE');
    }
    if (this.at('OUTPUT')) this.outputClause(scope);
    if (this.at('VALUES') || this.at('VALUE')) this.valuesRows();
    else if (this.acceptSeq('DEFAULT', 'VALUES')) {
      // nothing more
    } else if (this.at('SET')) this.assignments(scope, target);
    else if (this.at('SELECT') || this.at('WITH') || this.atKind(TK.OpenParen) || this.at('TABLE')) {
      this.queryExpression(scope, this.t!.start);
      this.scope = scope;
    } else if (!this.errors.length) this.error('expectedValues');
    if (this.acceptSeq('ON', 'DUPLICATE', 'KEY', 'UPDATE')) this.assignmentList(scope, target);
    if (this.acceptSeq('ON', 'CONFLICT')) {
      if (this.atKind(TK.OpenParen)) this.skipGroup();
      if (this.accept('ON')) this.accept('CONSTRAINT') && this.namePath();
      if (this.accept('WHERE')) this.requiredExpr();
      if (this.acceptSeq('DO', 'NOTHING')) {
        // done
      } else if (this.acceptSeq('DO', 'UPDATE')) {
        if (this.at('SET')) this.assignments(scope, target);
        if (this.accept('WHERE')) this.requiredExpr();
      } else this.error('expectedDo');
    }
    this.returning(scope);
    return 'INSERT';
  }

  private update(scope: Scope): StatementKind {
    this.i++;
    while (this.atAny(UPDATE_MODIFIERS)) this.i++;
    if (this.at('OR')) this.i += 2;
    if (this.accept('TOP')) this.skipGroup();
    this.scope = scope;
    const parenthesized = this.def === 'mysql' && this.atKind(TK.OpenParen);
    if (!parenthesized && !this.atKind(TK.Word) && !this.atKind(TK.QuotedIdent)) {
      this.error('expectedTable');
      return 'UPDATE';
    }
    this.accept('ONLY');
    // MySQL: UPDATE (t1 t) …, UPDATE (SELECT …) dt JOIN t1 … SET
    if (parenthesized) this.fromItem(scope);
    else this.tableSource(scope, 'target');
    const target = parenthesized ? undefined : this.tables[this.tables.length - 1];
    // MySQL multi-table UPDATE a JOIN b … SET
    if (this.atKind(TK.Comma) || this.at('JOIN') || this.at('INNER') || this.at('LEFT') || this.at('RIGHT') || this.at('CROSS') || this.at('STRAIGHT_JOIN') || this.at('NATURAL')) {
      if (this.acceptKind(TK.Comma)) this.fromList(scope);
      else this.fromListTail(scope);
    }
    if (!this.at('SET')) {
      if (!this.errors.length) this.error('expectedSet');
      return 'UPDATE';
    }
    this.assignments(scope, target);
    if (this.at('OUTPUT')) this.outputClause(scope);
    if (this.at('FROM')) this.fromClause(scope);
    this.whereOrderLimit(scope);
    this.returning(scope);
    return 'UPDATE';
  }

  private delete(scope: Scope): StatementKind {
    this.i++;
    while (this.atAny(DELETE_MODIFIERS)) this.i++;
    if (this.accept('TOP')) this.skipGroup();
    this.scope = scope;
    if (!this.at('FROM')) {
      // DELETE t1[, t2] FROM … (MySQL, SQL Server)
      while (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
        const p = this.namePath()!;
        if (this.atKind(TK.Dot) && this.peek()?.kind === TK.Operator) this.i += 2; // t.*
        const src: TableSource = { kind: 'table', path: p, start: p.starts[0]!, end: this.prevEnd, role: 'target' };
        this.tables.push(src);
        scope.sources.push(src);
        if (!this.acceptKind(TK.Comma)) break;
      }
      if (this.at('FROM')) this.fromClause(scope);
      // SQL Server and Oracle make FROM optional: DELETE orders WHERE …
      else if (!this.errors.length && !(this.def === 'sqlserver' || this.def === 'oracle')) this.error('expectedFrom');
    } else {
      const fromTok = this.t!;
      this.i++;
      const close = this.openClause(scope, 'from', fromTok.end);
      if (!this.atKind(TK.Word) && !this.atKind(TK.QuotedIdent)) {
        this.error('expectedTable');
        close();
        return 'DELETE';
      }
      this.accept('ONLY');
      this.tableSource(scope, 'target');
      if (this.at('BEFORE') && this.peekIs(1, 'SYSTEM_TIME')) {
        this.i += 2; // DELETE HISTORY FROM t BEFORE SYSTEM_TIME [TIMESTAMP] x
        if ((this.at('TIMESTAMP') || this.at('TRANSACTION')) && this.peek()?.kind !== TK.String) this.i++;
        this.requiredExpr();
      }
      // MySQL: DELETE FROM t1[.*], t2[.*] USING …
      if (this.atKind(TK.Dot) && this.peek()?.kind === TK.Operator) this.i += 2;
      while (this.def === 'mysql' && this.acceptKind(TK.Comma) && (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent))) {
        this.tableSource(scope, 'target');
        if (this.atKind(TK.Dot) && this.peek()?.kind === TK.Operator) this.i += 2;
      }
      close();
      if (this.at('OUTPUT')) this.outputClause(scope);
      if (this.at('FROM')) this.fromClause(scope);
      if (this.at('USING')) this.fromClause(scope);
    }
    this.whereOrderLimit(scope);
    this.returning(scope);
    return 'DELETE';
  }

  private whereOrderLimit(scope: Scope): void {
    this.scope = scope;
    if (this.at('WHERE')) {
      const t = this.t!;
      this.i++;
      const close = this.openClause(scope, 'where', t.end);
      if (this.acceptSeq('CURRENT', 'OF')) this.namePath();
      else this.requiredExpr();
      close();
    }
    this.trailingClauses(scope);
  }

  private assignments(scope: Scope, target: TableSource | undefined): void {
    this.i++; // SET
    this.assignmentList(scope, target);
  }

  /** col = expr, … (SET lists and ON DUPLICATE KEY UPDATE). */
  private assignmentList(scope: Scope, target: TableSource | undefined): void {
    const close = this.openClause(scope, 'set', this.prevEnd);
    this.scope = scope;
    for (;;) {
      const t = this.t;
      if (t && t.kind === TK.OpenParen) {
        // (a, b) = (…)
        this.i++;
        while (this.atKind(TK.Word) || this.atKind(TK.QuotedIdent)) {
          const p = this.namePath()!;
          this.columns.push({ path: p, scope, clause: 'set', target: target && p.parts.length === 1 ? target : undefined });
          if (!this.acceptKind(TK.Comma)) break;
        }
        this.expectCloseParen(t);
      } else if (t && (t.kind === TK.QuotedIdent || t.kind === TK.Param || (t.kind === TK.Word && !EXPR_STOP.has(t.up)))) {
        if (t.kind === TK.Param) this.i++;
        else {
          const p = this.namePath()!;
          this.columns.push({ path: p, scope, clause: 'set', target: target && p.parts.length === 1 ? target : undefined });
          this.subscripts();
        }
      } else {
        this.error('expectedColumn');
        break;
      }
      const eq = this.t;
      // `=-1` is scanned as one operator run: an equals sign followed by prefix signs.
      const glued = !!eq && eq.kind === TK.Operator && /^=[-+~!@]+$/.test(eq.text);
      if (!this.atOp('=') && !this.atOp(':=') && !this.atOp('+=') && !this.atOp('-=') && !glued) {
        this.error('expectedEquals');
        break;
      }
      this.i++;
      if (this.requiredExpr() === null) break;
      if (!this.acceptKind(TK.Comma)) break;
    }
    close();
  }

  /** PostgreSQL array targets: SET a[1] = …, INSERT INTO t (b[1:2][1:2]) (fields after them: a[1].f). */
  private subscripts(): void {
    while (this.atOp('[')) {
      this.i++;
      while (!this.done && !this.atOp(']') && !this.atOp('=')) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
      if (!this.atOp(']')) return this.error('expectedCloseBracket');
      this.i++;
      if (this.atKind(TK.Dot) && this.peek()?.kind === TK.Word) this.i += 2;
    }
  }

  private returning(scope: Scope): void {
    if (!this.at('RETURNING') && !this.at('OUTPUT')) return;
    if (this.at('OUTPUT')) return this.outputClause(scope);
    const t = this.t!;
    this.i++;
    const close = this.openClause(scope, 'returning', t.end);
    this.scope = scope;
    this.selectList(scope);
    close();
  }

  /** SQL Server OUTPUT inserted.x, deleted.y [INTO …] */
  private outputClause(scope: Scope): void {
    this.i++;
    while (!this.done && !this.atAny(OUTPUT_END)) this.atKind(TK.OpenParen) ? this.skipGroup() : this.i++;
    void scope;
  }
}

const EXPLAIN_OPTIONS = w('ANALYZE ANALYSE VERBOSE QUERY PLAN FORMAT EXTENDED PARTITIONS COSTS BUFFERS TIMING SUMMARY SETTINGS WAL TREE JSON TRADITIONAL');
const CREATE_MODIFIERS = w('TEMP TEMPORARY GLOBAL LOCAL UNLOGGED TRANSIENT VOLATILE EXTERNAL VIRTUAL SECURE RECURSIVE DEFINER ALGORITHM SQL SECURITY');
const INSERT_MODIFIERS = w('LOW_PRIORITY DELAYED HIGH_PRIORITY IGNORE ALL FIRST');
const INSERT_BODY = w('VALUES VALUE SELECT WITH DEFAULT SET OUTPUT TABLE OVERRIDING PARTITION');
const UPDATE_MODIFIERS = w('LOW_PRIORITY IGNORE');
const DELETE_MODIFIERS = w('LOW_PRIORITY QUICK IGNORE HISTORY');
const OUTPUT_END = w('VALUES SELECT FROM WHERE DEFAULT');
