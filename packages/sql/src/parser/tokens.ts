/** Significant tokens of a text range (spaces and comments dropped), for the parser and completion. */
import { Scanner, TK, type ScanOptions, type TokenKind } from '../tokenizer/scanner.js';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Raw text. */
  text: string;
  /** Upper-cased text for words, raw text otherwise. */
  up: string;
  /** A string, quoted identifier or comment without its end (only set when true). */
  open?: boolean;
}

export interface TokenizeResult {
  tokens: Token[];
  /** Unterminated strings, quoted identifiers and comments, in order. */
  unterminated: Token[];
}

export function tokenize(sql: string, o: ScanOptions, from = 0, to = sql.length): TokenizeResult {
  const sc = new Scanner(o);
  const tokens: Token[] = [];
  const unterminated: Token[] = [];
  let pos = from;
  while (pos < to) {
    const kind = sc.scan(sql, pos);
    // A custom delimiter may cut a word (END$$): tokens never cross the range end.
    const end = Math.min(sc.end, to);
    if (kind === TK.Space) {
      pos = end;
      continue;
    }
    const text = sql.slice(pos, end);
    const t: Token = { kind, start: pos, end, text, up: kind === TK.Word ? text.toUpperCase() : text };
    if (sc.unterminated) {
      t.open = true;
      unterminated.push(t);
    }
    if (kind !== TK.LineComment && kind !== TK.BlockComment) tokens.push(t);
    pos = end;
  }
  return { tokens, unterminated };
}

/** The name an identifier token stands for: quotes removed and doubled quotes undone. */
export function identValue(t: Token): string {
  if (t.kind !== TK.QuotedIdent) return t.text;
  if (t.text[1] === '&') return identValue({ ...t, text: t.text.slice(2) }); // U&"…"
  const q = t.text[0]!;
  const close = q === '[' ? ']' : q;
  const body = t.open ? t.text.slice(1) : t.text.slice(1, -1);
  return body.replaceAll(close + close, close);
}

export function isIdentToken(t: Token | undefined): boolean {
  return !!t && (t.kind === TK.Word || t.kind === TK.QuotedIdent);
}
