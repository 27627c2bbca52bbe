/**
 * Spider dev set for the schema-linking benchmark: schemas built as real SQLite tables (with
 * primary and foreign keys), and each question's gold tables taken from its parsed SQL (every
 * `table_unit`, nested queries included).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { catalogFromDriver, type Catalog } from '@askdb/ai';
import { driverFor } from '@askdb/drivers';

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

/** Spider-Syn (`../spider-syn/dev.json`): the same 1,034 dev questions in the same order, schema words replaced by synonyms. */
export const SPIDER_SYN_FILE = process.env.ASKDB_SPIDER_SYN_FILE ?? path.resolve(SPIDER_DIR, '../spider-syn/dev.json');

/** The Spider-Syn wording of each dev question, by position; checked against the Spider question and database it rewrites. */
export function loadSpiderSyn(questions: SpiderQuestion[], file = SPIDER_SYN_FILE): string[] {
  const syn = JSON.parse(fs.readFileSync(file, 'utf8')) as { db_id: string; SpiderQuestion: string; SpiderSynQuestion: string }[];
  if (syn.length !== questions.length) throw new Error(`Spider-Syn has ${syn.length} questions, Spider dev ${questions.length}`);
  return syn.map((s, i) => {
    if (s.db_id !== questions[i]!.db_id) throw new Error(`Spider-Syn question ${i} is on ${s.db_id}, Spider's on ${questions[i]!.db_id}`);
    return s.SpiderSynQuestion;
  });
}

export type SpiderPart = 'tune' | 'heldout';

/**
 * The fixed split by database: a database is in the tuning part when the first byte of the
 * SHA-256 of its id is even, else held out. Weights and rules are tuned on the tuning part only;
 * the held-out part (10 of the 20 dev databases, 580 of the 1,034 questions) says whether they generalise.
 */
export function spiderPart(dbId: string): SpiderPart {
  return crypto.createHash('sha256').update(dbId).digest()[0]! % 2 === 0 ? 'tune' : 'heldout';
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

/** Read a SQLite file back through AskDB's own SQLite driver (its bulk catalog), as the server does. */
export async function readCatalog(file: string): Promise<Catalog> {
  const driver = await driverFor('SQLITE');
  const conn = await driver.connect({ alias: 'spider', type: 'SQLITE', filePath: file });
  try {
    return catalogFromDriver(await conn.metadata.catalog({}));
  } finally {
    await conn.close();
  }
}
