/**
 * Schema linking on the Spider dev set (1,034 questions over 20 of its 166 databases).
 *
 * 1. Per database: each of the 166 schemas is built as real SQLite tables (keys included) in a
 *    temp dir and read back through AskDB's SQLite driver (its bulk catalog); every question is linked against its own
 *    database. Reported: share of questions whose gold tables are ALL in the top 3 / top 5.
 * 2. Merged: all 166 databases in one 876-table SQLite schema, each table prefixed with its
 *    database name (`concert_singer__singer`); target: all gold tables in the top 10 for ≥ 95%.
 *
 * Baseline in the same run: naive substring matching (a table scores one point per word of its
 * name found in the lower-cased question; ties keep catalog order). Ratio = our recall / the
 * baseline's. Prompt size: tokens of the whole NL_2_SQL prompt with our schema slice, against
 * the same prompt carrying the whole schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPrompt, buildSchemaIndex, catalogFromDriver, estimateTokens, rankTables, renderSchema, splitWords,
  type Catalog, type LinkWeights, type SchemaIndex,
} from '@askdb/ai';
import { driverFor } from '@askdb/drivers';
import { median, type BenchLine } from './lib.js';
import { buildSqlite, createStatements, goldTableIds, loadSpider, type SpiderDb } from './ai-spider.js';

export interface Case {
  question: string;
  gold: string[];
  catalog: Catalog;
  index: SchemaIndex;
}

export interface Setup {
  perDb: Case[];
  merged: Case[];
  mergedCatalog: Catalog;
  tableCount: number;
  dbCount: number;
}

export const MERGED_SEPARATOR = '__';

/** Read a SQLite file back through AskDB's own SQLite driver (its bulk catalog), as the server does. */
async function readCatalog(file: string): Promise<Catalog> {
  const driver = await driverFor('SQLITE');
  const conn = await driver.connect({ alias: 'spider', type: 'SQLITE', filePath: file });
  try {
    return catalogFromDriver(await conn.metadata.catalog({}));
  } finally {
    await conn.close();
  }
}

export async function setup(): Promise<Setup> {
  const { dbs, questions } = loadSpider();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-spider-'));
  try {
    const catalogs = new Map<string, Catalog>();
    for (const db of dbs) {
      const file = path.join(dir, `${db.db_id}.sqlite`);
      buildSqlite(file, createStatements(db));
      catalogs.set(db.db_id, await readCatalog(file));
    }
    const mergedFile = path.join(dir, 'merged.sqlite');
    buildSqlite(mergedFile, dbs.flatMap((db) => createStatements(db, db.db_id + MERGED_SEPARATOR)));
    const mergedCatalog = await readCatalog(mergedFile);
    const byId = new Map<string, SpiderDb>(dbs.map((d) => [d.db_id, d]));
    const indexes = new Map([...catalogs].map(([id, c]) => [id, buildSchemaIndex(c)]));
    const mergedIndex = buildSchemaIndex(mergedCatalog);
    const perDb: Case[] = [];
    const merged: Case[] = [];
    for (const q of questions) {
      const db = byId.get(q.db_id)!;
      const gold = [...goldTableIds(q.sql)].map((i) => db.table_names_original[i]!);
      perDb.push({ question: q.question, gold, catalog: catalogs.get(q.db_id)!, index: indexes.get(q.db_id)! });
      merged.push({ question: q.question, gold: gold.map((t) => q.db_id + MERGED_SEPARATOR + t), catalog: mergedCatalog, index: mergedIndex });
    }
    return { perDb, merged, mergedCatalog, tableCount: mergedCatalog.tables.length, dbCount: dbs.length };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Naive baseline: one point per table-name word found as a substring of the question. */
export function substringRanking(c: Case): string[] {
  const text = c.question.toLowerCase();
  return c.catalog.tables
    .map((t, i) => ({ name: t.name, i, s: splitWords(t.name).filter((w) => text.includes(w)).length }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((t) => t.name);
}

export function ourRanking(c: Case, weights?: Partial<LinkWeights>): string[] {
  return rankTables(c.index, c.question, { weights, limit: c.catalog.tables.length }).map((t) => t.tableName);
}

const lower = (s: string) => s.toLowerCase();
export function allIn(gold: string[], ranked: string[], k: number): boolean {
  const top = new Set(ranked.slice(0, k).map(lower));
  return gold.every((g) => top.has(lower(g)));
}

export function recall(cases: Case[], rank: (c: Case) => string[], ks: number[]): Record<number, number> {
  const hits: Record<number, number> = Object.fromEntries(ks.map((k) => [k, 0]));
  for (const c of cases) {
    const r = rank(c);
    for (const k of ks) if (allIn(c.gold, r, k)) hits[k]!++;
  }
  return Object.fromEntries(ks.map((k) => [k, hits[k]! / cases.length]));
}

function promptTokens(c: Case, schemaText: string): number {
  const msgs = buildPrompt({ questionType: 'NL_2_SQL', input: c.question, uiLanguage: 'en-US', dialect: 'SQLite', schema: schemaText });
  return estimateTokens(msgs.map((m) => m.content).join('\n'));
}

/** Median prompt tokens with our slice vs the whole schema, the share of questions whose gold tables all made it into the slice, and linking time. */
function promptFigures(cases: Case[]) {
  const ours: number[] = [];
  const whole: number[] = [];
  const ms: number[] = [];
  let inPrompt = 0;
  const wholeText = new Map<Catalog, string>();
  for (const c of cases) {
    const t0 = performance.now();
    const ranked = rankTables(c.index, c.question);
    const slice = renderSchema(c.catalog, ranked, { privacy: 'SCHEMA_ONLY' });
    ms.push(performance.now() - t0);
    if (allIn(c.gold, slice.tables, slice.tables.length)) inPrompt++;
    ours.push(promptTokens(c, slice.text));
    let all = wholeText.get(c.catalog);
    if (all === undefined) {
      all = renderSchema(c.catalog, c.catalog.tables.map((t) => ({ tableName: t.name, score: 0, matched: true, columns: t.columns.map((x) => x.name) })), {
        privacy: 'SCHEMA_ONLY', tokenBudget: Number.MAX_SAFE_INTEGER, maxTables: Number.MAX_SAFE_INTEGER,
      }).text;
      wholeText.set(c.catalog, all);
    }
    whole.push(promptTokens(c, all));
  }
  return { ours: median(ours), whole: median(whole), inPrompt: inPrompt / cases.length, ms: median(ms) };
}

const pct = (x: number) => Math.round(x * 1000) / 10;

export default async function run(): Promise<BenchLine[]> {
  const s = await setup();
  const lines: BenchLine[] = [];
  const perOurs = recall(s.perDb, (c) => ourRanking(c), [3, 5]);
  const perBase = recall(s.perDb, substringRanking, [3, 5]);
  const perPrompt = promptFigures(s.perDb);
  for (const k of [3, 5]) {
    lines.push({
      name: `ai schema link, Spider dev per database (${s.perDb.length} questions): all gold tables in top ${k}`,
      unit: '% of questions', median: pct(perOurs[k]!), baselineName: 'substring match of table-name words', baselineMedian: pct(perBase[k]!),
      ratio: perOurs[k]! / perBase[k]!,
    });
  }
  lines.push({
    name: 'ai schema link, Spider dev per database: NL_2_SQL prompt size', unit: 'tokens', median: perPrompt.ours,
    baselineName: 'whole schema in the prompt', baselineMedian: perPrompt.whole,
    extra: { goldTablesInSlice: `${pct(perPrompt.inPrompt)}%`, linkMsMedian: perPrompt.ms.toFixed(2) },
  });

  const mOurs = recall(s.merged, (c) => ourRanking(c), [3, 5, 10]);
  const mBase = recall(s.merged, substringRanking, [3, 5, 10]);
  const mPrompt = promptFigures(s.merged);
  lines.push({
    name: `ai schema link, Spider merged ${s.tableCount}-table schema (${s.dbCount} databases): all gold tables in top 10`,
    unit: '% of questions', median: pct(mOurs[10]!), baselineName: 'substring match of table-name words', baselineMedian: pct(mBase[10]!),
    ratio: mOurs[10]! / mBase[10]!, target: '>= 95%',
    extra: { top3: `${pct(mOurs[3]!)}%`, top5: `${pct(mOurs[5]!)}%`, baselineTop3: `${pct(mBase[3]!)}%`, baselineTop5: `${pct(mBase[5]!)}%` },
  });
  lines.push({
    name: `ai schema link, Spider merged ${s.tableCount}-table schema: NL_2_SQL prompt size`, unit: 'tokens', median: mPrompt.ours,
    baselineName: 'whole schema in the prompt', baselineMedian: mPrompt.whole,
    extra: { goldTablesInSlice: `${pct(mPrompt.inPrompt)}%`, linkMsMedian: mPrompt.ms.toFixed(2) },
  });
  return lines;
}
