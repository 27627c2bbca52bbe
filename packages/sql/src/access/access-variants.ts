/**
 * The parts of statement access that make it fail closed (issue 24 point 1):
 * - the ways the engine may read a statement (its canonical text, and in MySQL/MariaDB each way of
 *   running its executable comments), merged into one access that covers them all;
 * - calls that change state although they look like reads (`nextval`, `setval`, advisory locks,
 *   large objects, dblink, …): they make the statement a write, and `nextval('s')` writes sequence s.
 */
import type { Dialect } from '../dialect.js';
import type { DefinitionName } from '../dialects/registry.js';
import type { NamePath } from '../parser/model.js';
import { identValue, tokenize, type Token } from '../parser/tokens.js';
import { splitStatements } from '../splitter.js';
import { TK } from '../tokenizer/scanner.js';
import { canonicalSql, type SqlMode } from './canonical.js';
import { isSideEffectFunction } from './side-effect-functions.js';
import type { AccessCategory, StatementAccess, TableAccess } from './statement-access.js';

/** More than this many executable comments: the combinations are not analysed one by one; refused. */
const MAX_EXECUTABLE = 8;
const RANK: Record<AccessCategory, number> = { NONE: 0, READ: 1, OTHER: 2, WRITE: 3, DDL: 4 };

/** One text to analyse; a `lenient` one counts for what it reaches, not for what it cannot place. */
export interface Reading {
  text: string;
  lenient: boolean;
}

/**
 * The texts to analyse: the statement as written (comments as comments); with its executable comments
 * opened (all, and each alone and all but each); and in MySQL as read under the server modes that change
 * the text's meaning (ANSI_QUOTES: `"x"` a name; NO_BACKSLASH_ESCAPES), which the server or a hint may set.
 */
export function readings(sql: string, dialect: Dialect): { texts: Reading[]; problems: string[] } {
  const plain = canonicalSql(sql, dialect);
  const problems = [...plain.problems];
  const texts: Reading[] = [{ text: plain.text, lenient: false }];
  const n = plain.executableComments;
  const opens: ((i: number) => boolean)[] = [() => false];
  if (n > 0) {
    problems.push('executable-comment');
    opens.push(() => true);
    if (n > 1 && n <= MAX_EXECUTABLE) for (let k = 0; k < n; k++) opens.push((i) => i === k, (i) => i !== k);
    if (n > MAX_EXECUTABLE) problems.push('executable-comments');
  }
  const modes: SqlMode[] = [{}];
  if (dialect.name === 'mysql') {
    if (sql.includes('"')) modes.push({ ansiQuotes: true });
    if (sql.includes('\\')) modes.push({ noBackslashEscapes: true }, { ansiQuotes: true, noBackslashEscapes: true });
  }
  for (const mode of modes) {
    for (const open of opens) {
      if (open === opens[0] && mode === modes[0]) continue; // the plain reading, above
      const c = canonicalSql(sql, dialect, open, mode);
      // Opened, a comment may hold several statements (`/*! select 1; drop table x */`): each one counts.
      for (const s of splitStatements(c.text, dialect)) if (s.sql.trim()) texts.push({ text: s.sql, lenient: mode !== modes[0] });
    }
  }
  return { texts, problems };
}

function mergeTables(into: Map<string, TableAccess>, list: TableAccess[]): void {
  for (const t of list) {
    const key = `${t.table.database ?? ''}\u0000${t.table.schema ?? ''}\u0000${t.table.name}`;
    const had = into.get(key);
    if (!had) into.set(key, { table: { ...t.table }, columns: t.columns === '*' ? '*' : [...t.columns] });
    else if (had.columns !== '*') had.columns = t.columns === '*' ? '*' : [...new Set([...had.columns, ...t.columns])];
  }
}

/** One access covering every reading: all tables and columns, the strictest kind, every doubt. */
export function mergeAccesses(list: StatementAccess[], problems: string[]): StatementAccess {
  const first = list[0]!;
  if (list.length === 1 && !problems.length) return first;
  let strictest = first;
  const reads = new Map<string, TableAccess>();
  const writes = new Map<string, TableAccess>();
  const ddlTargets = new Map<string, NonNullable<StatementAccess['ddlTargets']>[number]>();
  let ddlAll = false;
  const unresolved = new Set<string>(problems);
  for (const a of list) {
    if (RANK[a.category] > RANK[strictest.category]) strictest = a;
    mergeTables(reads, a.reads);
    mergeTables(writes, a.writes);
    if (a.ddlTargets === null) ddlAll = true;
    else for (const t of a.ddlTargets) ddlTargets.set(`${t.database ?? ''}\u0000${t.schema ?? ''}\u0000${t.name}`, t);
    for (const u of a.unresolved) unresolved.add(u);
  }
  const ddl = list.some((a) => a.ddl);
  return {
    kind: strictest.kind,
    category: strictest.category,
    reads: [...reads.values()],
    writes: [...writes.values()],
    ddl,
    ddlTargets: ddl && ddlAll ? null : [...ddlTargets.values()],
    unresolved: [...unresolved],
  };
}

/** Functions that only make the server wait: refused where a query must only read, but they change nothing. */
const WAIT_ONLY = new Set(['sleep', 'pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'benchmark', 'sleepeachrow']);
/** Sequence functions whose first argument names the sequence they change. */
const SEQUENCE_WRITERS = new Set(['nextval', 'setval']);

export interface SideEffects {
  /** The statement changes state through a function call. */
  writes: boolean;
  /** Sequences it changes, named as tables. */
  sequences: NamePath[];
  problems: string[];
}

/** The state-changing calls of a (canonical) statement text. */
export function sideEffects(sql: string, dialect: Dialect): SideEffects {
  const def = dialect.name as DefinitionName;
  const tokens = tokenize(sql, dialect.splitter).tokens;
  const out: SideEffects = { writes: false, sequences: [], problems: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // MariaDB `NEXT VALUE FOR s` / `PREVIOUS VALUE FOR s`; Oracle `s.nextval`.
    if (t.kind === TK.Word && t.up === 'NEXT' && tokens[i + 1]?.up === 'VALUE' && tokens[i + 2]?.up === 'FOR') {
      out.writes = true;
      const path = pathAt(tokens, i + 3);
      if (path) out.sequences.push(path);
      else out.problems.push('function:NEXT VALUE FOR');
      continue;
    }
    if (t.kind === TK.Word && t.up === 'NEXTVAL' && tokens[i - 1]?.kind === TK.Dot) {
      out.writes = true;
      out.problems.push('function:nextval');
      continue;
    }
    if ((t.kind !== TK.Word && t.kind !== TK.QuotedIdent) || tokens[i + 1]?.kind !== TK.OpenParen) continue;
    const name = identValue(t).toLowerCase();
    if (!isSideEffectFunction(def, [name]) || WAIT_ONLY.has(name)) continue;
    out.writes = true;
    if (!SEQUENCE_WRITERS.has(name)) {
      out.problems.push(`function:${name}`);
      continue;
    }
    const seq = sequenceArgument(tokens, i + 2, dialect);
    if (seq) out.sequences.push(seq);
    else out.problems.push(`function:${name}`);
  }
  return out;
}

/** The sequence named by `nextval('public.s')`, `nextval('s'::regclass)` or MariaDB's `nextval(db.s)`; null when it is computed. */
function sequenceArgument(tokens: Token[], at: number, dialect: Dialect): NamePath | null {
  const t = tokens[at];
  if (!t) return null;
  if (t.kind === TK.String) {
    const after = tokens[at + 1];
    const castOk = after?.text === '::' && tokens[at + 2]?.kind === TK.Word && tokens[at + 2]!.up === 'REGCLASS';
    const next = castOk ? tokens[at + 3] : after;
    if (!next || (next.kind !== TK.Comma && next.kind !== TK.CloseParen)) return null;
    if (!/^'[^']*'$/.test(t.text)) return null;
    const inner = t.text.slice(1, -1);
    const path = pathAt(tokenize(inner, dialect.splitter).tokens, 0, true);
    return path;
  }
  // MariaDB names the sequence itself; elsewhere a name there is a column holding it (computed).
  if (dialect.name !== 'mysql') return null;
  const path = pathAt(tokens, at);
  const next = path ? tokens[at + path.parts.length * 2 - 1] : null;
  return path && next && (next.kind === TK.Comma || next.kind === TK.CloseParen) ? path : null;
}

/** A dotted name starting at token `at`; with `whole`, it must be all the tokens there are. */
function pathAt(tokens: Token[], at: number, whole = false): NamePath | null {
  const path: NamePath = { parts: [], starts: [], ends: [], quoted: [] };
  let k = at;
  for (;;) {
    const t = tokens[k];
    if (!t || (t.kind !== TK.Word && t.kind !== TK.QuotedIdent)) return null;
    path.parts.push(identValue(t));
    path.starts.push(t.start);
    path.ends.push(t.end);
    path.quoted.push(t.kind === TK.QuotedIdent);
    if (tokens[k + 1]?.kind !== TK.Dot) break;
    k += 2;
  }
  if (whole && k + 1 !== tokens.length) return null;
  return path;
}
