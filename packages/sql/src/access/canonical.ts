/**
 * The statement as the engine reads it, rewritten so the parser cannot read it differently (issue 24
 * point 1): the access analysis runs on this text, never on what the user typed.
 *
 * - MySQL/MariaDB executable comments (`/*! … *\/`, `/*!50000 … *\/`, `/*M!100100 … *\/`) are code
 *   on the server: they are either kept as comments or opened into code, per comment, so callers can
 *   analyse each way the server may read them (it runs a versioned one only on a new enough version).
 * - `#`: a line comment in MySQL (also inside a word: `ssn#x` is `ssn` then a comment), an operator
 *   elsewhere (`id#ssn` in PostgreSQL is `id # ssn`); only SQL Server and Oracle allow it in names.
 * - PostgreSQL `U&"d\0061t"` identifiers (with `UESCAPE 'c'`) are decoded into plain quoted names.
 *
 * Anything it cannot rewrite with certainty (a Unicode escape it cannot decode) is reported in
 * `problems`, and the access analysis refuses on it (fail closed).
 */
import type { Dialect } from '../dialect.js';
import { Scanner, TK } from '../tokenizer/scanner.js';

export interface CanonicalSql {
  text: string;
  /** How many executable comments the statement has (MySQL family). */
  executableComments: number;
  /** Why the text may not be what the engine reads. */
  problems: string[];
}

/** MySQL sql_mode flags that change how the text is read (set on the server, or per statement by a hint). */
export interface SqlMode {
  /** `"x"` is a name, not a string. */
  ansiQuotes?: boolean;
  /** A backslash in a string is a plain character. */
  noBackslashEscapes?: boolean;
}

/** `/*!`, `/*!50000`, `/*M!100100`: the marker's length, or 0 for a plain comment. */
export function executableMarker(comment: string): number {
  const m = /^\/\*M?!\d*/.exec(comment);
  return m ? m[0].length : 0;
}

/** Names may hold `#` only on these engines. */
const HASH_IN_NAMES = new Set(['sqlserver', 'oracle']);

/**
 * The statement rewritten for analysis. `open(i)` says whether the i-th executable comment is read as
 * code (default: none is).
 */
export function canonicalSql(sql: string, dialect: Dialect, open: (i: number) => boolean = () => false, mode: SqlMode = {}): CanonicalSql {
  const base = dialect.splitter;
  // Read as the server would in that mode; written back in the dialect's default form.
  const o = { ...base, ...(mode.ansiQuotes ? { identifierQuotes: [...base.identifierQuotes, '"' as const] } : {}), ...(mode.noBackslashEscapes ? { backslashEscapes: false } : {}) };
  const mysql = dialect.name === 'mysql';
  const pg = dialect.name === 'postgresql';
  const hashInNames = HASH_IN_NAMES.has(dialect.name);
  const sc = new Scanner(o);
  const out: string[] = [];
  const problems: string[] = [];
  let executable = 0;
  let pos = 0;
  const n = sql.length;
  while (pos < n) {
    const kind = sc.scan(sql, pos);
    const end = sc.end;
    const text = sql.slice(pos, end);
    if (kind === TK.BlockComment && mysql && /^\/\*\+[\s\S]*\bSET_VAR\s*\(/i.test(text)) problems.push('optimizer-hint'); // sets sql_mode & co for the statement
    if (mode.ansiQuotes && kind === TK.QuotedIdent && text[0] === '"') {
      out.push('`' + identBody(text, sc.unterminated).replaceAll('`', '``') + '`');
      pos = end;
      continue;
    }
    if (mode.noBackslashEscapes && kind === TK.String && text.includes('\\')) {
      const at = text.search(/['"]/);
      const body = text.slice(at + 1, sc.unterminated ? undefined : -1);
      out.push(`${text[at]}${body.replaceAll('\\', '\\\\')}${text[at]}`);
      pos = end;
      continue;
    }
    if (kind === TK.BlockComment && mysql) {
      const marker = executableMarker(text);
      if (marker) {
        const i = executable++;
        if (open(i)) {
          // The comment's body is code: scanned again from just after the marker (its end marker too).
          const close = sc.unterminated ? end : end - 2;
          out.push(' ');
          out.push(canonicalSql(sql.slice(pos + marker, close), dialect, () => false, mode).text);
          out.push(' ');
          pos = end;
          continue;
        }
      }
      out.push(' ');
      pos = end;
      continue;
    }
    if (kind === TK.Word && !hashInNames) {
      const h = text.indexOf('#');
      if (h >= 0) {
        // `ssn#x`: the word ends at `#`; MySQL reads a comment from there, others an operator.
        out.push(text.slice(0, h));
        if (mysql) {
          const nl = sql.indexOf('\n', pos + h);
          pos = nl < 0 ? n : nl;
          out.push(' ');
        } else {
          out.push(h === 0 ? '# ' : ' # ');
          pos = pos + h + 1;
        }
        continue;
      }
    }
    if (kind === TK.QuotedIdent && pg && (text[0] === 'U' || text[0] === 'u') && text[1] === '&') {
      const body = identBody(text.slice(2), sc.unterminated);
      const { escape, next } = uescapeAfter(sql, end, new Scanner(o));
      const name = escape === null ? null : decodeUnicode(body, escape);
      if (name === null) {
        problems.push('unicode-identifier');
        out.push(text);
        pos = end;
        continue;
      }
      out.push(`"${name.replaceAll('"', '""')}"`);
      pos = next;
      continue;
    }
    out.push(kind === TK.LineComment || kind === TK.BlockComment ? ' ' : text);
    pos = end;
  }
  return { text: out.join(''), executableComments: executable, problems };
}

function identBody(quoted: string, open: boolean): string {
  return (open ? quoted.slice(1) : quoted.slice(1, -1)).replaceAll('""', '"');
}

/** A `UESCAPE 'c'` clause after a U& identifier: its character (null when malformed) and where the statement goes on. */
function uescapeAfter(sql: string, from: number, sc: Scanner): { escape: string | null; next: number } {
  const m = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*uescape(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*'((?:[^']|'')*)'/i.exec(sql.slice(from));
  if (!m) {
    // A UESCAPE we cannot read: refuse rather than guess.
    const at = skipSpace(sql, from, sc);
    if (at < sql.length && sc.scan(sql, at) === TK.Word && /^uescape$/i.test(sql.slice(at, sc.end))) return { escape: null, next: from };
    return { escape: '\\', next: from };
  }
  const c = m[3]!.replaceAll("''", "'");
  if ([...c].length !== 1 || /[0-9a-fA-F+'"\s]/.test(c)) return { escape: null, next: from };
  return { escape: c, next: from + m[0].length };
}

function skipSpace(sql: string, pos: number, sc: Scanner): number {
  while (pos < sql.length) {
    const k = sc.scan(sql, pos);
    if (k !== TK.Space && k !== TK.LineComment && k !== TK.BlockComment) return pos;
    pos = sc.end;
  }
  return pos;
}

/** `d\0061t` → `dat`; `\+01F600` six hex digits; the escape doubled is itself. Null when malformed. */
export function decodeUnicode(body: string, escape: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c !== escape) {
      out += c;
      i++;
      continue;
    }
    if (body[i + 1] === escape) {
      out += escape;
      i += 2;
      continue;
    }
    const six = body[i + 1] === '+';
    const hex = six ? body.slice(i + 2, i + 8) : body.slice(i + 1, i + 5);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== (six ? 6 : 4)) return null;
    const cp = parseInt(hex, 16);
    if (cp > 0x10ffff || cp === 0) return null;
    out += String.fromCodePoint(cp);
    i += six ? 8 : 5;
  }
  // Surrogate pairs written as two escapes come out as two halves: that is what PostgreSQL joins, too.
  return out;
}
