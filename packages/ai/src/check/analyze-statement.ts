/**
 * What one SQL statement does and which names it uses, from @askdb/sql's scanner: its kind
 * (reads, changes data, changes structure), the tables it reads or writes (with aliases, CTE
 * and created names told apart), qualified column references, and the bare identifiers that
 * could be columns. Approximate by design: it feeds warnings and a corrective round, and the
 * database's own dry run has the last word.
 */
import { Scanner, TK, type ScanOptions } from '@askdb/sql';
import { SQL_WORDS } from './sql-words.js';

export type StatementKind = 'READ' | 'DATA_CHANGE' | 'STRUCTURE_CHANGE' | 'OTHER';

export interface TableRef {
  /** Name as written, unquoted, possibly qualified (`sales.orders`). */
  name: string;
  alias?: string;
  /** The statement creates it (CREATE TABLE/VIEW, SELECT … INTO): it need not exist. */
  created?: boolean;
  /** DROP … IF EXISTS: it need not exist. */
  optional?: boolean;
}

export interface StatementAnalysis {
  kind: StatementKind;
  /** Also true for TRUNCATE and for CALL/EXEC (a routine may change anything). */
  changesData: boolean;
  changesStructure: boolean;
  tables: TableRef[];
  cteNames: string[];
  /** `qualifier.column` references; the qualifier is an alias or a table name. */
  qualifiedColumns: { qualifier: string; column: string }[];
  /** Bare identifiers that are neither keywords, functions, aliases nor tables: presumably columns. */
  bareIdentifiers: string[];
  /** FROM (subquery) or a table function: the statement has columns we cannot know. */
  hasDerivedTables: boolean;
}

interface Tok {
  kind: number;
  text: string;
  /** Upper-case text for words, unquoted name for identifiers. */
  up: string;
  name: string;
}

const READ_START = new Set(['SELECT', 'VALUES', 'TABLE', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'PRAGMA']);
const DATA_START = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE', 'UPSERT', 'COPY', 'LOAD', 'CALL', 'EXEC', 'EXECUTE', 'DO']);
const STRUCTURE_START = new Set(['CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'RENAME', 'COMMENT', 'GRANT', 'REVOKE']);
/** After these a name is a table. */
const TABLE_BEFORE = new Set(['FROM', 'JOIN', 'UPDATE', 'INTO', 'USING']);
/** Words that close a FROM clause at their depth. */
const FROM_ENDS = new Set(['WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'UNION', 'EXCEPT', 'INTERSECT', 'WINDOW', 'OFFSET', 'FETCH', 'RETURNING', 'SET', 'VALUES', 'SELECT', 'QUALIFY']);
/** Words that end a FROM list (so a following identifier is not another table). */
const CLAUSE_WORDS = new Set(['WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'ON', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'CROSS', 'NATURAL', 'UNION', 'EXCEPT', 'INTERSECT', 'SET', 'VALUES', 'WINDOW', 'OFFSET', 'FETCH', 'RETURNING', 'SELECT', 'USING', 'OUTER', 'LATERAL', 'FOR', 'WHEN', 'THEN']);

const NOT_TABLES = new Set(['LATERAL', 'IF', 'TABLE', 'DISTINCT', 'ALL', 'NOT', 'EXISTS', 'IGNORE', 'LOW_PRIORITY', 'QUICK', 'DELAYED', 'HIGH_PRIORITY']);

export function tokenize(sql: string, scan: ScanOptions): Tok[] {
  const sc = new Scanner(scan);
  const out: Tok[] = [];
  let pos = 0;
  while (pos < sql.length) {
    const kind = sc.scan(sql, pos);
    const end = Math.max(sc.end, pos + 1);
    const text = sql.slice(pos, end);
    pos = end;
    if (kind === TK.Space || kind === TK.LineComment || kind === TK.BlockComment) continue;
    const name = kind === TK.QuotedIdent ? unquote(text) : text;
    out.push({ kind, text, up: kind === TK.Word ? text.toUpperCase() : name, name });
  }
  return out;
}

function unquote(t: string): string {
  const open = t[0]!;
  const close = open === '[' ? ']' : open;
  const inner = t.slice(1, t.endsWith(close) && t.length > 1 ? -1 : undefined);
  return inner.split(close + close).join(close);
}

const isName = (t: Tok | undefined) => !!t && (t.kind === TK.QuotedIdent || (t.kind === TK.Word && !SQL_WORDS.has(t.text.toLowerCase())));

export function analyzeStatement(sql: string, scan: ScanOptions): StatementAnalysis {
  const toks = tokenize(sql, scan);
  const a: StatementAnalysis = {
    kind: 'OTHER', changesData: false, changesStructure: false, tables: [], cteNames: [], qualifiedColumns: [], bareIdentifiers: [], hasDerivedTables: false,
  };
  let i = 0;
  while (toks[i]?.kind === TK.OpenParen) i++;
  let first = toks[i]?.up ?? '';
  if (first === 'WITH') first = skipCtes(toks, i + 1, a);
  if (first === 'EXPLAIN') {
    // EXPLAIN ANALYZE runs the statement: classify by what it explains.
    let j = i + 1;
    while (toks[j] && !READ_START.has(toks[j]!.up) && !DATA_START.has(toks[j]!.up) && toks[j]!.up !== 'WITH') j++;
    first = toks[j]?.up === 'WITH' ? skipCtes(toks, j + 1, a) : (toks[j]?.up ?? 'SELECT');
  }
  if (READ_START.has(first)) a.kind = 'READ';
  else if (DATA_START.has(first)) a.kind = 'DATA_CHANGE';
  else if (STRUCTURE_START.has(first)) a.kind = 'STRUCTURE_CHANGE';
  a.changesData = a.kind === 'DATA_CHANGE' || first === 'TRUNCATE';
  a.changesStructure = a.kind === 'STRUCTURE_CHANGE';

  const aliases = new Set<string>();
  const used = new Set<number>();
  /** Read `name [AS] [alias]` at j as a table; returns the index after it, or undefined if none. */
  const readFromItem = (j: number, created = false, optional = false, columnListMayFollow = false): number | undefined => {
    if (toks[j]?.kind === TK.OpenParen) {
      a.hasDerivedTables = true;
      return undefined;
    }
    const read = readName(toks, j);
    if (!read) return undefined;
    if (toks[read.next]?.kind === TK.OpenParen && !created && !columnListMayFollow) {
      a.hasDerivedTables = true; // a table function
      return undefined;
    }
    for (let u = j; u < read.next; u++) used.add(u);
    const ref: TableRef = { name: read.name, ...(created ? { created } : {}), ...(optional ? { optional } : {}) };
    j = read.next;
    if (toks[j]?.up === 'AS' && isName(toks[j + 1])) {
      ref.alias = toks[j + 1]!.name;
      used.add(j + 1);
      j += 2;
    } else if (isName(toks[j]) && !CLAUSE_WORDS.has(toks[j]!.up) && toks[j + 1]?.kind !== TK.Dot) {
      ref.alias = toks[j]!.name;
      used.add(j);
      j++;
    }
    if (ref.alias) aliases.add(ref.alias.toLowerCase());
    if (!a.cteNames.some((c) => c.toLowerCase() === ref.name.toLowerCase())) a.tables.push(ref);
    return j;
  };
  // Paren context: is this parenthesis a subquery/list (names inside are tables/columns) or a function call?
  const parenIsCall: boolean[] = [];
  const inCall = () => parenIsCall.includes(true);
  // Whether a FROM clause is open at each paren depth (a comma there starts another table).
  const fromOpen: boolean[] = [false];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    const depth = parenIsCall.length;
    if (t.kind === TK.Comma && fromOpen[depth] && !inCall()) {
      const ref = readFromItem(k + 1);
      if (ref !== undefined) k = ref - 1;
      continue;
    }
    if (t.kind === TK.OpenParen) {
      fromOpen[depth + 1] = false;
      const prev = toks[k - 1];
      const next = toks[k + 1];
      const call = !!prev && prev.kind === TK.Word && !['IN', 'EXISTS', 'AS', 'FROM', 'JOIN', 'VALUES', 'ON', 'ANY', 'ALL', 'SOME', 'USING'].includes(prev.up) && next?.up !== 'SELECT' && next?.up !== 'WITH';
      parenIsCall.push(call);
      continue;
    }
    if (t.kind === TK.CloseParen) {
      parenIsCall.pop();
      continue;
    }
    if (t.kind !== TK.Word) continue;
    const up = t.up;
    if (FROM_ENDS.has(up)) fromOpen[depth] = false;
    if (up === 'FROM' && !inCall()) fromOpen[depth] = true;
    let tableAt = -1;
    let created = false;
    let optional = false;
    let columnList = false;
    if (TABLE_BEFORE.has(up) && !inCall()) {
      if (up === 'USING' && toks[k + 1]?.kind === TK.OpenParen) continue;
      if (up === 'INTO' && a.kind === 'READ' && first === 'SELECT') created = true; // SELECT … INTO new_table
      tableAt = k + 1;
    } else if (['TABLE', 'VIEW', 'INDEX'].includes(up) && ['CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'REPLACE', 'TEMP', 'TEMPORARY', 'UNLOGGED', 'MATERIALIZED', 'OR', 'UNIQUE', 'GLOBAL', 'LOCAL'].includes(toks[k - 1]?.up ?? '')) {
      let j = k + 1;
      if (toks[j]?.up === 'IF') {
        optional = toks[j + 1]?.up === 'EXISTS';
        if (toks[j + 1]?.up === 'NOT') created = true;
        while (toks[j] && ['IF', 'NOT', 'EXISTS'].includes(toks[j]!.up)) j++;
      }
      if (first === 'CREATE') created = true;
      if (up === 'INDEX') {
        // CREATE INDEX name ON table: the table is the one to check.
        while (toks[j] && toks[j]!.up !== 'ON') j++;
        created = false;
        columnList = true;
        j++;
      }
      tableAt = j;
    } else if (up === 'TRUNCATE' && toks[k + 1]?.up !== 'TABLE') {
      tableAt = k + 1;
    }
    if (tableAt < 0) continue;
    const after = readFromItem(tableAt, created, optional, columnList || up === 'INTO');
    if (after !== undefined) k = after - 1;
  }

  // Aliases of expressions (AS x, or a bare word right after an expression in a select list).
  const exprAliases = new Set<string>();
  toks.forEach((t, k) => {
    if (t.up === 'AS' && toks[k + 1] && toks[k + 1]!.kind !== TK.OpenParen) exprAliases.add(toks[k + 1]!.name.toLowerCase());
    const prev = toks[k - 1];
    const next = toks[k + 1];
    if (
      isName(t) && prev && (prev.kind === TK.CloseParen || prev.kind === TK.Number || prev.kind === TK.String || isName(prev)) &&
      (!next || next.kind === TK.Comma || next.up === 'FROM' || next.kind === TK.Semicolon)
    ) {
      exprAliases.add(t.name.toLowerCase());
    }
  });

  const cte = new Set(a.cteNames.map((c) => c.toLowerCase()));
  for (let k = 0; k < toks.length; k++) {
    if (used.has(k)) continue;
    const t = toks[k]!;
    if (!isName(t)) continue;
    const prev = toks[k - 1];
    const next = toks[k + 1];
    if (next?.kind === TK.Dot) {
      // qualifier.column (or schema.table.column: the last qualifier counts)
      const col = toks[k + 2];
      if (col && (isName(col) || col.kind === TK.Word) && toks[k + 3]?.kind !== TK.Dot && toks[k + 3]?.kind !== TK.OpenParen && !used.has(k + 2)) {
        a.qualifiedColumns.push({ qualifier: t.name, column: col.name });
      }
      continue;
    }
    if (prev?.kind === TK.Dot || next?.kind === TK.OpenParen) continue;
    if (prev?.text === '::' || prev?.up === 'AS') continue;
    const lower = t.name.toLowerCase();
    if (aliases.has(lower) || cte.has(lower) || exprAliases.has(lower)) continue;
    if (t.kind === TK.QuotedIdent || t.kind === TK.Word) a.bareIdentifiers.push(t.name);
  }
  a.bareIdentifiers = [...new Set(a.bareIdentifiers)];
  return a;
}

/** Skip `WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (…) [, …]`; return the main statement's first word. */
function skipCtes(toks: Tok[], i: number, a: StatementAnalysis): string {
  if (toks[i]?.up === 'RECURSIVE') i++;
  for (;;) {
    const name = toks[i];
    if (!name) return '';
    a.cteNames.push(name.name);
    i++;
    if (toks[i]?.kind === TK.OpenParen) i = skipParens(toks, i);
    if (toks[i]?.up === 'AS') i++;
    while (toks[i] && (toks[i]!.up === 'NOT' || toks[i]!.up === 'MATERIALIZED')) i++;
    if (toks[i]?.kind === TK.OpenParen) i = skipParens(toks, i);
    if (toks[i]?.kind === TK.Comma) {
      i++;
      continue;
    }
    while (toks[i]?.kind === TK.OpenParen) i++;
    return toks[i]?.up ?? '';
  }
}

function skipParens(toks: Tok[], i: number): number {
  let depth = 0;
  for (; i < toks.length; i++) {
    if (toks[i]!.kind === TK.OpenParen) depth++;
    else if (toks[i]!.kind === TK.CloseParen && --depth === 0) return i + 1;
  }
  return i;
}

/** A possibly qualified name at `i`: `a`, `a.b`, `"a"."b"`, `[a].[b]`. */
function readName(toks: Tok[], i: number): { name: string; next: number } | undefined {
  if (toks[i]?.up === 'ONLY') i++; // PostgreSQL FROM ONLY t
  const t = toks[i];
  // In a table position any word but a clause word is a name (tables called `data` or `user` exist).
  if (!t || !(t.kind === TK.QuotedIdent || (t.kind === TK.Word && !CLAUSE_WORDS.has(t.up) && !NOT_TABLES.has(t.up)))) return undefined;
  const parts = [t.name];
  let j = i + 1;
  while (toks[j]?.kind === TK.Dot && toks[j + 1] && (toks[j + 1]!.kind === TK.Word || toks[j + 1]!.kind === TK.QuotedIdent)) {
    parts.push(toks[j + 1]!.name);
    j += 2;
  }
  return { name: parts.join('.'), next: j };
}
