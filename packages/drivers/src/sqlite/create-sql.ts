/**
 * What SQLite keeps only in the CREATE text of sqlite_master: CHECK constraints (table and column
 * level) and the expressions of index keys. The text is read with the shared tokenizer, so quoted names,
 * strings and comments that contain parentheses, commas or the word CHECK never confuse it.
 */
import { TK, dialectFor, identValue, tokenize, type Token } from '@askdb/sql';

const tokens = (sql: string): Token[] => tokenize(sql, dialectFor('SQLITE').splitter).tokens;

const isWord = (t: Token | undefined, word: string) => t?.kind === TK.Word && t.up === word;

/** A name as written: SQLite also takes a string literal where a name goes. */
const nameOf = (t: Token): string => (t.kind === TK.String ? t.text.slice(1, -1).replaceAll("''", "'") : identValue(t));

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
    const column = tableLevel ? null : nameOf(first);
    let depth = 0;
    for (let i = from; i < to; i++) {
      const t = ts[i]!;
      if (t.kind === TK.OpenParen) depth++;
      else if (t.kind === TK.CloseParen) depth--;
      if (depth !== 0 || !isWord(t, 'CHECK') || ts[i + 1]?.kind !== TK.OpenParen) continue;
      const named = isWord(ts[i - 2], 'CONSTRAINT') ? nameOf(ts[i - 1]!) : null;
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

export interface TableFlags {
  /** The INTEGER PRIMARY KEY is declared AUTOINCREMENT (rowids never reused; sqlite_sequence keeps the counter). */
  autoIncrement: boolean;
  withoutRowid: boolean;
  strict: boolean;
}

/** What a CREATE TABLE statement says about its rowid and typing: read from the words, never from strings or comments. */
export function tableFlagsOf(createTable: string | null): TableFlags {
  const flags: TableFlags = { autoIncrement: false, withoutRowid: false, strict: false };
  if (!createTable) return flags;
  const ts = tokens(createTable);
  const open = ts.findIndex((t) => t.kind === TK.OpenParen);
  if (open < 0) return flags; // CREATE TABLE … AS SELECT
  const close = closing(ts, open);
  flags.autoIncrement = ts.slice(open, close).some((t) => isWord(t, 'AUTOINCREMENT'));
  for (let i = close + 1; i < ts.length; i++) {
    if (isWord(ts[i], 'WITHOUT') && isWord(ts[i + 1], 'ROWID')) flags.withoutRowid = true;
    if (isWord(ts[i], 'STRICT')) flags.strict = true;
  }
  return flags;
}

export interface GeneratedClause { expression: string; stored: boolean }

/**
 * Walks the column definitions of a CREATE TABLE (table constraints skipped): `visit` sees each
 * top-level token of a column's definition after its name, with the column's name, and returns true
 * when it has what it wanted from that column.
 */
function eachColumnToken(createTable: string | null, visit: (ts: Token[], i: number, to: number, column: string) => boolean): void {
  if (!createTable) return;
  const ts = tokens(createTable);
  const open = ts.findIndex((t) => t.kind === TK.OpenParen);
  if (open < 0) return;
  for (const [from, to] of items(ts, open)) {
    const first = ts[from]!;
    if (['CONSTRAINT', 'CHECK', 'PRIMARY', 'UNIQUE', 'FOREIGN'].some((w) => isWord(first, w))) continue;
    let depth = 0;
    for (let i = from + 1; i < to; i++) {
      const t = ts[i]!;
      // A token that opens a parenthesis is still seen at the column's own level.
      if (t.kind === TK.CloseParen) depth--;
      if (depth === 0 && visit(ts, i, to, nameOf(first))) break;
      if (t.kind === TK.OpenParen) depth++;
    }
  }
}

/** The generated columns of a CREATE TABLE (`[GENERATED ALWAYS] AS (expr) [STORED|VIRTUAL]`), by column name. */
export function generatedColumnsOf(createTable: string | null): Map<string, GeneratedClause> {
  const out = new Map<string, GeneratedClause>();
  eachColumnToken(createTable, (ts, i, to, column) => {
    if (!isWord(ts[i], 'AS') || ts[i + 1]?.kind !== TK.OpenParen) return false;
    const close = closing(ts, i + 1);
    const stored = ts.slice(close + 1, to).some((x) => isWord(x, 'STORED'));
    out.set(column, { expression: createTable!.slice(ts[i + 1]!.end, ts[close]!.start).trim(), stored });
    return true;
  });
  return out;
}

/** The COLLATE of each column that declares one (`name TEXT COLLATE NOCASE`), by column name. */
export function columnCollationsOf(createTable: string | null): Map<string, string> {
  const out = new Map<string, string>();
  eachColumnToken(createTable, (ts, i, _to, column) => {
    if (!isWord(ts[i], 'COLLATE') || !ts[i + 1]) return false;
    out.set(column, nameOf(ts[i + 1]!));
    return true;
  });
  return out;
}
