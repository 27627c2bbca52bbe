/**
 * The stored false-error corpus (statements the real databases accepted, see build-corpus.ts) and the
 * measure of how many of them our parser flags with a syntax marker.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { dialectFor } from '../../src/dialects/registry.js';
import { parseSql } from '../../src/parser/parse-script.js';

export type CorpusDialect = 'postgresql' | 'mysql';

export interface Corpus {
  dialect: CorpusDialect;
  oracle: string;
  server: string;
  sources: string[];
  /** [index into sources, statement]: accepted by the server */
  statements: [number, string][];
  /** A sample the server refused with a syntax error. */
  rejected: [number, string][];
}

/** The share of accepted statements the parser may flag (issue 19, point 6). */
export const FALSE_ERROR_TARGET: Record<CorpusDialect, number> = { postgresql: 0.01, mysql: 0.02 };
const DATABASE_TYPE: Record<CorpusDialect, string> = { postgresql: 'POSTGRESQL', mysql: 'MARIADB' };

export function loadCorpus(dialect: CorpusDialect, dir = path.dirname(new URL(import.meta.url).pathname)): Corpus {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${dialect}.json.gz`))).toString('utf8')) as Corpus;
}

export interface Flagged {
  source: string;
  sql: string;
  message: string;
  /** 1-based line and column of the marker in the statement. */
  line: number;
  column: number;
}

/** Accepted statements the parser marks as syntax errors (no schema bound: syntax only). */
export function falseErrors(corpus: Corpus): Flagged[] {
  return flagged(corpus, corpus.statements);
}

/** Refused statements the parser marks too (how many real errors it still catches). */
export function caughtErrors(corpus: Corpus): Flagged[] {
  return flagged(corpus, corpus.rejected);
}

function flagged(corpus: Corpus, list: [number, string][]): Flagged[] {
  const dialect = dialectFor(DATABASE_TYPE[corpus.dialect]);
  const out: Flagged[] = [];
  for (const [src, sql] of list) {
    const r = parseSql(sql, dialect);
    const m = r.markMessageList[0];
    if (m || r.sqlStatementList.some((s) => s.statementType === 'invalid')) {
      out.push({ source: corpus.sources[src]!, sql, message: m?.message ?? 'invalid', line: m?.startLineNum ?? 1, column: m?.startColNum ?? 1 });
    }
  }
  return out;
}
