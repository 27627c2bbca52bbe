/**
 * What SQLite keeps only in the CREATE text of sqlite_master: CHECK constraints (table and column
 * level) and the expressions of index keys. The text is read with the shared scanner, so quoted names,
 * strings and comments that contain parentheses, commas or the word CHECK never confuse it.
 */
import { Scanner, TK, type ScanOptions, type TokenKind } from '@askdb/sql';

interface Token { kind: TokenKind; start: number; end: number; text: string }

const OPTIONS: ScanOptions = { dollarQuotes: false, nestedBlockComments: false, hashComments: false, backslashEscapes: false, identifierQuotes: ['"', '`', '['] };

function tokens(sql: string): Token[] {
  const scanner = new Scanner(OPTIONS);
  const out: Token[] = [];
  for (let pos = 0; pos < sql.length; pos = scanner.end) {
    const kind = scanner.scan(sql, pos);
    if (kind !== TK.Space && kind !== TK.LineComment && kind !== TK.BlockComment) out.push({ kind, start: pos, end: scanner.end, text: sql.slice(pos, scanner.end) });
  }
  return out;
}

const isWord = (t: Token | undefined, word: string) => t?.kind === TK.Word && t.text.toUpperCase() === word;

function unquote(t: Token): string {
  if (t.kind !== TK.QuotedIdent && t.kind !== TK.String) return t.text;
  const q = t.text[0]!;
  const close = q === '[' ? ']' : q;
  return t.text.slice(1, -1).split(close + close).join(close);
}

/** The index of the parenthesis closing the one at `open`, or the last token. */
function closing(ts: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < ts.length; i++) {
    if (ts[i]!.kind === TK.OpenParen) depth++;
    else if (ts[i]!.kind === TK.CloseParen && --depth === 0) return i;
  }
  return ts.length - 1;
}

/** The comma-separated items between the parentheses at `open` and its partner, as token ranges. */
function items(ts: Token[], open: number): [number, number][] {
  const close = closing(ts, open);
  const out: [number, number][] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open + 1; i < close; i++) {
    const k = ts[i]!.kind;
    if (k === TK.OpenParen) depth++;
    else if (k === TK.CloseParen) depth--;
    else if (k === TK.Comma && depth === 0) {
      out.push([from, i]);
      from = i + 1;
    }
  }
  if (from < close) out.push([from, close]);
  return out;
}

export interface CheckClause {
  /** The CONSTRAINT name, when it has one. */
  name: string | null;
  /** The column a column-level CHECK belongs to. */
  column: string | null;
  /** The expression between CHECK's parentheses, as written. */
  expression: string;
}

/** Every CHECK of a CREATE TABLE statement, table and column level, in the order written. */
export function checksOf(createTable: string): CheckClause[] {
  const ts = tokens(createTable);
  const open = ts.findIndex((t) => t.kind === TK.OpenParen);
  if (open < 0) return []; // CREATE TABLE … AS SELECT
  const out: CheckClause[] = [];
  for (const [from, to] of items(ts, open)) {
    const first = ts[from]!;
    const tableLevel = ['CONSTRAINT', 'CHECK', 'PRIMARY', 'UNIQUE', 'FOREIGN'].some((w) => isWord(first, w));
    const column = tableLevel ? null : unquote(first);
    let depth = 0;
    for (let i = from; i < to; i++) {
      const t = ts[i]!;
      if (t.kind === TK.OpenParen) depth++;
      else if (t.kind === TK.CloseParen) depth--;
      if (depth !== 0 || !isWord(t, 'CHECK') || ts[i + 1]?.kind !== TK.OpenParen) continue;
      const named = isWord(ts[i - 2], 'CONSTRAINT') ? unquote(ts[i - 1]!) : null;
      const close = closing(ts, i + 1);
      out.push({ name: named, column, expression: createTable.slice(ts[i + 1]!.end, ts[close]!.start).trim() });
      i = close;
    }
  }
  return out;
}

/** The key parts of a CREATE INDEX statement as written (`lower(email)`, `"name" DESC`), without ASC/DESC. */
export function indexPartsOf(createIndex: string): string[] {
  const ts = tokens(createIndex);
  const on = ts.findIndex((t) => isWord(t, 'ON'));
  const open = ts.findIndex((t, i) => i > on && t.kind === TK.OpenParen);
  if (on < 0 || open < 0) return [];
  return items(ts, open).map(([from, to]) => {
    let last = to - 1;
    if (isWord(ts[last], 'ASC') || isWord(ts[last], 'DESC')) last--;
    return createIndex.slice(ts[from]!.start, ts[last]!.end).trim();
  });
}
