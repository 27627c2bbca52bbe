/**
 * Splits a script into statements the way the engine's own shell would: semicolons outside
 * strings, quoted identifiers, comments and dollar quotes; MySQL `DELIMITER`; SQL Server `GO`
 * (routines run to the end of their batch); BEGIN…END and CASE…END bodies; Oracle PL/SQL blocks
 * ended by `END;` or a `/` line. Execution and the parser both use it.
 */
import type { Dialect, SplitterOptions } from './dialect.js';
import { Scanner, TK, type TokenKind } from './tokenizer/scanner.js';
import { attachPositions } from './positions.js';

export interface SqlStatement {
  /** The statement text without its terminator (PL/SQL blocks keep their final `;`). */
  sql: string;
  /** Offsets in the script: `sql === script.slice(start, end)`. */
  start: number;
  end: number;
  /** 1-based, Monaco style; `endColumn` is the column just after the last character. */
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

type DialectLike = Pick<Dialect, 'splitter'>;

const NOT_BLOCK_AFTER_BEGIN = new Set(['TRANSACTION', 'WORK', 'TRAN', 'DEFERRED', 'IMMEDIATE', 'EXCLUSIVE', 'DISTRIBUTED', 'ISOLATION', 'READ']);
const LOOP_ENDS = new Set(['IF', 'LOOP', 'WHILE', 'REPEAT', 'FOR']);
/** SQL Server routines take the rest of their batch (until GO), as in SSMS. */
const MSSQL_BATCH_OBJECTS = new Set(['PROC', 'PROCEDURE', 'FUNCTION', 'TRIGGER']);
const CREATE_MODIFIERS = new Set(['OR', 'REPLACE', 'ALTER', 'EDITIONABLE', 'NONEDITIONABLE']);
const PLSQL_OBJECTS = new Set(['PROCEDURE', 'FUNCTION', 'PACKAGE', 'TRIGGER', 'TYPE']);

const MODE_NORMAL = 0;
/** SQL Server CREATE PROCEDURE/FUNCTION/TRIGGER/VIEW: the rest of the batch (until GO). */
const MODE_BATCH = 1;
/** Oracle PL/SQL: until `END;` closes the outer block, or a `/` line. */
const MODE_PLSQL = 2;

export function splitStatements(sql: string, dialect: DialectLike): SqlStatement[] {
  const ranges = splitRanges(sql, dialect.splitter);
  return attachPositions(sql, ranges);
}

/**
 * Splitter state carried between calls by the streaming splitter (stream-splitter.ts): the MySQL
 * `DELIMITER` in force at the start, and (out) the delimiter in force when each range ended.
 */
export interface SplitCarry {
  delimiter: string;
  delimiters: string[];
}

/** The statements as [start, end) offset pairs, flat. */
export function splitRanges(sql: string, o: SplitterOptions, carry?: SplitCarry): number[] {
  if (o.splitByLines) return splitLines(sql);
  const out: number[] = [];
  const n = sql.length;
  const sc = new Scanner(o);
  const blockRule = o.blockStart ?? 'begin';
  let pos = 0;
  let stmtStart = -1;
  let lastEnd = -1;
  let delimiter = carry?.delimiter ?? ';';
  let custom = delimiter !== ';';
  let depth = 0;
  let mode = MODE_NORMAL;
  let plsqlClosed = false;
  let endCase = false;
  let lineHasData = false;
  let words = 0;
  let head0 = '';
  let objectWord = '';
  /** `COPY … FROM STDIN` (not `COPY (query)`): its data lines follow its semicolon. */
  let copyIn = false;
  let prevWord = '';

  const finish = () => {
    if (stmtStart >= 0) {
      out.push(stmtStart, lastEnd);
      carry?.delimiters.push(delimiter);
    }
    stmtStart = -1;
    depth = 0;
    mode = MODE_NORMAL;
    plsqlClosed = false;
    endCase = false;
    words = 0;
    head0 = objectWord = prevWord = '';
    copyIn = false;
  };
  /** Upper-cased next word after `from`, skipping spaces and comments ('' if the next token is not a word). */
  const nextWord = (from: number): string => {
    let p = from;
    while (p < n) {
      const k = sc.scan(sql, p);
      if (k === TK.Space || k === TK.LineComment || k === TK.BlockComment) {
        p = sc.end;
        continue;
      }
      if (custom && sql.startsWith(delimiter, p)) return ';';
      if (k === TK.Semicolon) return ';';
      return k === TK.Word ? sql.slice(p, sc.end).toUpperCase() : '';
    }
    return ';';
  };
  const restOfLineBlank = (from: number, allowDigits: boolean): number => {
    // Returns the line end when only spaces (and digits for GO n, or a line comment) follow, else -1.
    let p = from;
    while (p < n) {
      const c = sql.charCodeAt(p);
      if (c === 10) return p;
      if (c === 32 || c === 9 || c === 13 || (allowDigits && c >= 48 && c <= 57)) p++;
      else if (c === 45 && sql.charCodeAt(p + 1) === 45) {
        const q = sql.indexOf('\n', p);
        return q < 0 ? n : q;
      } else return -1;
    }
    return n;
  };

  while (pos < n) {
    const c = sql.charCodeAt(pos);
    if (custom && c === delimiter.charCodeAt(0) && sql.startsWith(delimiter, pos)) {
      finish();
      pos += delimiter.length;
      lineHasData = true;
      continue;
    }
    let kind: TokenKind = sc.scan(sql, pos);
    let end = sc.end;
    switch (kind) {
      case TK.Space:
        if (sc.newline) lineHasData = false;
        pos = end;
        continue;
      case TK.LineComment:
        pos = end;
        continue;
      case TK.BlockComment:
        // MySQL executable comments (/*!40101 SET … */) are statements of their own.
        if (!(o.delimiterCommand && sql.charCodeAt(pos + 2) === 33)) {
          pos = end;
          continue;
        }
        break;
      case TK.Semicolon:
        if (!custom) {
          if (mode === MODE_PLSQL) {
            if (plsqlClosed) {
              lastEnd = end; // PL/SQL keeps its final semicolon
              finish();
              pos = end;
              lineHasData = true;
              continue;
            }
          } else if (mode === MODE_NORMAL && depth <= 0) {
            if (copyIn) {
              // The statement keeps its data lines, up to the `\.` line (or the end of the script).
              lastEnd = end = copyDataEnd(sql, end);
              finish();
              pos = end;
              lineHasData = true;
              continue;
            }
            finish();
            pos = end;
            lineHasData = true;
            continue;
          }
        }
        break;
      case TK.Operator:
        if (o.slashTerminator && !lineHasData && c === 47 && end === pos + 1) {
          const eol = restOfLineBlank(end, false);
          if (eol >= 0) {
            finish();
            pos = eol;
            continue;
          }
        }
        if (custom) end = clip(sql, pos, end, delimiter);
        break;
      case TK.Word:
      case TK.Number:
      case TK.Param: {
        if (custom) end = clip(sql, pos, end, delimiter);
        if (kind !== TK.Word) break;
        const len = end - pos;
        if (len > 9) {
          words++;
          break;
        }
        const w = sql.slice(pos, end).toUpperCase();
        if (w === 'GO' && o.goSeparator && !lineHasData) {
          const eol = restOfLineBlank(end, true);
          if (eol >= 0) {
            finish();
            pos = eol;
            continue;
          }
        }
        if (w === 'DELIMITER' && o.delimiterCommand && stmtStart < 0) {
          const eol = sql.indexOf('\n', end);
          const line = sql.slice(end, eol < 0 ? n : eol).trim();
          const d = line.split(/\s+/)[0] ?? '';
          if (d) {
            delimiter = d;
            custom = d !== ';';
          }
          pos = eol < 0 ? n : eol;
          continue;
        }
        if (o.copyData && head0 === 'COPY' && w === 'STDIN' && prevWord === 'FROM') copyIn = true;
        prevWord = w;
        if (words === 0) head0 = w;
        else if (objectWord === '' && (head0 === 'CREATE' || head0 === 'ALTER') && !CREATE_MODIFIERS.has(w)) {
          objectWord = w;
          if (o.goSeparator && MSSQL_BATCH_OBJECTS.has(w)) mode = MODE_BATCH;
          if (o.slashTerminator && head0 === 'CREATE' && PLSQL_OBJECTS.has(w)) {
            // CREATE TYPE … AS OBJECT (…) is a plain statement; TYPE BODY and PACKAGE end with their own END.
            if (w !== 'TYPE' || nextWord(end) === 'BODY') {
              mode = MODE_PLSQL;
              if (w === 'PACKAGE' || w === 'TYPE') depth = 1;
            }
          }
        }
        words++;
        if (o.slashTerminator && mode === MODE_NORMAL && words === 1 && (w === 'DECLARE' || w === 'BEGIN')) mode = MODE_PLSQL;
        if (custom) break;
        if (w === 'BEGIN') {
          if (mode === MODE_PLSQL) depth++;
          else if (o.beginEndBlocks) {
            const after = nextWord(end);
            if (blockRule === 'begin-atomic' ? after === 'ATOMIC' : after !== ';' && !NOT_BLOCK_AFTER_BEGIN.has(after)) depth++;
          }
        } else if (w === 'CASE') {
          if (endCase) endCase = false; // the CASE of END CASE
          else if (depth > 0 || mode === MODE_PLSQL) depth++;
        } else if (w === 'END') {
          if (depth > 0 || mode === MODE_PLSQL) {
            const after = nextWord(end);
            if (!LOOP_ENDS.has(after)) {
              endCase = after === 'CASE';
              depth--;
              if (mode === MODE_PLSQL && depth <= 0) plsqlClosed = true;
            }
          }
        }
        break;
      }
      case TK.OpenParen:
        if (words === 1 && head0 === 'COPY') head0 = 'COPY(';
        break;
      default:
        break;
    }
    if (stmtStart < 0) stmtStart = pos;
    lastEnd = end;
    lineHasData = true;
    pos = end;
  }
  finish();
  return out;
}

/**
 * Where a COPY data block that starts after `from` (the statement's semicolon) ends: just after the
 * `\.` line, or at the end of the script. The data starts on the line after the semicolon.
 */
function copyDataEnd(sql: string, from: number): number {
  let p = sql.indexOf('\n', from);
  if (p < 0) return from;
  p++;
  while (p < sql.length) {
    let eol = sql.indexOf('\n', p);
    if (eol < 0) eol = sql.length;
    const line = sql.charCodeAt(eol - 1) === 13 ? sql.slice(p, eol - 1) : sql.slice(p, eol);
    if (line === '\\.') return p + 2;
    p = eol + 1;
  }
  // Trailing line ends only: a last row may end in tabs (empty columns).
  let e = sql.length;
  while (e > from && (sql.charCodeAt(e - 1) === 10 || sql.charCodeAt(e - 1) === 13)) e--;
  return e;
}

/** Cuts a token at a custom delimiter inside it (`END$$`, `1//`). */
function clip(sql: string, pos: number, end: number, delimiter: string): number {
  const q = sql.indexOf(delimiter, pos + 1);
  return q >= 0 && q < end ? q : end;
}

function splitLines(sql: string): number[] {
  const out: number[] = [];
  let p = 0;
  const n = sql.length;
  while (p <= n) {
    let q = sql.indexOf('\n', p);
    if (q < 0) q = n;
    let a = p;
    let b = q;
    while (a < b && /\s/.test(sql[a]!)) a++;
    while (b > a && /\s/.test(sql[b - 1]!)) b--;
    if (b > a) out.push(a, b);
    p = q + 1;
  }
  return out;
}
