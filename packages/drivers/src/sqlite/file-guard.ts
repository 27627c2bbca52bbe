/**
 * SQLite statements that name other files — `ATTACH [DATABASE] 'file' AS x` and `VACUUM [schema]
 * INTO 'file'` — may only name files the connection's FileAccess allows. better-sqlite3 exposes no
 * authorizer, so the statement is read before it runs (the file must be a plain name, not an
 * expression) and the attached databases are checked again after it ran (`PRAGMA database_list`),
 * which also catches any way of attaching this reading misses. load_extension() stays off: better-sqlite3
 * enables only the C API for extensions, never the SQL function.
 */
import type Database from 'better-sqlite3';
import { TK, dialectFor, identValue, tokenize, type Token } from '@askdb/sql';
import type { FileAccess } from '../driver.js';
import { driverError } from '../messages.js';
import { fileAllowed } from '../shared/file-path.js';

const isWord = (t: Token | undefined, word: string) => t?.kind === TK.Word && t.up === word;
const IN_MEMORY = new Set(['', ':memory:']);

/** The file named by an ATTACH or VACUUM INTO statement: its text, or null when it is an expression. */
function namedFile(sql: string): { file: string | null } | undefined {
  const ts = tokenize(sql, dialectFor('SQLITE').splitter).tokens.filter(
    (t) => t.kind !== TK.LineComment && t.kind !== TK.BlockComment && t.kind !== TK.Semicolon,
  );
  let i: number;
  if (isWord(ts[0], 'ATTACH')) {
    i = isWord(ts[1], 'DATABASE') ? 2 : 1;
    const asAt = ts.findIndex((t, k) => k > i && isWord(t, 'AS'));
    return { file: asAt === i + 1 ? plainName(ts[i]!) : null };
  }
  if (!isWord(ts[0], 'VACUUM')) return undefined;
  const into = ts.findIndex((t) => isWord(t, 'INTO'));
  if (into < 0) return undefined;
  i = into + 1;
  return { file: ts.length === i + 1 ? plainName(ts[i]!) : null };
}

/** A string literal, or a name SQLite reads as one ("x", [x], x). */
function plainName(t: Token): string | null {
  if (t.kind === TK.String && !t.open) return t.text.slice(1, -1).replaceAll("''", "'");
  if (t.kind === TK.QuotedIdent || t.kind === TK.Word) return identValue(t);
  return null;
}

/** A `file:` URI's path (SQLite opens URIs when asked to); other names unchanged. */
function uriPath(name: string): string {
  if (!/^file:/i.test(name)) return name;
  const body = name.slice(5).split(/[?#]/)[0]!;
  const p = body.startsWith('//') ? body.slice(2).replace(/^localhost(?=\/)/i, '') : body;
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

function allowed(access: FileAccess, name: string): boolean {
  return IN_MEMORY.has(name) || fileAllowed(access, uriPath(name));
}

/** Throws FILE_NOT_ALLOWED before an ATTACH / VACUUM INTO that names a file outside `access`. */
export function checkStatementFiles(sql: string, access: FileAccess): void {
  const named = namedFile(sql);
  if (!named) return;
  if (named.file === null) throw driverError('FILE_NOT_ALLOWED', { path: sql.trim().slice(0, 80) });
  if (!allowed(access, named.file)) throw driverError('FILE_NOT_ALLOWED', { path: named.file });
}

/** Detaches any attached database outside `access` (after a statement ran) and says which. */
export function detachForeignFiles(db: Database.Database, access: FileAccess): void {
  const list = db.pragma('database_list') as { name: string; file: string }[];
  for (const { name, file } of list) {
    if (name === 'main' || name === 'temp' || allowed(access, file)) continue;
    db.prepare('DETACH DATABASE ?').run(name);
    throw driverError('FILE_NOT_ALLOWED', { path: file });
  }
}
