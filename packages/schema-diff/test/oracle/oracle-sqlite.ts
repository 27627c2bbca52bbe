/**
 * The SQLite side of the oracle: a file loaded with the sqlite3 shell, and a structure dump built from
 * sqlite_master and the engine's pragmas (SQLite has no schema-only dump of its own besides `.schema`,
 * which prints our own CREATE text back and so would compare layout, not structure).
 *
 * The dump, per table: PRAGMA table_list (type, column count, WITHOUT ROWID, STRICT), table_xinfo
 * (name, declared type, NOT NULL, default text, key position, hidden/generated), index_list and
 * index_xinfo (name, unique, origin, partial, key columns with order and collation), foreign_key_list,
 * whether the CREATE TABLE says AUTOINCREMENT, the CHECK and generated-column expressions and column collations of
 * its text; then every
 * trigger's text exactly, and views' and explicit indexes' text with layout normalised.
 *
 * Normalisation, and why each is legitimate:
 * - The text of CREATE TABLE is not compared as such: AskDB writes its own layout (a UNIQUE or
 *   PRIMARY KEY as a table constraint instead of a column one, quoted names). Its meaning is compared
 *   through the pragmas above instead.
 * - NOT NULL on a column the engine never lets be NULL anyway (the INTEGER PRIMARY KEY rowid alias, the
 *   key columns of a WITHOUT ROWID table) reads as set: AskDB writes it explicitly.
 * - View and CREATE INDEX text: compared token by token, identifiers unquoted and case-folded, keywords
 *   upper-cased, whitespace ignored; a trigger's text must match byte for byte.
 * - sqlite_sequence's counters are data, not structure, and are left out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { driverFor } from '@askdb/drivers';
import { TK, dialectFor, identValue, tokenize } from '@askdb/sql';
import type { OracleEngine } from './oracle.js';

export const sqliteOracle: OracleEngine = {
  type: 'SQLITE',
  async open(name) {
    const dir = mkdtempSync(join(tmpdir(), 'askdb-or-'));
    const file = join(dir, `${name}.sqlite`);
    const conn = await (await driverFor('SQLITE')).connect({ alias: name, type: 'SQLITE', filePath: file, options: { create: 'true' } });
    return {
      name, conn, loc: { databaseName: 'main' },
      load: (script) => void execFileSync('sh', ['-c', `sqlite3 -bail '${file}' < '${script}'`]),
      dump: () => dumpSqlite(file),
      async drop() {
        await conn.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const tokensOf = (sql: string) => tokenize(sql, dialectFor('SQLITE').splitter).tokens;

/** Layout-free text: identifiers unquoted and folded (SQLite names are case-insensitive), keywords upper-cased. */
export function layoutFree(sql: string): string {
  return tokensOf(sql)
    .filter((t) => t.kind !== TK.Space && t.kind !== TK.LineComment && t.kind !== TK.BlockComment)
    .map((t) => (t.kind === TK.Word || t.kind === TK.QuotedIdent ? identValue(t).toLowerCase() : t.text))
    .join(' ');
}

/** The expression of each generated column (`… AS (expr) …`) and each column's COLLATE, layout-free, by column. */
function generatedIn(createTable: string): Record<string, string> {
  const ts = tokensOf(createTable).filter((t) => t.kind !== TK.Space && t.kind !== TK.LineComment && t.kind !== TK.BlockComment);
  const out: Record<string, string> = {};
  const open = ts.findIndex((t) => t.kind === TK.OpenParen);
  let depth = 0;
  let itemStart = open + 1;
  for (let i = open; i < ts.length; i++) {
    const t = ts[i]!;
    if (t.kind === TK.OpenParen) depth++;
    else if (t.kind === TK.CloseParen) depth--;
    if (depth === 1 && t.kind === TK.Comma) itemStart = i + 1;
    if (depth === 1 && t.kind === TK.Word && t.up === 'COLLATE' && ts[i + 1]) out[`${identValue(ts[itemStart]!).toLowerCase()} collate`] = identValue(ts[i + 1]!).toLowerCase();
    if (depth === 1 && t.kind === TK.Word && t.up === 'AS' && ts[i + 1]?.kind === TK.OpenParen) {
      let d = 0;
      let j = i + 1;
      for (; j < ts.length; j++) {
        if (ts[j]!.kind === TK.OpenParen) d++;
        else if (ts[j]!.kind === TK.CloseParen && --d === 0) break;
      }
      out[identValue(ts[itemStart]!).toLowerCase()] = layoutFree(createTable.slice(ts[i + 2]!.start, ts[j]!.start));
    }
    if (depth === 0 && i > open) break;
  }
  return out;
}

function checksIn(createTable: string): string[] {
  const out: string[] = [];
  const ts = tokensOf(createTable).filter((t) => t.kind !== TK.Space);
  for (let i = 0; i < ts.length; i++) {
    if (!(ts[i]!.kind === TK.Word && ts[i]!.up === 'CHECK' && ts[i + 1]?.kind === TK.OpenParen)) continue;
    let depth = 0;
    let j = i + 1;
    for (; j < ts.length; j++) {
      if (ts[j]!.kind === TK.OpenParen) depth++;
      else if (ts[j]!.kind === TK.CloseParen && --depth === 0) break;
    }
    out.push(layoutFree(createTable.slice(ts[i + 2]!.start, ts[j]!.start)));
    i = j;
  }
  return out.sort();
}

export function dumpSqlite(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
    const master = all<{ type: string; name: string; tbl_name: string; sql: string | null }>(
      `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name`);
    const out: unknown[] = [];
    for (const m of master) {
      if (m.type === 'table') {
        const [list] = all<Record<string, unknown>>('SELECT type, ncol, wr, strict FROM pragma_table_list WHERE schema = ? AND name = ?', 'main', m.name);
        const cols = all<{ cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number }>('SELECT * FROM pragma_table_xinfo(?)', m.name);
        const pkCount = cols.filter((c) => c.pk > 0).length;
        const alwaysNotNull = (c: (typeof cols)[number]) => c.pk > 0 && (list!.wr === 1 || (pkCount === 1 && c.type.toUpperCase() === 'INTEGER'));
        const indexes = all<{ name: string; unique: number; origin: string; partial: number }>('SELECT name, "unique", origin, partial FROM pragma_index_list(?) ORDER BY name', m.name)
          .map((ix) => ({ ...ix, keys: all('SELECT seqno, cid, name, "desc", coll, key FROM pragma_index_xinfo(?)', ix.name) }));
        out.push({
          table: m.name, list,
          columns: cols.map((c) => ({ ...c, notnull: alwaysNotNull(c) ? 1 : c.notnull })),
          indexes,
          foreignKeys: all('SELECT id, seq, "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(?) ORDER BY id, seq', m.name),
          autoincrement: tokensOf(m.sql ?? '').some((t) => t.kind === TK.Word && t.up === 'AUTOINCREMENT'),
          checks: checksIn(m.sql ?? ''),
          generated: generatedIn(m.sql ?? ''),
        });
      } else if (m.type === 'trigger') out.push({ trigger: m.name, table: m.tbl_name, sql: m.sql });
      else if (m.sql) out.push({ [m.type]: m.name, table: m.tbl_name, sql: layoutFree(m.sql) });
    }
    return JSON.stringify(out, null, 1);
  } finally {
    db.close();
  }
}
