/**
 * Token cursor, scopes and error bookkeeping shared by the parser layers (expr → query → statement).
 * Every parsing loop must consume at least one token per turn; nesting is capped so hostile input
 * (100,000 open parentheses) yields a marker, not a stack overflow.
 */
import { TK } from '../tokenizer/scanner.js';
import type { DefinitionName } from '../dialects/registry.js';
import type { ClauseKind, ColumnRef, FunctionRef, NamePath, Scope, SyntaxIssue, TableSource } from './model.js';
import { identValue, type Token } from './tokens.js';

export const MAX_DEPTH = 200;

export class Stream {
  i = 0;
  depth = 0;
  readonly errors: SyntaxIssue[] = [];
  readonly scopes: Scope[] = [];
  readonly tables: TableSource[] = [];
  readonly columns: ColumnRef[] = [];
  readonly functions: FunctionRef[] = [];
  readonly creates: string[] = [];
  clause: ClauseKind = 'other';
  /** Column references are being read as select-list alias candidates (ORDER BY, GROUP BY, HAVING). */
  aliasContext = false;
  /** Completion mode: keep going past errors (nothing is recorded) so later clauses still yield sources. */
  tolerant = false;

  constructor(
    readonly tokens: Token[],
    readonly def: DefinitionName,
    /** Offset just after the statement, for errors at its end. */
    readonly endOffset: number,
  ) {}

  get t(): Token | undefined {
    return this.tokens[this.i];
  }
  peek(k = 1): Token | undefined {
    return this.tokens[this.i + k];
  }
  get done(): boolean {
    return this.i >= this.tokens.length;
  }
  /** The current token is the word `w` (upper case). */
  at(w: string): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === TK.Word && t.up === w;
  }
  atAny(words: ReadonlySet<string>): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === TK.Word && words.has(t.up);
  }
  atKind(kind: number): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === kind;
  }
  atOp(op: string): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === TK.Operator && t.text === op;
  }
  peekIs(k: number, w: string): boolean {
    const t = this.tokens[this.i + k];
    return !!t && t.kind === TK.Word && t.up === w;
  }
  accept(w: string): boolean {
    if (this.at(w)) {
      this.i++;
      return true;
    }
    return false;
  }
  /** Accepts a sequence of words only when all are present. */
  acceptSeq(...words: string[]): boolean {
    for (let k = 0; k < words.length; k++) if (!this.peekIs(k, words[k]!)) return false;
    this.i += words.length;
    return true;
  }
  acceptKind(kind: number): Token | undefined {
    const t = this.tokens[this.i];
    if (t && t.kind === kind) {
      this.i++;
      return t;
    }
    return undefined;
  }
  /** Offset where the previous token ended (or the statement start). */
  get prevEnd(): number {
    return this.i > 0 ? this.tokens[this.i - 1]!.end : this.tokens[0]?.start ?? 0;
  }

  /** Records a syntax error; only the first one of a statement is kept (later ones are usually echoes). */
  error(code: string, at?: Token, params?: Record<string, string>): void {
    if (this.errors.length > 0 || this.tolerant) return;
    // At the end of the statement the last token carries the marker.
    const t = at ?? this.tokens[this.i] ?? this.tokens[this.tokens.length - 1];
    if (t) this.errors.push({ code, params: params ?? { token: t.text.slice(0, 60) }, start: t.start, end: t.end });
    else this.errors.push({ code, params: params ?? { token: '' }, start: this.endOffset, end: this.endOffset });
  }
  expectCloseParen(open: Token): void {
    if (this.acceptKind(TK.CloseParen)) return;
    if (this.done) this.error('missingCloseParen', open, {});
    else this.error('expectedCloseParen');
    this.skipToCloseParen();
  }

  /** Skips to just after the `)` closing the current level (iteratively, any depth). */
  skipToCloseParen(): void {
    let d = 0;
    while (this.i < this.tokens.length) {
      const k = this.tokens[this.i]!.kind;
      this.i++;
      if (k === TK.OpenParen) d++;
      else if (k === TK.CloseParen) {
        if (d === 0) return;
        d--;
      }
    }
  }
  /** At `(`: skips the balanced group. */
  skipGroup(): void {
    if (!this.atKind(TK.OpenParen)) return;
    this.i++;
    this.skipToCloseParen();
  }

  /** Reads `a.b.c` (words or quoted identifiers); undefined when the current token is not a name. */
  namePath(): NamePath | undefined {
    const t = this.t;
    if (!t || (t.kind !== TK.Word && t.kind !== TK.QuotedIdent)) return undefined;
    const p: NamePath = { parts: [], starts: [], ends: [], quoted: [] };
    for (;;) {
      const n = this.t!;
      p.parts.push(identValue(n));
      p.starts.push(n.start);
      p.ends.push(n.end);
      p.quoted.push(n.kind === TK.QuotedIdent);
      this.i++;
      const dot = this.t;
      const next = this.peek();
      if (dot && dot.kind === TK.Dot && next && (next.kind === TK.Word || next.kind === TK.QuotedIdent)) {
        this.i++;
        continue;
      }
      return p;
    }
  }

  newScope(parent: Scope | undefined, start: number): Scope {
    const s: Scope = { id: this.scopes.length, parent, start, end: start, sources: [], ctes: [], items: [], clauses: [], children: [] };
    if (parent) parent.children.push(s);
    this.scopes.push(s);
    return s;
  }
  /** Opens a clause range in a scope; returns a function closing it at the current position. */
  openClause(scope: Scope, kind: ClauseKind, start: number): () => void {
    const c = { kind, start, end: start };
    scope.clauses.push(c);
    const prev = this.clause;
    this.clause = kind;
    return () => {
      c.end = Math.max(start, this.prevEnd);
      this.clause = prev;
    };
  }

  /** Guards recursion; false (with a marker) when nesting is too deep. */
  enter(): boolean {
    if (this.depth >= MAX_DEPTH) {
      this.error('tooDeep', undefined, {});
      return false;
    }
    this.depth++;
    return true;
  }
  leave(): void {
    this.depth--;
  }
}
