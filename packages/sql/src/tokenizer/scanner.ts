/**
 * The lexical core shared by the splitter (execution) and the tokenizer (parser, completion):
 * one function that reads one token at a position. It never throws and always advances, whatever
 * the input (unterminated strings and comments run to the end of the text).
 */
import type { SplitterOptions } from '../dialect.js';

export const TK = {
  Space: 0,
  LineComment: 1,
  BlockComment: 2,
  String: 3,
  QuotedIdent: 4,
  DollarString: 5,
  Word: 6,
  Number: 7,
  Param: 8,
  Operator: 9,
  OpenParen: 10,
  CloseParen: 11,
  Comma: 12,
  Dot: 13,
  Semicolon: 14,
  Unknown: 15,
} as const;
export type TokenKind = (typeof TK)[keyof typeof TK];

/** What the scanner needs to know about a dialect (a subset of SplitterOptions). */
export type ScanOptions = Pick<
  SplitterOptions,
  'dollarQuotes' | 'nestedBlockComments' | 'hashComments' | 'backslashEscapes' | 'identifierQuotes'
>;

// Character classes of ASCII codes.
const SPACE = 1;
const WORD_START = 2;
const WORD_PART = 4;
const DIGIT = 8;
const OP = 16;
const CLS = new Uint8Array(128);
for (const c of [9, 10, 11, 12, 13, 32]) CLS[c] = SPACE;
for (let c = 65; c <= 90; c++) CLS[c] = WORD_START | WORD_PART;
for (let c = 97; c <= 122; c++) CLS[c] = WORD_START | WORD_PART;
CLS[95] = WORD_START | WORD_PART; // _
for (let c = 48; c <= 57; c++) CLS[c] = WORD_PART | DIGIT;
CLS[36] = WORD_PART; // $ inside names (PostgreSQL, Oracle, MySQL)
for (const ch of '<>=!|&~^%*+-/@#?') CLS[ch.charCodeAt(0)] = OP;

function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029;
}
export function isWordPart(c: number): boolean {
  return c < 128 ? (CLS[c] & WORD_PART) !== 0 : !isUnicodeSpace(c);
}
export function isWordStart(c: number): boolean {
  return c < 128 ? (CLS[c] & WORD_START) !== 0 : !isUnicodeSpace(c);
}

/** Reads one token; `end`, `unterminated` and `newline` describe the token just read. */
export class Scanner {
  end = 0;
  /** The token is a string, quoted identifier or comment without its closing part. */
  unterminated = false;
  /** A Space token that contains a line break. */
  newline = false;
  private readonly dq: boolean;
  private readonly bt: boolean;
  private readonly br: boolean;

  constructor(private readonly o: ScanOptions) {
    this.dq = o.identifierQuotes.includes('"');
    this.bt = o.identifierQuotes.includes('`');
    this.br = o.identifierQuotes.includes('[');
  }

  scan(s: string, pos: number): TokenKind {
    const n = s.length;
    const c = s.charCodeAt(pos);
    this.unterminated = false;
    if (c < 128) {
      const cls = CLS[c];
      if (cls & SPACE) return this.space(s, pos, n);
      if (cls & WORD_START) {
        const next = s.charCodeAt(pos + 1);
        if (next === 39 /* ' */) {
          const lc = c | 0x20;
          if (lc === 110 /* N */ || lc === 120 /* X */ || lc === 98 /* B */) return this.quoted(s, pos + 1, n, 39, this.o.backslashEscapes, TK.String);
          if (lc === 101 /* E */) return this.quoted(s, pos + 1, n, 39, true, TK.String);
        }
        // PostgreSQL Unicode escapes: U&'d\0061t' and U&"d\0061t" (a UESCAPE clause may follow).
        if (next === 38 /* & */ && (c | 0x20) === 117 /* u */ && this.o.dollarQuotes) {
          const q = s.charCodeAt(pos + 2);
          if (q === 39) return this.quoted(s, pos + 2, n, 39, false, TK.String);
          if (q === 34 && this.dq) return this.quoted(s, pos + 2, n, 34, false, TK.QuotedIdent);
        }
        return this.word(s, pos + 1, n);
      }
      if (cls & DIGIT) return this.number(s, pos, n);
      switch (c) {
        case 39: return this.quoted(s, pos, n, 39, this.o.backslashEscapes, TK.String);
        case 34: return this.dq ? this.quoted(s, pos, n, 34, false, TK.QuotedIdent) : this.quoted(s, pos, n, 34, this.o.backslashEscapes, TK.String);
        case 96: if (this.bt) return this.quoted(s, pos, n, 96, false, TK.QuotedIdent); break;
        case 91: if (this.br) return this.quoted(s, pos, n, 93, false, TK.QuotedIdent); break;
        case 40: this.end = pos + 1; return TK.OpenParen;
        case 41: this.end = pos + 1; return TK.CloseParen;
        case 44: this.end = pos + 1; return TK.Comma;
        case 59: this.end = pos + 1; return TK.Semicolon;
        case 46: {
          const next = s.charCodeAt(pos + 1);
          if (next >= 48 && next <= 57) {
            const prev = pos > 0 ? s.charCodeAt(pos - 1) : 32;
            if (!isWordPart(prev) && prev !== 34 && prev !== 96 && prev !== 93 && prev !== 41) return this.number(s, pos, n);
          }
          this.end = pos + 1;
          return TK.Dot;
        }
        case 45: { // -
          // MySQL: `--` starts a comment only when a space or control character follows (`--1` is minus minus one).
          const after = s.charCodeAt(pos + 2);
          if (s.charCodeAt(pos + 1) === 45 && (!this.o.hashComments || pos + 2 >= n || after <= 32)) return this.lineComment(s, pos, n);
          break;
        }
        case 47: // /
          if (s.charCodeAt(pos + 1) === 42) return this.blockComment(s, pos, n);
          break;
        case 35: // #
          if (this.o.hashComments) return this.lineComment(s, pos, n);
          if (pos + 1 < n && isWordPart(s.charCodeAt(pos + 1))) return this.word(s, pos + 1, n); // #temp tables
          break;
        case 36: // $
          return this.dollar(s, pos, n);
        case 64: { // @var, @@global
          let p = pos + 1;
          if (s.charCodeAt(p) === 64) p++;
          if (p < n && isWordPart(s.charCodeAt(p))) {
            this.wordEnd(s, p, n);
            return TK.Param;
          }
          break;
        }
        case 58: { // :name binds, :: casts, :=
          const next = s.charCodeAt(pos + 1);
          if (next === 58 || next === 61) { this.end = pos + 2; return TK.Operator; }
          if (pos + 1 < n && isWordStart(next)) { this.wordEnd(s, pos + 1, n); return TK.Param; }
          this.end = pos + 1;
          return TK.Operator;
        }
        case 63: { // ? placeholder; ?| ?& ?- are PostgreSQL operators
          const next = s.charCodeAt(pos + 1);
          if (next === 124 || next === 38 || next === 45 || next === 35) return this.operator(s, pos, n);
          this.end = pos + 1;
          return TK.Param;
        }
      }
      if (cls & OP) return this.operator(s, pos, n);
      if (c < 32 || c === 127) {
        let p = pos + 1;
        while (p < n) {
          const d = s.charCodeAt(p);
          if ((d < 32 && !(CLS[d] & SPACE)) || d === 127) p++;
          else break;
        }
        this.end = p;
        return TK.Unknown;
      }
      this.end = pos + 1;
      return TK.Operator;
    }
    if (isUnicodeSpace(c)) return this.space(s, pos, n);
    return this.word(s, pos + 1, n);
  }

  private space(s: string, pos: number, n: number): TokenKind {
    let p = pos;
    let nl = false;
    while (p < n) {
      const d = s.charCodeAt(p);
      if (d < 128 ? CLS[d] & SPACE : isUnicodeSpace(d)) {
        if (d === 10) nl = true;
        p++;
      } else break;
    }
    this.newline = nl;
    this.end = p;
    return TK.Space;
  }

  private wordEnd(s: string, p: number, n: number): void {
    while (p < n) {
      const d = s.charCodeAt(p);
      if (d < 128 ? CLS[d] & WORD_PART || d === 35 : !isUnicodeSpace(d)) p++;
      else break;
    }
    this.end = p;
  }

  private word(s: string, p: number, n: number): TokenKind {
    this.wordEnd(s, p, n);
    return TK.Word;
  }

  private number(s: string, pos: number, n: number): TokenKind {
    let p = pos;
    if (s.charCodeAt(p) === 48 && (s.charCodeAt(p + 1) | 0x20) === 120) {
      p += 2;
      while (p < n && isHex(s.charCodeAt(p))) p++;
    } else {
      while (p < n && isDigit(s.charCodeAt(p))) p++;
      if (s.charCodeAt(p) === 46) {
        p++;
        while (p < n && isDigit(s.charCodeAt(p))) p++;
      }
      if ((s.charCodeAt(p) | 0x20) === 101) {
        let q = p + 1;
        const sign = s.charCodeAt(q);
        if (sign === 43 || sign === 45) q++;
        if (isDigit(s.charCodeAt(q))) {
          p = q;
          while (p < n && isDigit(s.charCodeAt(p))) p++;
        }
      }
    }
    // MySQL names may start with digits (1st_table): a number glued to letters is a word.
    const d = s.charCodeAt(p);
    if (p < n && d !== 36 && isWordPart(d)) return this.word(s, p, n);
    this.end = p;
    return TK.Number;
  }

  /** '…' / "…" / `…` / […]: doubled closing char escapes it; backslash escapes when asked. */
  private quoted(s: string, pos: number, n: number, close: number, backslash: boolean, kind: TokenKind): TokenKind {
    const closeCh = String.fromCharCode(close);
    let p = pos + 1;
    for (;;) {
      const q = s.indexOf(closeCh, p);
      if (q < 0) {
        this.end = n;
        this.unterminated = true;
        return kind;
      }
      if (backslash) {
        let b = this.nextBackslash(s, p);
        if (b >= 0 && b < q) {
          // Skip escaped characters up to the candidate closing quote, then look again.
          while (b >= 0 && b < q) {
            p = b + 2;
            b = this.nextBackslash(s, p);
          }
          if (p > q) continue;
        }
      }
      if (s.charCodeAt(q + 1) === close) {
        p = q + 2;
        continue;
      }
      this.end = q + 1;
      return kind;
    }
  }

  // Cached position of the next backslash: one indexOf per backslash, not one per string.
  private bsSrc = '';
  private bsFrom = -1;
  private bsAt = -1;
  private nextBackslash(s: string, p: number): number {
    if (s === this.bsSrc && p >= this.bsFrom && (this.bsAt === -1 || this.bsAt >= p)) return this.bsAt;
    this.bsSrc = s;
    this.bsFrom = p;
    this.bsAt = s.indexOf('\\', p);
    return this.bsAt;
  }

  private lineComment(s: string, pos: number, n: number): TokenKind {
    const q = s.indexOf('\n', pos);
    this.end = q < 0 ? n : q;
    return TK.LineComment;
  }

  private blockComment(s: string, pos: number, n: number): TokenKind {
    if (!this.o.nestedBlockComments) {
      const q = s.indexOf('*/', pos + 2);
      if (q < 0) {
        this.end = n;
        this.unterminated = true;
      } else this.end = q + 2;
      return TK.BlockComment;
    }
    let depth = 1;
    let p = pos + 2;
    while (p < n) {
      const c = s.charCodeAt(p);
      if (c === 42 && s.charCodeAt(p + 1) === 47) {
        p += 2;
        if (--depth === 0) {
          this.end = p;
          return TK.BlockComment;
        }
      } else if (c === 47 && s.charCodeAt(p + 1) === 42) {
        p += 2;
        depth++;
      } else p++;
    }
    this.end = n;
    this.unterminated = true;
    return TK.BlockComment;
  }

  private dollar(s: string, pos: number, n: number): TokenKind {
    if (!this.o.dollarQuotes) {
      if (pos + 1 < n && isWordPart(s.charCodeAt(pos + 1))) return this.word(s, pos + 1, n);
      this.end = pos + 1;
      return TK.Operator;
    }
    const next = s.charCodeAt(pos + 1);
    if (isDigit(next)) {
      let p = pos + 2;
      while (p < n && isDigit(s.charCodeAt(p))) p++;
      this.end = p;
      return TK.Param;
    }
    // $tag$ … $tag$ (tag: identifier chars without $), or $$ … $$.
    let p = pos + 1;
    while (p < n) {
      const d = s.charCodeAt(p);
      if (d !== 36 && isWordPart(d)) p++;
      else break;
    }
    if (s.charCodeAt(p) !== 36) {
      this.end = p > pos + 1 ? p : pos + 1;
      return p > pos + 1 ? TK.Word : TK.Operator;
    }
    const tag = s.slice(pos, p + 1);
    const q = s.indexOf(tag, p + 1);
    if (q < 0) {
      this.end = n;
      this.unterminated = true;
    } else this.end = q + tag.length;
    return TK.DollarString;
  }

  private operator(s: string, pos: number, n: number): TokenKind {
    let p = pos + 1;
    while (p < n) {
      const d = s.charCodeAt(p);
      if (d >= 128 || !(CLS[d] & OP)) break;
      // Never swallow the start of a comment.
      if ((d === 45 && s.charCodeAt(p + 1) === 45) || (d === 47 && s.charCodeAt(p + 1) === 42) || (d === 35 && this.o.hashComments)) break;
      p++;
    }
    this.end = p;
    return TK.Operator;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}
