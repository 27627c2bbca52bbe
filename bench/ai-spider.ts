/**
 * Spider dev set for the schema-linking benchmark: schemas built as real SQLite tables (with
 * primary and foreign keys), read back from SQLite's own catalog, and each question's gold
 * tables taken from its parsed SQL (every `table_unit`, nested queries included).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Catalog, CatalogTable } from '@askdb/ai';

export const SPIDER_DIR = process.env.ASKDB_SPIDER_DIR ?? path.resolve(process.cwd(), '../shared/data/spider');

export interface SpiderDb {
  db_id: string;
  table_names_original: string[];
  column_names_original: [number, string][];
  column_types: string[];
  primary_keys: (number | number[])[];
  foreign_keys: [number, number][];
}

export interface SpiderQuestion {
  db_id: string;
  question: string;
  sql: unknown;
}

export function loadSpider(dir = SPIDER_DIR): { dbs: SpiderDb[]; questions: SpiderQuestion[] } {
  const dbs = JSON.parse(fs.readFileSync(path.join(dir, 'tables.json'), 'utf8')) as SpiderDb[];
  const questions = JSON.parse(fs.readFileSync(path.join(dir, 'dev.json'), 'utf8')) as SpiderQuestion[];
  return { dbs, questions };
}

/** Table ids used anywhere in a parsed Spider query (from, nested from, where/having subqueries, set operations). */
export function goldTableIds(sql: unknown): Set<number> {
  const out = new Set<number>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) {
      if (x.length === 2 && x[0] === 'table_unit' && typeof x[1] === 'number') out.add(x[1]);
      else x.forEach(walk);
    } else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(sql);
  return out;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const SQL_TYPE: Record<string, string> = { text: 'TEXT', number: 'NUMERIC', time: 'DATETIME', boolean: 'BOOLEAN', others: 'BLOB' };

/**
 * CREATE TABLE statements of one Spider database; every table name gets `prefix`. Three Spider
 * schemas list SQLite's own `sqlite_sequence`, a name SQLite reserves: it is left out unless a
 * prefix makes it an ordinary name (no dev question uses it).
 */
export function createStatements(db: SpiderDb, prefix = ''): string[] {
  const pks = new Set(db.primary_keys.flatMap((p) => (Array.isArray(p) ? p : [p])));
  return db.table_names_original.flatMap((table, ti) => {
    if (!prefix && /^sqlite_/i.test(table)) return [];
    const cols: string[] = [];
    const pkCols: string[] = [];
    db.column_names_original.forEach(([t, name], ci) => {
      if (t !== ti) return;
      cols.push(`${q(name)} ${SQL_TYPE[db.column_types[ci]!] ?? 'TEXT'}`);
      if (pks.has(ci)) pkCols.push(q(name));
    });
    if (pkCols.length) cols.push(`PRIMARY KEY (${pkCols.join(', ')})`);
    for (const [from, to] of db.foreign_keys) {
      const [ft, fname] = db.column_names_original[from]!;
      const [tt, tname] = db.column_names_original[to]!;
      if (ft !== ti) continue;
      cols.push(`FOREIGN KEY (${q(fname)}) REFERENCES ${q(prefix + db.table_names_original[tt]!)}(${q(tname)})`);
    }
    return [`CREATE TABLE ${q(prefix + table)} (\n  ${cols.join(',\n  ')}\n)`];
  });
}

export function buildSqlite(file: string, statements: string[]): void {
  const conn = new Database(file);
  try {
    conn.exec('BEGIN');
    for (const s of statements) conn.exec(s);
    conn.exec('COMMIT');
  } finally {
    conn.close();
  }
}

/** Read a SQLite file's tables, columns, primary and foreign keys into the schema-linking catalog (three queries). */
export function readSqliteCatalog(file: string): Catalog {
  const conn = new Database(file, { readonly: true });
  try {
    const tables = conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid`).all() as { name: string }[];
    const columns = conn
      .prepare(`SELECT m.name AS t, p.name AS name, p.type AS type, p."notnull" AS nn, p.pk AS pk FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.rowid, p.cid`)
      .all() as { t: string; name: string; type: string; nn: number; pk: number }[];
    const fks = conn
      .prepare(`SELECT m.name AS t, f.id AS id, f."table" AS ref, f."from" AS col, f."to" AS refcol FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table' ORDER BY m.rowid, f.id, f.seq`)
      .all() as { t: string; id: number; ref: string; col: string; refcol: string }[];
    const byName = new Map<string, CatalogTable>(tables.map((t) => [t.name, { name: t.name, kind: 'TABLE', columns: [], foreignKeys: [] }]));
    for (const c of columns) byName.get(c.t)?.columns.push({ name: c.name, type: c.type, nullable: !c.nn, primaryKey: c.pk > 0 });
    const grouped = new Map<string, { t: string; ref: string; cols: string[]; refcols: string[] }>();
    for (const f of fks) {
      const key = `${f.t}\u0000${f.id}`;
      const g = grouped.get(key) ?? { t: f.t, ref: f.ref, cols: [], refcols: [] };
      g.cols.push(f.col);
      g.refcols.push(f.refcol);
      grouped.set(key, g);
    }
    for (const g of grouped.values()) byName.get(g.t)?.foreignKeys!.push({ columns: g.cols, referencedTable: g.ref, referencedColumns: g.refcols });
    return { tables: [...byName.values()] };
  } finally {
    conn.close();
  }
}
